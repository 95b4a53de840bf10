/**
 * A report's column titles follow the app's language
 * (Accept-Language, as its filter labels already do) with zh-CN the default; so do the labels inside
 * its rows (enumeration codes, the definitions' own 未分类) on the screen, in exports and in prints,
 * while the tenant's names stay as stored. A reader who leaves the AI interpretation while its figures
 * are computed closes the stream quietly, never a 500 "Premature close" in the server log.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENUMS, enumOptions, type EnumName } from '../../engine/options';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportData, ReportQuery, ReportRow, ReportTotals } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { today as businessToday } from '../../server/clock';
import { pdfText } from '../../server/print/pdf-text';
import type { Db } from '../../server/db/types';
import { bearer, login } from './server';
import { openTestDb, type TestDb } from './testdb';

let testDb: TestDb;
let app: Awaited<ReturnType<typeof buildServer>>;
let token: string;
const logLines: { level: number; msg: string; err?: { message?: string } }[] = [];
/** report scans wait this long: a test can leave while the figures are computed */
let scanDelayMs = 0;

/** The test database whose report scans can be held back. */
function slowScans(db: Db): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'scan') {
        return async (...args: Parameters<Db['scan']>) => {
          if (scanDelayMs) await new Promise((r) => setTimeout(r, scanDelayMs));
          return target.scan(...args);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  testDb = await openTestDb();
  const stream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
  app = await buildServer({ db: slowScans(testDb.db), config: { staticDir: '/nonexistent' }, logger: { level: 'warn', stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  token = (await login(app, 'admin', 'HMT')).token;
}, 180_000);
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const headers = (lang?: string) => ({ ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) });

async function configOf(lang?: string, id = 70): Promise<ReportConfig> {
  const res = await app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers: headers(lang) });
  return (res.json() as { data: ReportConfig }).data;
}

async function titleOf(query: ReportQuery, lang?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/reports/70/data', headers: headers(lang), payload: query as object });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ReportData }).data.title;
}

