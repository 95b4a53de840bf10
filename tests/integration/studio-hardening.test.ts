/**
 * The studio's server hardening: a studio user builds
 * only on datasets behind reports they may open; names never reach object prototypes and columns
 * the tables lack are refused at validation (never a 500 in preview); concurrent creates and
 * updates each get their own id or version; a default window its restriction refuses is refused.
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportFile } from '../../engine/definition/types';
import { newReportDraft } from '../../engine/studio/draft';
import type { StudioDataset, StudioReportList, StudioSaved, StudioVersion } from '../../engine/studio/wire';
import type { ReportQuery } from '../../engine/wire';
import type { Answer } from './report-helpers';
import { bearer, login, startTestServer, type TestServer } from './server';

let server: TestServer;
const tokens: Record<string, string> = {};
let adminDatasets: StudioDataset[];

beforeAll(async () => {
  server = await startTestServer();
  tokens.analyst = (await login(server.app, 'analyst', 'HMT')).token;
  tokens.admin = (await login(server.app, 'admin', 'HMT')).token;
  adminDatasets = (await call<{ list: StudioDataset[] }>('GET', '/api/studio/datasets', tokens.admin)).body.data.list;
}, 180_000);

afterAll(() => server?.close());

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown): Promise<Answer<T>> {
  const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

type Errors = { errors: { pointer: string; message: string }[] };
const dataset = (id: string) => adminDatasets.find((d) => d.id === id)!;

function salesDraft(over: Partial<ReportFile> = {}): ReportFile {
  const report = newReportDraft({
    id: 100001,
    title: { zh: '品牌销售', en: 'Brand sales' },
    dataset: dataset('sales'),
    dimensions: ['org', 'brand'],
    forced: 'org',
    measures: ['sales', 'qty'],
    dateColumn: 'business_date',
    defaultKind: 'yesterday',
    restriction: 'to_yesterday',
    filters: [],
    clients: ['HMT'],
    area: 'sales',
  });
  return { ...report, ...over };
}

function stockDraft(): ReportFile {
  return newReportDraft({
    id: 100001,
    title: { zh: '库存', en: 'Stock' },
    dataset: dataset('stock-balance'),
    dimensions: ['org'],
    forced: 'org',
    measures: ['stock_qty'],
    dateColumn: null,
    defaultKind: 'none',
    restriction: 'none',
    filters: [],
    clients: ['HMT'],
    area: 'stock',
  });
}

const validate = (report: unknown, token = tokens.analyst) => call<Errors>('POST', '/api/studio/validate', token, { report });
const preview = (report: unknown, token = tokens.analyst) =>
  call('POST', '/api/studio/preview', token, { report, query: { page_num: 1, page_size: 50 } as ReportQuery });

describe('a studio user builds only on datasets behind reports they may open', () => {
  it('the analyst (reports on sales and org-sales only) is offered only those datasets; admin sees the others', async () => {
    const own = await call<{ list: StudioDataset[] }>('GET', '/api/studio/datasets', tokens.analyst);
    expect(own.body.data.list.map((d) => d.id).sort()).toEqual(['org-sales', 'sales']);
    expect(adminDatasets.map((d) => d.id)).toContain('stock-balance');
  });

  it('a draft on another dataset is an error at /dataset; preview, its config and save answer 403 and store nothing', async () => {
    const draft = stockDraft();
    expect((await validate(draft, tokens.admin)).body.data.errors).toEqual([]);
    const checked = await validate(draft);
    expect(checked.body.data.errors.map((e) => e.pointer)).toEqual(['/dataset']);
    for (const url of ['/api/studio/preview', '/api/studio/preview/config', '/api/studio/preview/export']) {
      const res = await call<unknown>('POST', url, tokens.analyst, { report: draft, query: {} });
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('NO_PERMISSION');
    }
    const before = (await call<StudioReportList>('GET', '/api/studio/reports', tokens.analyst)).body.data.reports.length;
    expect((await call('POST', '/api/studio/reports', tokens.analyst, { report: draft })).status).toBe(403);
    expect((await call<StudioReportList>('GET', '/api/studio/reports', tokens.analyst)).body.data.reports).toHaveLength(before);
    expect((await preview(draft, tokens.admin)).status).toBe(200);
  });
});

describe('names never reach prototypes; columns the tables lack are refused', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    it(`a date column named ${name} is a validation error, and preview answers 422`, async () => {
      const draft = salesDraft();
      draft.dates[0].column = name;
      const checked = await validate(draft);
      expect(checked.body.data.errors.map((e) => e.pointer)).toContain('/dates/0/column');
      const res = await preview(draft);
      expect(res.status).toBe(422);
    });
  }

  it('a chip on finance_no (only the special tenant archive has it) is an error at its chip; preview answers 422', async () => {
    const draft = salesDraft({ chips: [{ dimension: 'org', active: true, forced: true }, { dimension: 'finance_no' }] });
    const checked = await validate(draft);
    expect(checked.body.data.errors).toEqual([expect.objectContaining({ pointer: '/chips/1/dimension', message: expect.stringContaining('finance_no') })]);
    expect((await preview(draft)).status).toBe(422);
    const filter = salesDraft({ filters: [{ id: 'fin', label: { zh: '财务编码', en: 'Finance no' }, widget: 'text', target: { dimension: 'finance_no' } }] });
    expect((await validate(filter)).body.data.errors.map((e) => e.pointer)).toEqual(['/filters/0/target']);
  });
});

describe('a default window its own restriction refuses is refused', () => {
  it('today under "to yesterday" is an error at default_kind and preview answers 422; yesterday passes', async () => {
    const draft = salesDraft();
    draft.dates[0].default_kind = 'today';
    const checked = await validate(draft);
    expect(checked.body.data.errors.map((e) => e.pointer)).toEqual(['/dates/0/default_kind']);
    expect((await preview(draft)).status).toBe(422);
    expect((await validate(salesDraft())).body.data.errors).toEqual([]);
  });
});

describe('concurrent creates and updates', () => {
  it('a create with an Idempotency-Key seals the key in its own transaction; the repeat answers the same report', async () => {
    const headers = { ...bearer(tokens.analyst), 'idempotency-key': 'studio-sealed' };
    const payload = { report: salesDraft({ title: { zh: '幂等', en: 'Idempotent' } }) };
    const first = await server.app.inject({ method: 'POST', url: '/api/studio/reports', headers, payload });
    expect(first.statusCode).toBe(200);
    const [key] = await server.testDb.db.query<{ sealed: boolean }>("SELECT sealed_at IS NOT NULL AS sealed FROM idempotency_key WHERE idem_key = 'studio-sealed'");
    expect(key.sealed).toBe(true);
    const again = await server.app.inject({ method: 'POST', url: '/api/studio/reports', headers, payload });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
  });

  it('20 concurrent creates: each answered create is its own report with its own id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<StudioSaved>('POST', '/api/studio/reports', tokens.analyst, { report: salesDraft({ title: { zh: `并发 ${i}`, en: `Concurrent ${i}` } }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ids = answers.map((a) => a.body.data.id);
    expect(new Set(ids).size).toBe(20);
    const list = (await call<StudioReportList>('GET', '/api/studio/reports', tokens.analyst)).body.data.reports;
    const titles = new Map(list.filter((r) => !r.shipped).map((r) => [r.id, r.title.zh]));
    answers.forEach((a, i) => expect(titles.get(a.body.data.id)).toBe(`并发 ${i}`));
  });

  it('20 concurrent updates of one report: versions 2..21, each kept in the history', async () => {
    const created = await call<StudioSaved>('POST', '/api/studio/reports', tokens.analyst, { report: salesDraft() });
    const id = created.body.data.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<StudioSaved>('PUT', `/api/studio/reports/${id}`, tokens.analyst, { report: salesDraft({ id, title: { zh: `改 ${i}`, en: `Edit ${i}` } }) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.body.data.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const versions = (await call<{ list: StudioVersion[] }>('GET', `/api/studio/reports/${id}/versions`, tokens.analyst)).body.data.list;
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 21 }, (_, i) => 21 - i));
  });
});
