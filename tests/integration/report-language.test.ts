/**
 * Issue 24 item 9 and item 13 (AI panel): a report's column titles follow the app's language
 * (Accept-Language, as its filter labels already do) with zh-CN the default; a reader who leaves the
 * AI interpretation while its figures are computed closes the stream quietly, never a 500
 * "Premature close" in the server log.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../engine/dates';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportData, ReportQuery } from '../../engine/wire';
import { buildServer } from '../../server/app';
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

async function configOf(lang?: string): Promise<ReportConfig> {
  const res = await app.inject({ method: 'GET', url: '/api/reports/70/config', headers: headers(lang) });
  return (res.json() as { data: ReportConfig }).data;
}

async function titleOf(query: ReportQuery, lang?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/reports/70/data', headers: headers(lang), payload: query as object });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: ReportData }).data.title;
}

describe('report titles in the request language (issue 24 item 9)', () => {
  it('en-US gets English column titles and help texts, zh-CN (and no header) the Chinese ones, for the same kept query', async () => {
    const query = initialRequest(await configOf(), todayIn(new Date()));
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

describe('AI interpretation when the reader leaves (issue 24 item 13)', () => {
  it('a request closed while the figures are computed logs no error and no 500', async () => {
    const query = initialRequest(await configOf(), todayIn(new Date()));
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
