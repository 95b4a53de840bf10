/**
 * File handling: imports stream their rows and stop at the document's line limit, attachments and
 * import uploads live in the shared files folder and a killed import's upload is removed at the next
 * start, concurrent uploads keep the attachment limit and attachments are served sandboxed. DuckDB;
 * PostgreSQL when HM_DATABASE_URL is set.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished as written } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_LINES } from '../../engine/document/limits';
import type { AttachmentList, DocumentAttachment, DocumentDetail, DocumentListPage } from '../../engine/document/wire';
import { buildServer } from '../../server/app';
import { workFileName } from '../../server/documents/files';
import { IMPORT_UPLOAD_MESSAGES } from '../../server/documents/import-routes';
import { ZipWriter } from '../../server/export/zip';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today } from '../../server/clock';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

let s: TestServer;
let work: string;
let dataA: string;
let dataB: string;
let files: string;
/** a second instance: same database, same shared files folder, its own data folder */
let other: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hm-bounded-'));
  [dataA, dataB, files] = ['a', 'b', 'files'].map((d) => join(work, d));
  for (const d of [dataA, dataB, files]) mkdirSync(d);
  s = await startTestServer({ db: { dataDir: dataA }, filesDir: files, instanceId: 'app-a' });
  other = await buildServer({ db: s.testDb.db, config: { staticDir: '/nonexistent', db: { dataDir: dataB }, filesDir: files, instanceId: 'app-b' } });
  await other.ready();
  tokens.admin = (await login(s.app, 'admin', 'HMT', '10139')).token;
  tokens.store = (await login(s.app, 'store01', 'HMD', '10139')).token;
}, 180_000);
afterAll(async () => {
  await other?.close();
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', url: string, who: string, app: FastifyInstance = s.app) => app.inject({ method, url, headers: bearer(tokens[who]) });
const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;

function multipart(file: { name: string; type: string; content: Buffer }, fields: Record<string, string> = {}) {
  const boundary = '----hmbounded' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const send = (url: string, who: string, file: { name: string; type: string; content: Buffer }, fields?: Record<string, string>) => {
  const body = multipart(file, fields);
  return s.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(tokens[who]) } });
};

/** A draft of the type visible to `who` (the seed has one; the tests share it). */
async function draft(type: string, who: string): Promise<string> {
  const page = data<DocumentListPage>(await call('GET', `/api/documents/${type}?page_size=100&status=0`, who));
  const noColumn = type === 'purchase-receipt' ? 'receive_no' : type === 'stock-adjustment' ? 'adjust_no' : 'issue_no';
  expect(page.list.length).toBeGreaterThan(0);
  return String(page.list[0][noColumn]);
}

