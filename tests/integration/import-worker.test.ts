/**
 * Import files read on the bounded reading thread (issue 36 item 6): the probe's files — a cell nesting
 * 2,000,000 cells, 14 million shared strings — are refused with their codes while /api/health goes on
 * answering, the server's memory stays within the reading thread's bound, and encrypted files, zips
 * of too many parts and file names with a NUL are refused. DuckDB; PostgreSQL when HM_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDetail, DocumentListPage } from '../../engine/document/wire';
import { headingsFromStrings, manyStrings, nestedSheet, rawXlsx, sheetOf } from '../../server/documents/xlsx-fixtures';
import { MAX_ENTRIES } from '../../server/documents/zip-directory';
import { bearer, login, startTestServer, type TestServer } from './server';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const IMPORT_URL = '/api/import/stock_adjustment_item';
/** the reading thread's heap in this suite (the default is 256) */
const MEMORY_MB = 96;

let s: TestServer;
let work: string;
let token: string;
let no: string;
let sku: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'hm-import-worker-'));
  // read when the import routes are registered; put back at once (integration files share the process)
  process.env.HM_IMPORT_MEMORY_MB = String(MEMORY_MB);
  try {
    s = await startTestServer();
  } finally {
    delete process.env.HM_IMPORT_MEMORY_MB;
  }
  token = (await login(s.app, 'store01', 'HMD', '10139')).token;
  const page = (await s.app.inject({ method: 'GET', url: '/api/documents/stock-adjustment?page_size=100&status=0', headers: bearer(token) })).json().data as DocumentListPage;
  no = String(page.list[0].adjust_no);
  const [row] = await s.testDb.db.query<{ sku_no: string }>(
    "SELECT k.sku_no FROM stock k JOIN account a ON a.tenant_id = k.tenant_id AND a.org_code = k.org_code WHERE a.tenant_id = 10139 AND a.username = 'store01' ORDER BY k.sku_no LIMIT 1",
    [],
  );
  sku = row.sku_no;
}, 180_000);
afterAll(async () => {
  await s?.close();
  rmSync(work, { recursive: true, force: true });
});

function upload(content: Buffer, name = 'a.xlsx') {
  const boundary = '----hmimport' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="no"\r\n\r\n${no}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${XLSX_TYPE}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return s.app.inject({ method: 'POST', url: IMPORT_URL, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) } });
}

const lines = async () =>
  ((await s.app.inject({ method: 'GET', url: `/api/documents/stock-adjustment/${no}`, headers: bearer(token) })).json().data as DocumentDetail).lines.length;

/** The upload's answer once its work has ended: a started import's job is waited for (the read ran in the job before). */
async function imported(content: Buffer) {
  const res = await upload(content);
  if (res.statusCode === 200) await s.app.jobs.waitFor((res.json().data as { job_id: string }).job_id, 170_000);
  return res;
}

const xlsx = (parts: Parameters<typeof rawXlsx>[1]) => rawXlsx(join(work, `f${Math.random().toString(16).slice(2)}.xlsx`), parts);

/**
 * `work` under watch: /api/health is called one after another from the start until `work` has ended
 * and at least `minMs` have passed (a stall after the answer, as a job on the main thread made, is
 * seen too); each call's time and the server's peak RSS growth come back with the work's result.
 */
async function watched<T>(work: () => Promise<T>, minMs: number): Promise<{ result: T; health: number[]; rssGrowthMb: number }> {
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = Date.now();
  let done = false;
  const running = work().finally(() => (done = true));
  const health: number[] = [];
  while (!done || Date.now() - started < minMs) {
    const t = performance.now();
    const res = await s.app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - t);
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
  }
  clearInterval(sampler);
  return { result: await running, health, rssGrowthMb: (peak - baseline) / 1e6 };
}

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)];

/** What the reading thread may add to the process: its heap, its young generation, the thread and its loaded code, and slack. */
const RSS_BOUND_MB = MEMORY_MB + MEMORY_MB / 4 + 250;