describe('report titles in the request language', () => {
  it('en-US gets English column titles and help texts, zh-CN (and no header) the Chinese ones, for the same kept query', async () => {
    const query = initialRequest(await configOf(), businessToday());
    const zh = await titleOf(query);
    const en = await titleOf(query, 'en-US,en;q=0.9');
    const zhAgain = await titleOf(query, 'zh-CN');
    expect(zh.map((c) => c.value)).toEqual(en.map((c) => c.value));
    expect(zhAgain).toEqual(zh);
    const sales = (cols: typeof zh) => cols.find((c) => c.value === 'sales')!;
    expect(sales(zh).label).toMatch(/[\u4e00-\u9fa5]/);
    expect(sales(en).label).toMatch(/^[\x20-\x7e]+$/);
    // every title of the English answer is English, help texts included
    for (const c of en) {
      expect(c.label, c.value).not.toMatch(/[\u4e00-\u9fa5]/);
      if (c.index_desc) expect(c.index_desc, c.value).not.toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const CHINESE = /[\u4e00-\u9fa5]/;
const labelsOf = (name: EnumName, lang: string) => new Set(enumOptions(name, lang).map((o) => o.label));

/** A report's first query over the last 30 days up to yesterday (the seed has virtual orders and receipts there). */
async function lastMonth(id: number, dimensionIds?: string): Promise<ReportQuery> {
  const today = businessToday();
  const query = initialRequest(await configOf(undefined, id), today);
  return { ...query, date_start: addDays(today, -30), date_end: addDays(today, -1), page_size: 500, ...(dimensionIds ? { dimensionIds } : {}) };
}

async function post<T>(id: number, what: 'data' | 'totals', query: ReportQuery, lang?: string): Promise<T> {
  const res = await app.inject({ method: 'POST', url: `/api/reports/${id}/${what}`, headers: headers(lang), payload: query as object });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

/** Exports the query in a language and reads the sheet back: its header row and its rows as objects by column key. */
async function exported(id: number, query: ReportQuery, lang?: string): Promise<{ file: string; header: string[]; rows: ReportRow[]; last: unknown[] }> {
  const res = await app.inject({ method: 'POST', url: `/api/reports/${id}/export`, headers: headers(lang), payload: { ...query, is_down: '1' } });
  expect(res.statusCode, res.body).toBe(200);
  const jobId = (res.json() as { data: { job_id: string } }).data.job_id;
  // the job runs on after the request: wait for it without the request's header, as the log page does
  let job = { status: 'queued', file_name: '' };
  for (let i = 0; job.status !== 'done' && job.status !== 'failed' && i < 150; i++) {
    await new Promise((r) => setTimeout(r, 200));
    job = (await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: headers() })).json().data;
  }
  expect(job.status).toBe('done');
  const file = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers: headers() });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  const keys = (await post<ReportData>(id, 'data', { ...query, page_size: 10 }, lang)).title.map((c) => c.value);
  const rows = values.slice(1, -1).map((v) => Object.fromEntries(keys.map((k, i) => [k, (v[i] ?? null) as string | number | null])));
  return { file: job.file_name, header: values[0].map(String), rows, last: values[values.length - 1] };
}

describe('labels inside report rows in the request language', () => {
  it('report 90: virtual types are English labels under en-US, Chinese without a header or under zh-CN; store names as stored', async () => {
    const query = await lastMonth(90);
    const zh = await post<ReportData>(90, 'data', query);
    const en = await post<ReportData>(90, 'data', query, 'en-US,en;q=0.9');
    expect(await post<ReportData>(90, 'data', query, 'zh-CN')).toEqual(zh);
    expect(zh.list.length).toBeGreaterThan(1);
    expect(en.total).toBe(zh.total);
    const zhTypes = zh.list.map((r) => r.virtual_type);
    const enTypes = en.list.map((r) => r.virtual_type);
    for (const t of zhTypes) expect(labelsOf('virtual_type', 'zh-CN').has(String(t)), String(t)).toBe(true);
    for (const t of enTypes) expect(labelsOf('virtual_type', 'en-US').has(String(t)), String(t)).toBe(true);
    // the same code row by row: the English label of each Chinese one
    const english = (label: unknown) => enumOptions('virtual_type', 'en-US')[ENUMS.virtual_type.findIndex((o) => o.label === label)].label;
    expect(enTypes).toEqual(zhTypes.map(english));
    // the tenant's names (stores) and every figure are the same in both answers
    const rest = (rows: ReportRow[]) => rows.map(({ virtual_type: _t, ...r }) => r);
    expect(rest(en.list)).toEqual(rest(zh.list));
    expect(en.list.some((r) => CHINESE.test(String(r.org_name)))).toBe(true);
  });

  it('report 129 by receipt type: 采购/直送 … under zh, Purchase/Direct delivery … under en-US; the totals row is the same figures', async () => {
    const query = await lastMonth(129, 'receive_type');
    const zh = await post<ReportData>(129, 'data', query);
    const en = await post<ReportData>(129, 'data', query, 'en-US');
    expect(zh.list.length).toBeGreaterThan(0);
    for (const r of zh.list) expect(labelsOf('purchase_receipt_type', 'zh').has(String(r.receive_type)), String(r.receive_type)).toBe(true);
    for (const r of en.list) expect(labelsOf('purchase_receipt_type', 'en').has(String(r.receive_type)), String(r.receive_type)).toBe(true);
    expect(en.list.map((r) => r.amount)).toEqual(zh.list.map((r) => r.amount));
    const zhTotals = await post<ReportTotals>(129, 'totals', query);
    const enTotals = await post<ReportTotals>(129, 'totals', query, 'en-US');
    expect(enTotals).toEqual(zhTotals);
    expect(zhTotals.list).toHaveLength(1);
    for (const v of Object.values(enTotals.list[0])) expect(String(v)).not.toMatch(CHINESE);
  });

  it('report 143: the definitions’ 未分类 row reads Uncategorised in English; the categories the tenant named stay as stored', async () => {
    const query = await lastMonth(143);
    const zh = await post<ReportData>(143, 'data', query);
    const en = await post<ReportData>(143, 'data', query, 'en-US');
    expect(zh.list.filter((r) => r.cate1_name === '未分类')).toHaveLength(1);
    expect(en.list.filter((r) => r.cate1_name === '未分类')).toHaveLength(0);
    expect(en.list.map((r) => r.cate1_name)).toEqual(zh.list.map((r) => (r.cate1_name === '未分类' ? 'Uncategorised' : r.cate1_name)));
  });

  it('an export made under en-US is written in English (titles and labels) though the job runs after the request; without a header in Chinese', async () => {
    const query = await lastMonth(90);
    const screen = await post<ReportData>(90, 'data', query, 'en-US');
    const en = await exported(90, query, 'en-US');
    const zh = await exported(90, query);
    const def = app.reports.catalogue.reports.get(90)!;
    expect(en.file).toBe(`${def.title.en}.xlsx`);
    expect(zh.file).toBe(`${def.title.zh}.xlsx`);
    expect(en.header).toEqual(screen.title.map((c) => c.label));
    for (const h of en.header) expect(h).not.toMatch(CHINESE);
    expect(en.rows.length).toBeGreaterThan(1);
    for (const r of en.rows) expect(labelsOf('virtual_type', 'en').has(String(r.virtual_type)), String(r.virtual_type)).toBe(true);
    expect(en.rows.map((r) => r.virtual_type)).toEqual(screen.list.map((r) => r.virtual_type));
    expect(zh.rows.map((r) => r.virtual_type)).toEqual((await post<ReportData>(90, 'data', query)).list.map((r) => r.virtual_type));
    for (const r of zh.rows) expect(labelsOf('virtual_type', 'zh').has(String(r.virtual_type))).toBe(true);
    expect(en.rows.map((r) => r.org_name)).toEqual(zh.rows.map((r) => r.org_name));
    // the totals row's own label too
    expect([en.last[0], zh.last[0]]).toEqual(['Total', '合计']);
  }, 60_000);

  it('a report printed under en-US shows its enumeration labels (stocktake results) in English', async () => {
    const today = businessToday();
    const query = { ...initialRequest(await configOf(undefined, 139), today), date_start: addDays(today, -60), date_end: today };
    const print = (lang?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reports/139/print',
        headers: headers(lang),
        payload: { table_id: 139, is_list: 1, operate_content: { list: [] }, print_json: { query }, export_type: 409, service_type: 'goods' },
      });
    const rows = (await post<ReportData>(139, 'data', query, 'en-US')).list;
    expect(rows.length).toBeGreaterThan(0);
    const [en, zh] = await Promise.all([print('en-US'), print()]);
    expect([en.statusCode, zh.statusCode]).toEqual([200, 200]);
    const enText = pdfText(en.rawPayload);
    const zhText = pdfText(zh.rawPayload);
    const used = enumOptions('stocktake_result', 'en').filter((o) => rows.some((r) => r.result === o.label));
    expect(used.length).toBeGreaterThan(0);
    for (const o of used) {
      const chinese = ENUMS.stocktake_result.find((z) => z.value === o.value)!.label;
      expect(enText).toContain(o.label);
      expect(zhText).toContain(chinese);
      expect(enText).not.toContain(chinese);
    }
    expect(enText).toContain(app.reports.catalogue.reports.get(139)!.title.en);
    // the table's own words: totals row, print time, page numbers
    for (const word of ['Total', 'Printed at:', 'Page 1 of']) expect(enText).toContain(word);
    // pdftotext reads the Chinese foot without its spaces
    for (const word of [/合计/, /打印时间：/, /第1\/\d+页/]) expect(enText.replace(/ /g, '')).not.toMatch(word);
    for (const word of [/合计/, /打印时间：/, /第1\/\d+页/]) expect(zhText.replace(/ /g, '')).toMatch(word);
  }, 60_000);
});

describe('AI interpretation when the reader leaves', () => {
  it('a request closed while the figures are computed logs no error and no 500', async () => {
    const query = initialRequest(await configOf(), businessToday());
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ query });
    scanDelayMs = 400;
    logLines.length = 0;
    try {
      await new Promise<void>((resolve) => {
        const req = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/reports/70/ai',
          headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.end(body);
        // the request is read; the totals are still being computed
        setTimeout(() => req.destroy(), 150);
      });
      // long enough for the held-back scans to finish and the route to run to its end
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      scanDelayMs = 0;
    }
    const errors = logLines.filter((l) => l.level >= 50);
    expect(errors.map((l) => `${l.msg} ${l.err?.message ?? ''}`)).toEqual([]);
    // the server still answers the next reader in full
    const res = await app.inject({ method: 'POST', url: '/api/reports/70/ai', headers: headers(), payload: { query } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('门店毛利分析');
  });
});
