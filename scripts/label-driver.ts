/**
 * Reference label driver: the driver's side of price-label printing on 127.0.0.1:7097, so the flow
 * can be tried and tested without a label printer. `npm run label-driver` (LABEL_DRIVER_PORT,
 * LABEL_DRIVER_OUT override the port and the output folder).
 *
 *   GET  /status      → {"ok":true,"driver":"hm-reference"}  (the frame checks the driver answers)
 *   POST /print       label XML (engine/print/label.ts) → renders every record as one label page of a
 *                       PDF in the output folder, answers {"ok":true,"records":n,"file":…}
 *   GET  /jobs/last   → the last job's records and file (for tests and for a look)
 *
 * A label template is `<label w="60" h="40">` (millimetres) with optional
 * `<text x="2" y="2" size="9">{sku_name}</text>` items; without items a standard layout is used.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLabelXml, type LabelRecord } from '../engine/print/label';
import { newPdf } from '../server/print/pdf';

const MM = 72 / 25.4;
const MAX_BODY = 6 * 1024 * 1024;

interface LabelItem {
  x: number;
  y: number;
  size: number;
  text: string;
}

export interface DriverJob {
  records: LabelRecord[];
  file: string;
  received_at: string;
}

function labelLayout(template: string): { w: number; h: number; items: LabelItem[] } {
  const attr = (src: string, name: string, fallback: number) => Number(new RegExp(`${name}="([\\d.]+)"`).exec(src)?.[1] ?? fallback);
  const head = /<label\b[^>]*>/.exec(template)?.[0] ?? '';
  const items = [...template.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map((m) => ({
    x: attr(m[1], 'x', 2),
    y: attr(m[1], 'y', 2),
    size: attr(m[1], 'size', 9),
    text: m[2],
  }));
  return { w: attr(head, 'w', 60), h: attr(head, 'h', 40), items };
}

const STANDARD: LabelItem[] = [
  { x: 3, y: 3, size: 10, text: '{sku_name}' },
  { x: 3, y: 11, size: 7, text: '规格：{specification}  单位：{sale_unit_text}' },
  { x: 3, y: 16, size: 7, text: '产地：{birthplace}  品牌：{brand}' },
  { x: 3, y: 22, size: 16, text: '¥{selling_price}' },
  { x: 3, y: 32, size: 7, text: '{barcode}  {sku_no}' },
];

export async function renderLabels(template: string, records: LabelRecord[]): Promise<Buffer> {
  const layout = labelLayout(template);
  const items = layout.items.length ? layout.items : STANDARD;
  const { doc, done } = newPdf({ size: [layout.w * MM, layout.h * MM], margin: 0, autoFirstPage: false });
  for (const r of records) {
    doc.addPage({ size: [layout.w * MM, layout.h * MM], margin: 0 });
    for (const it of items) {
      const text = it.text.replace(/\{([a-z_]+)\}/g, (_, f: string) => (r as Record<string, string>)[f] ?? '');
      doc.fontSize(it.size).text(text, it.x * MM, it.y * MM, { width: (layout.w - it.x - 1) * MM, lineBreak: false, ellipsis: true });
    }
  }
  doc.end();
  return done;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    // the page in the hidden frame is served by the back-office, another origin
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
  });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        fail(new Error('label data too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

export function startLabelDriver(opts: { port?: number; host?: string; outDir?: string } = {}): Promise<{ server: Server; jobs: DriverJob[] }> {
  const outDir = resolve(opts.outDir ?? join('data', 'labels'));
  mkdirSync(outDir, { recursive: true });
  const jobs: DriverJob[] = [];
  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') return send(res, 204, {});
      if (req.method === 'GET' && req.url === '/status') return send(res, 200, { ok: true, driver: 'hm-reference' });
      if (req.method === 'GET' && req.url === '/jobs/last') return send(res, jobs.length ? 200 : 404, jobs.at(-1) ?? { ok: false });
      if (req.method === 'POST' && req.url === '/print') {
        const { template, records } = parseLabelXml(await readBody(req));
        if (!records.length) return send(res, 400, { ok: false, message: '没有可打印的价签' });
        const file = join(outDir, `labels-${Date.now()}.pdf`);
        writeFileSync(file, await renderLabels(template, records));
        jobs.push({ records, file, received_at: new Date().toISOString() });
        return send(res, 200, { ok: true, records: records.length, file });
      }
      return send(res, 404, { ok: false });
    } catch (err) {
      return send(res, 400, { ok: false, message: (err as Error).message });
    }
  });
  return new Promise((ok) => server.listen(opts.port ?? 7097, opts.host ?? '127.0.0.1', () => ok({ server, jobs })));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const port = Number(process.env.LABEL_DRIVER_PORT ?? 7097);
  startLabelDriver({ port, outDir: process.env.LABEL_DRIVER_OUT }).then(() => console.log(`label driver on http://127.0.0.1:${port}`));
}