describe('import files read on the bounded reading thread', () => {
  it('a sheet nesting 2,000,000 cells (a 40 kB file) is refused 400 XML_TOO_DEEP; /api/health answers throughout, RSS stays within the bound', async () => {
    const content = await xlsx({ sheet: nestedSheet(2_000_000) });
    expect(content.length).toBeLessThan(64_000);
    const before = await lines();
    const { result, health, rssGrowthMb } = await watched(() => imported(content), 3000);
    expect(result.statusCode, result.body).toBe(400);
    expect(result.json()).toMatchObject({ code: 'XML_TOO_DEEP', message: expect.stringContaining('嵌套超过') });
    expect(health.length).toBeGreaterThan(0);
    // generous: a loaded 2-core machine; the stall this guards against took 20–38 s per call
    expect(Math.max(...health)).toBeLessThan(1000);
    // read on the API's thread this file took some 650 MB
    expect(rssGrowthMb).toBeLessThan(RSS_BOUND_MB);
    expect(await lines()).toBe(before);
  }, 120_000);

  it('four uploads of 14 million shared strings are refused 400 TOO_MANY_SHARED_STRINGS; RSS stays within the bound', async () => {
    const content = await xlsx({ sheet: headingsFromStrings, sharedStrings: manyStrings(14_000_000) });
    expect(content.length).toBeLessThan(2 << 20);
    const { result, health, rssGrowthMb } = await watched(() => Promise.all([0, 1, 2, 3].map(() => imported(content))), 3000);
    for (const r of result) expect(r.json(), r.body).toMatchObject({ code: 'TOO_MANY_SHARED_STRINGS' });
    expect(result.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect(Math.max(...health)).toBeLessThan(1000);
    expect(rssGrowthMb).toBeLessThan(RSS_BOUND_MB);
  }, 180_000);

  it('a file that passes every count but fills the reading heap is stopped 422 IMPORT_TOO_LARGE; RSS stays within the bound, health answers', async () => {
    // 150,000 texts of 1,500 characters: 225 MB kept, under the 256 MB inflate bound, past the thread's heap
    const content = await xlsx({ sheet: headingsFromStrings, sharedStrings: manyStrings(150_000, 'x'.repeat(1500)) });
    const { result, health, rssGrowthMb } = await watched(() => imported(content), 0);
    expect(result.statusCode, result.body).toBe(422);
    expect(result.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: expect.stringMatching(/^读取文件超出内存限制/) });
    expect(Math.max(...health)).toBeLessThan(1000);
    expect(rssGrowthMb).toBeLessThan(RSS_BOUND_MB);
    console.log(`health during a heavy import: ${health.length} calls, p95 ${p95(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms; RSS +${rssGrowthMb.toFixed(0)} MB`);
  }, 180_000);

  it('an encrypted xlsx (an OLE container with an EncryptedPackage) is refused 400 FILE_ENCRYPTED', async () => {
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('EncryptionInfo', 'utf16le').copy(ole, 1024);
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 1152);
    const res = await upload(ole, '加密.xlsx');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_ENCRYPTED', message: '文件已加密，请在Excel中取消密码保护后再导入' });
    // the same container without the encrypted package is an old xls, refused as before
    const plain = Buffer.alloc(4096);
    ole.copy(plain, 0, 0, 8);
    expect((await upload(plain, 'old.xls')).json()).toMatchObject({ code: 'XLS_NOT_READABLE' });
  });

  it('a zip of more parts than a workbook has is refused 400 ZIP_TOO_MANY_ENTRIES', async () => {
    const content = await xlsx({ sheet: sheetOf([['商品编码', '调整数量']]), extra: Array.from({ length: MAX_ENTRIES }, (_, i) => `xl/extra${i}.xml`) });
    const res = await upload(content);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ZIP_TOO_MANY_ENTRIES' });
  });

  it('a NUL character in a cell is refused 400 NUL_IN_FILE; a NUL in the file name 400 NUL_CHARACTER', async () => {
    const before = await lines();
    const nul = await upload(await xlsx({ sheet: sheetOf([['商品编码', '调整数量'], [`${sku}&#0;`, '1']]) }));
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'NUL_IN_FILE', message: '文件中含有空字符（\\0），请在Excel中删除后再导入' });
    const named = await upload(await xlsx({ sheet: sheetOf([['商品编码', '调整数量'], [sku, '1']]) }), 'a\0b.xlsx');
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json()).toMatchObject({ code: 'NUL_CHARACTER' });
    expect(await lines()).toBe(before);
  });

  it('a good file read on the thread is imported by its job', async () => {
    const before = await lines();
    const res = await upload(await xlsx({ sheet: sheetOf([['商品编码', '调整数量', '成本价'], [sku, '2', '1.5']]) }));
    expect(res.statusCode, res.body).toBe(200);
    const jobId = (res.json().data as { job_id: string }).job_id;
    await s.app.jobs.waitFor(jobId, 60_000);
    const job = (await s.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: bearer(token) })).json().data;
    expect(job).toMatchObject({ status: 'done', row_count: 1, error: null });
    expect(await lines()).toBe(before + 1);
  });
});
