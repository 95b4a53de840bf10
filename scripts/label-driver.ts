/**
 * Reference label driver: the driver's side of price-label printing on 127.0.0.1:7097, so the flow
 * can be tried and tested without a label printer. `npm run label-driver` (LABEL_DRIVER_PORT,
 * LABEL_DRIVER_OUT override the port and the output folder).
 *
 *   GET  /status      → {"ok":true,"driver":"hm-reference"}  (the frame checks the driver answers)
 *   POST /print       label XML (engine/print/label.ts, content type text/xml) → renders every record
 *                       as one label page of a PDF in the output folder, answers {"ok":true,"records":n}
 *
 * Only the back-office's own origins may call it (label-driver-origins.ts: the app's HOST and PORT, or
 * LABEL_DRIVER_ORIGINS): any other page the user has open is refused with a message naming the origin
 * expected, and the answers carry no more than the print frame needs (no goods, no file paths). The jobs
 * are kept in memory for tests.
 *
 * A label template is `<label w="60" h="40">` (millimetres) with optional
 * `<text x="2" y="2" size="9">{sku_name}</text>` items; without items a standard layout is used.
 * A label without size, larger than MAX_LABEL_MM, or with an item outside it is refused (400).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLabelXml, type LabelRecord } from '../engine/print/label';
import { newPdf } from '../server/print/pdf';
import { driverStartLine, originRefusal, originsFromEnv } from './label-driver-origins';

const MM = 72 / 25.4;
const MAX_BODY = 6 * 1024 * 1024;
/** the largest label side, millimetres */
export const MAX_LABEL_MM = 300;
/** label pages in one print */
export const MAX_RECORDS = 5000;

export const DRIVER_MESSAGES = {
  contentType: '价签数据应为 XML（text/xml）',
  size: `价签尺寸无效：宽和高应大于0且不超过${MAX_LABEL_MM}毫米`,
  item: (text: string) => `价签内容「${text.slice(0, 20)}」的位置或字号超出价签范围`,
  tooMany: `一次最多打印${MAX_RECORDS}张价签`,
  none: '没有可打印的价签',
} as const;

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

class Refusal extends Error {}

function labelLayout(template: string): { w: number; h: number; items: LabelItem[] } {
  const attr = (src: string, name: string, fallback: number) => Number(new RegExp(`\\b${name}="([^"]*)"`).exec(src)?.[1] ?? fallback);
  const head = /<label\b[^>]*>/.exec(template)?.[0] ?? '';
  const items = [...template.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)].map((m) => ({
    x: attr(m[1], 'x', 2),
    y: attr(m[1], 'y', 2),
    size: attr(m[1], 'size', 9),
    text: m[2],
  }));
  const w = attr(head, 'w', 60);
  const h = attr(head, 'h', 40);
  const within = (v: number, max: number) => Number.isFinite(v) && v > 0 && v <= max;
  if (!within(w, MAX_LABEL_MM) || !within(h, MAX_LABEL_MM)) throw new Refusal(DRIVER_MESSAGES.size);
  // an item must start inside the label with room for a character; pdfkit never ends a line narrower than that
  for (const it of items) {
    const inside = it.x >= 0 && it.y >= 0 && it.x + 2 < w && it.y < h && within(it.size, 72) && it.size / MM < w - it.x - 1;
    if (!inside || ![it.x, it.y].every(Number.isFinite)) throw new Refusal(DRIVER_MESSAGES.item(it.text));
  }
  return { w, h, items };
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

/**
 * `cors`: the page in the hidden frame is served by the back-office, another origin: that one may call
 * ('call'); a page refused may only read why ('read': no methods or headers, so its preflight fails and
 * it never prints), so the product's frame under an unexpected address says what went wrong.
 */
function send(res: ServerResponse, status: number, body: unknown, origin: string | null, cors: 'call' | 'read'): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    vary: 'origin',
    ...(origin ? { 'access-control-allow-origin': origin } : {}),
    ...(origin && cors === 'call' ? { 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type' } : {}),
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

export function startLabelDriver(
  opts: { port?: number; host?: string; outDir?: string; origins?: readonly string[] } = {},
): Promise<{ server: Server; jobs: DriverJob[] }> {
  const outDir = resolve(opts.outDir ?? join('data', 'labels'));
  mkdirSync(outDir, { recursive: true });
  const expected = opts.origins ?? originsFromEnv();
  const origins = new Set(expected);
  const jobs: DriverJob[] = [];
  const server = createServer(async (req, res) => {
    // browsers name the calling page on every cross-origin call; a page that is not the product's gets nothing
    const origin = req.headers.origin ?? null;
    const allowed = origin !== null && origins.has(origin) ? origin : null;
    const reply = (status: number, body: unknown) => send(res, status, body, allowed, 'call');
    try {
      if (origin !== null && !allowed) return send(res, 403, { ok: false, message: originRefusal(origin, expected) }, origin, 'read');
      if (req.method === 'OPTIONS') return reply(204, {});
      if (req.method === 'GET' && req.url === '/status') return reply(200, { ok: true, driver: 'hm-reference' });
      if (req.method === 'POST' && req.url === '/print') {
        // not a type a page may send without asking first (CORS preflight)
        if (!/^(text|application)\/xml\b/.test(req.headers['content-type'] ?? '')) return reply(415, { ok: false, message: DRIVER_MESSAGES.contentType });
        const { template, records } = parseLabelXml(await readBody(req));
        if (!records.length) return reply(400, { ok: false, message: DRIVER_MESSAGES.none });
        if (records.length > MAX_RECORDS) return reply(400, { ok: false, message: DRIVER_MESSAGES.tooMany });
        const pdf = await renderLabels(template, records);
        const file = join(outDir, `labels-${Date.now()}.pdf`);
        writeFileSync(file, pdf);
        jobs.push({ records, file, received_at: new Date().toISOString() });
        return reply(200, { ok: true, records: records.length });
      }
      return reply(404, { ok: false });
    } catch (err) {
      return reply(400, { ok: false, message: err instanceof Refusal ? err.message : '价签数据无效' });
    }
  });
  return new Promise((ok) => server.listen(opts.port ?? 7097, opts.host ?? '127.0.0.1', () => ok({ server, jobs })));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const port = Number(process.env.LABEL_DRIVER_PORT ?? 7097);
  const origins = originsFromEnv();
  startLabelDriver({ port, outDir: process.env.LABEL_DRIVER_OUT, origins }).then(() => console.log(driverStartLine(port, origins)));
}