describe('attachments: shared files folder, the limit under concurrency, sandboxed', () => {
  it('an attachment uploaded through one instance is stored in the shared folder and served by the other', async () => {
    const no = await draft('purchase-receipt', 'admin');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const res = await send(url, 'admin', { name: '照片.png', type: 'image/png', content: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const att = data<DocumentAttachment>(res);
    expect(readdirSync(join(files, 'documents', '10139', 'attachments'))).toContain(`${att.id}.png`);
    expect(existsSync(join(dataA, 'documents'))).toBe(false);
    const served = await call('GET', att.url, 'admin', other);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('attachments are served with the sandboxing policy uploads get', async () => {
    const no = await draft('purchase-receipt', 'admin');
    const att = data<DocumentAttachment>(await send(`/api/documents/purchase-receipt/${no}/attachments`, 'admin', { name: 'a.png', type: 'image/png', content: PNG }));
    const res = await call('GET', att.url, 'admin');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; media-src 'self'; sandbox; frame-ancestors 'none'");
  });

  it('twenty concurrent uploads to one document store exactly the limit (5); the rest are refused with a message', async () => {
    const no = await draft('purchase-receipt', 'admin');
    const url = `/api/documents/purchase-receipt/${no}/attachments`;
    const before = data<AttachmentList>(await call('GET', url, 'admin')).list.length;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(url, 'admin', { name: `p${i}.png`, type: 'image/png', content: PNG })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5 - before);
    expect(codes.every((c) => c === 200 || c === 400)).toBe(true);
    expect(answers.find((a) => a.statusCode === 400)!.json().message).toBe('最多上传5个附件');
    expect(data<AttachmentList>(await call('GET', url, 'admin')).list).toHaveLength(5);
    // refused files leave nothing on disk: the stored files are the five listed (plus other documents')
    const [{ n }] = await s.testDb.db.query<{ n: number }>('SELECT count(*) AS n FROM document_attachment WHERE tenant_id = 10139', []);
    expect(readdirSync(join(files, 'documents', '10139', 'attachments'))).toHaveLength(Number(n));
  });
});

describe('imports: streamed, stopped at the line limit, uploads cleaned up', () => {
  const importUrl = '/api/import/stock_adjustment_item';
  let sku: string;
  beforeAll(async () => {
    const [row] = await s.testDb.db.query<{ sku_no: string }>(
      "SELECT k.sku_no FROM stock k JOIN account a ON a.tenant_id = k.tenant_id AND a.org_code = k.org_code WHERE a.tenant_id = 10139 AND a.username = 'store01' ORDER BY k.sku_no LIMIT 1",
      [],
    );
    sku = row.sku_no;
  });

  /** An xlsx of the template's columns and `rows` data rows, written as a stream to a temporary file. */
  async function bigSheet(rows: number): Promise<Buffer> {
    const path = join(work, `rows-${rows}.xlsx`);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet('导入');
    ws.addRow(['商品编码', '批次号', '调整数量', '成本价']).commit();
    for (let i = 0; i < rows; i++) ws.addRow([sku, '', 1, 1.5]).commit();
    ws.commit();
    await wb.commit();
    const content = readFileSync(path);
    rmSync(path);
    return content;
  }

  const finished = async (jobId: string) => {
    await s.app.jobs.waitFor(jobId, 120_000);
    return data<{ status: string; row_count: number; error: string | null }>(await call('GET', `/api/jobs/${jobId}`, 'store'));
  };
  const lines = async (no: string) => data<DocumentDetail>(await call('GET', `/api/documents/stock-adjustment/${no}`, 'store')).lines.length;

  it('a file with more rows than the document can take adds nothing and says how many it may add', async () => {
    const no = await draft('stock-adjustment', 'store');
    const existing = await lines(no);
    const started = await send(importUrl, 'store', { name: 'a.xlsx', type: XLSX_TYPE, content: await bigSheet(MAX_DOCUMENT_LINES - existing + 1) }, { no });
    expect(started.statusCode, started.body).toBe(200);
    const job = await finished(data<{ job_id: string }>(started).job_id);
    expect(job.row_count).toBe(0);
    expect(job.error).toBe(
      existing > 0
        ? `单据最多${MAX_DOCUMENT_LINES}行，已有${existing}行，本次最多导入${MAX_DOCUMENT_LINES - existing}行，请分单导入`
        : `导入文件超过${MAX_DOCUMENT_LINES}行，单据最多${MAX_DOCUMENT_LINES}行，请分单导入`,
    );
    expect(await lines(no)).toBe(existing);
    // exactly up to the limit is imported
    const fits = await send(importUrl, 'store', { name: 'b.xlsx', type: XLSX_TYPE, content: await bigSheet(MAX_DOCUMENT_LINES - existing) }, { no });
    expect(await finished(data<{ job_id: string }>(fits).job_id)).toMatchObject({ row_count: MAX_DOCUMENT_LINES - existing, error: null });
    expect(await lines(no)).toBe(MAX_DOCUMENT_LINES);
  }, 180_000);

  it('six concurrent imports into one draft keep every line (each appends to the lines as the one before left them)', async () => {
    // a draft of its own: the shared seeded one is filled to the limit by the test before
    const reason = (await s.testDb.db.query<{ r: string }>('SELECT reason_code AS r FROM adjustment_reason WHERE tenant_id = 10139 ORDER BY reason_code LIMIT 1', []))[0].r;
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/documents/stock-adjustment',
      headers: bearer(tokens.store),
      payload: { header: { direction: '1', reason_code: reason, adjust_time: `${today()} 08:00:00` }, lines: [{ sku_no: sku, qty: 1, cost_price: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const no = data<DocumentDetail>(created).no;
    const existing = await lines(no);
    const sheet = await bigSheet(2);
    const started = await Promise.all(Array.from({ length: 6 }, (_, i) => send(importUrl, 'store', { name: `c${i}.xlsx`, type: XLSX_TYPE, content: sheet }, { no })));
    const jobs = await Promise.all(started.map((r) => finished(data<{ job_id: string }>(r).job_id)));
    expect(jobs.map((j) => [j.row_count, j.error])).toEqual(Array(6).fill([2, null]));
    expect(await lines(no)).toBe(existing + 12);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/documents/stock-adjustment/${no}`, headers: bearer(tokens.store) })).statusCode).toBe(200);
  }, 180_000);

  it('a zip bomb (a few hundred kilobytes inflating past 256 MB) is refused before any reader opens it: 400, no job, no lines, no upload left', async () => {
    const no = await draft('stock-adjustment', 'store');
    const existing = await lines(no);
    const path = join(work, 'bomb.xlsx');
    const file = createWriteStream(path);
    const done = written(file);
    const zip = new ZipWriter(file);
    const sheet = zip.stream('xl/worksheets/sheet1.xml', 9);
    const block = Buffer.alloc(1 << 20, 0x20);
    for (let i = 0; i < 260; i++) await sheet.write(block);
    await sheet.end();
    await zip.finish();
    file.end();
    await done;
    const content = readFileSync(path);
    rmSync(path);
    expect(content.length).toBeLessThan(1 << 20);
    const jobs = async () => data<{ total: number }>(await call('GET', '/api/jobs?page_num=1&page_size=10', 'store')).total;
    const uploads = () => readdirSync(s.app.config.filesDir, { recursive: true }).map(String).filter((f) => f.includes('upload'));
    const jobsBefore = await jobs();
    const uploadsBefore = uploads();
    const refused = await send(importUrl, 'store', { name: 'bomb.xlsx', type: XLSX_TYPE, content }, { no });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'FILE_INFLATES_TOO_LARGE', message: IMPORT_UPLOAD_MESSAGES.inflatesTooLarge });
    expect(await jobs()).toBe(jobsBefore);
    expect(await lines(no)).toBe(existing);
    expect(uploads()).toEqual(uploadsBefore);
  }, 120_000);

  it('a sheet of 300,000 rows is read as a stream: refused with the limit message, memory stays flat, the API answers', async () => {
    const no = await draft('stock-adjustment', 'store');
    const before = await lines(no);
    const content = await bigSheet(300_000);
    globalThis.gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 25);
    const started = await send(importUrl, 'store', { name: 'big.xlsx', type: XLSX_TYPE, content }, { no });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = data<{ job_id: string }>(started).job_id;
    let healthy = 0;
    // the health checks start with the job (queued or running) and go on until it has ended
    const health = (async () => {
      do {
        if ((await s.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) healthy++;
        await new Promise((r) => setTimeout(r, 50));
      } while (['queued', 'running'].includes((await call('GET', `/api/jobs/${jobId}`, 'store')).json().data.status));
    })();
    const job = await finished(jobId);
    await health;
    clearInterval(sampler);
    expect(job.error).toMatch(new RegExp(`单据最多${MAX_DOCUMENT_LINES}行`));
    expect(await lines(no)).toBe(before);
    // the whole workbook held in memory takes gigabytes (1,040,000 rows ran the heap out); rows beyond
    // the limit are never kept, so the heap grows by the stream's passing garbage only
    expect((peak - baseline) / 1e6).toBeLessThan(400);
    expect(healthy).toBeGreaterThan(0);
    // the upload is gone once the job ended
    expect(readdirSync(join(files, 'documents', '10139', 'imports')).filter((f) => f.endsWith('.upload'))).toEqual([]);
  }, 300_000);

  it('at start an instance removes the uploads its killed run left, and anyone\'s a day old; a live instance\'s stay', async () => {
    const dir = join(files, 'documents', '10139', 'imports');
    mkdirSync(dir, { recursive: true });
    const mine = join(dir, workFileName('app-b', 'upload'));
    const oldForeign = join(dir, workFileName('app-c', 'upload'));
    const liveForeign = join(dir, workFileName('app-a', 'upload'));
    for (const f of [mine, oldForeign, liveForeign]) writeFileSync(f, 'partial');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(oldForeign, twoDaysAgo, twoDaysAgo);
    const restarted = await buildServer({ db: s.testDb.db, config: { staticDir: '/nonexistent', db: { dataDir: dataB }, filesDir: files, instanceId: 'app-b' } });
    await restarted.ready();
    await restarted.close();
    expect([mine, oldForeign, liveForeign].map((f) => existsSync(f))).toEqual([false, false, true]);
    rmSync(liveForeign);
  });
});
