/**
 * The report studio API end to end on the demo seed: datasets and reports, validate with pointers,
 * preview on the session's own rows (totals = Σ rows, sales = report 70's), save with versions,
 * revert, delete, export and import back; menu and report routes see a saved report without a
 * restart, and another tenant never does. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/definition/catalogue';
import type { ReportFile } from '../../engine/definition/types';
import { initialRequest } from '../../engine/query';
import { newReportDraft } from '../../engine/studio/draft';
import type { StudioDataset, StudioPreview, StudioReportList, StudioSaved, StudioVersion } from '../../engine/studio/wire';
import type { MenuNode } from '../../engine/shell';
import type { ReportConfig, ReportQuery, ReportRow } from '../../engine/wire';
import { cents, reportClient, type Answer } from './report-helpers';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let client: ReturnType<typeof reportClient>;
const tokens: Record<string, string> = {};
const today = businessToday();
let sales: StudioDataset;

beforeAll(async () => {
  server = await startTestServer();
  client = reportClient(server, today);
  tokens.analyst = (await login(server.app, 'analyst', 'HMT')).token;
  tokens.admin = (await login(server.app, 'admin', 'HMT')).token;
  tokens.store = (await login(server.app, 'store01', 'HMD')).token;
  tokens.other = (await login(server.app, 'admin', 'HMT', '266')).token;
  const res = await call<{ list: StudioDataset[] }>('GET', '/api/studio/datasets', tokens.analyst);
  sales = res.body.data.list.find((d) => d.id === 'sales')!;
}, 180_000);

afterAll(() => server?.close());

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown): Promise<Answer<T>> {
  const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

function storeBrand(id = 100001): ReportFile {
  return newReportDraft({
    id,
    title: { zh: '门店品牌销售', en: 'Store brand sales' },
    dataset: sales,
    dimensions: ['org', 'brand'],
    forced: 'org',
    measures: ['sales', 'qty', 'gm_rate'],
    dateColumn: 'business_date',
    defaultKind: 'last7',
    restriction: 'to_yesterday',
    filters: ['brand', 'sku_text'],
    clients: ['HMT'],
    area: 'sales',
  });
}

const withBrandChip = (q: ReportQuery): ReportQuery => ({ ...q, dimensionIds: 'org,brand', page_size: 500 });

async function preview(report: unknown, query: ReportQuery, token = tokens.analyst) {
  return call<StudioPreview>('POST', '/api/studio/preview', token, { report, query });
}

async function previewQuery(report: ReportFile, token = tokens.analyst): Promise<ReportQuery> {
  const cfg = await call<ReportConfig>('POST', '/api/studio/preview/config', token, { report });
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
  return withBrandChip(initialRequest(cfg.body.data, today));
}

const sumOf = (rows: ReportRow[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

describe('studio access and lists', () => {
  it('the report designer (analyst, admin) lists datasets with their choices, never their SQL', async () => {
    expect(sales.dimensions.map((d) => d.id)).toEqual(expect.arrayContaining(['org', 'brand']));
    expect(sales.measures.find((m) => m.id === 'gm_rate')?.derived).toBe(true);
    expect(JSON.stringify(sales)).not.toMatch(/SELECT|tenant_id|\{date_start\}/i);
    // date columns come with the names the analyst knows them by
    expect(sales.date_labels?.business_date?.zh).toBe('营业日期');
    expect(sales.date_labels?.order_time?.zh).toBe('下单时间');
    expect(sales.fields.find((f) => f.id === 'sku_text')?.label?.zh).toBeTruthy();
    const admin = await call<{ list: StudioDataset[] }>('GET', '/api/studio/datasets', tokens.admin);
    expect(admin.status).toBe(200);
  });

  it('a store account (no HQ client, no designer permission) is refused', async () => {
    for (const url of ['/api/studio/datasets', '/api/studio/reports']) {
      const res = await call('GET', url, tokens.store);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('NO_PERMISSION');
    }
  });

  it('lists the shipped reports read-only and a next id above 100000', async () => {
    const res = await call<StudioReportList>('GET', '/api/studio/reports', tokens.analyst);
    expect(res.status).toBe(200);
    expect(res.body.data.reports.find((r) => r.id === 70)?.shipped).toBe(true);
    // a built-in report names its dataset by title, also one the analyst could not build on
    expect(res.body.data.reports.find((r) => r.id === 70)?.dataset_title?.zh).toBe('商品销售明细');
    expect(res.body.data.next_id).toBeGreaterThan(100000);
  });
});

describe('studio validate', () => {
  it('a good draft has no errors', async () => {
    const res = await call<{ errors: unknown[] }>('POST', '/api/studio/validate', tokens.analyst, { report: storeBrand() });
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toEqual([]);
  });

  it("cross-file errors come with file and JSON pointer, in the analyst's words", async () => {
    const bad = storeBrand();
    bad.chips[1] = { dimension: 'no_such_dim' };
    const res = await call<{ errors: { file: string; pointer: string; message: string }[] }>('POST', '/api/studio/validate', tokens.analyst, { report: bad });
    expect(res.body.data.errors).toContainEqual({
      file: 'report-defs/reports/100001-store-brand-sales.json',
      pointer: '/chips/1/dimension',
      message: '数据集中没有维度「no_such_dim」',
    });
  });

  it('schema errors point at their field', async () => {
    const bad = { ...storeBrand(), title: { zh: '', en: 'x' } };
    const res = await call<{ errors: { pointer: string }[] }>('POST', '/api/studio/validate', tokens.analyst, { report: bad });
    expect(res.body.data.errors).toContainEqual(expect.objectContaining({ pointer: '/title/zh', message: '不能为空' }));
  });

  it('speaks English to an English page: schema and cross-file errors alike', async () => {
    const bad = { ...storeBrand(), title: { zh: '', en: 'x' }, chips: [{ dimension: 'no_such_dim' }] };
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/studio/validate',
      headers: { ...bearer(tokens.analyst), 'accept-language': 'en-US' },
      payload: { report: bad },
    });
    const messages = (res.json() as { data: { errors: { message: string }[] } }).data.errors.map((e) => e.message);
    expect(messages).toContain('Must not be empty');
    expect(messages.join(' ')).not.toMatch(/[\u4e00-\u9fa5]/);
  });

  it('no SQL or tables beyond the dataset: row scope and table mapping are refused, ids stay above 100000', async () => {
    const bad = { ...storeBrand(70), scope: { HMD: [{ expr: '1 = 1', session: 'org_code' }] }, tables: { sales_order: 'account' } };
    const res = await call<{ errors: { pointer: string }[] }>('POST', '/api/studio/validate', tokens.analyst, { report: bad });
    expect(res.body.data.errors.map((e) => e.pointer).sort()).toEqual(['/id', '/scope', '/tables']);
  });
});

describe('studio preview', () => {
  it('runs the draft on the own tenant: totals equal the sum of the rows and sales equal report 70 for the window', async () => {
    const report = storeBrand();
    const query = await previewQuery(report);
    const res = await preview(report, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { list, total, totals, title } = res.body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBe(total);
    expect(title.map((c) => c.value)).toEqual(expect.arrayContaining(['sales', 'qty', 'gm_rate']));
    cents(totals.list[0].sales, sumOf(list, 'sales'), 'Σ rows');
    const seventy = await client.open(70, tokens.admin, (q) => ({ ...q, date_start: query.date_start, date_end: query.date_end }));
    cents(totals.list[0].sales, Number(seventy.totals.sales), 'report 70');
  });

  it('a preview never reads another report: the body table_id is replaced by the draft id', async () => {
    const report = storeBrand();
    const query = await previewQuery(report);
    const res = await preview(report, { ...query, table_id: 70 });
    expect(res.status).toBe(200);
    expect(res.body.data.title.map((c) => c.value)).not.toContain('sales_2');
  });

  it("another tenant's rows are out of reach: tenant 266 naming 10139's organisations reads only its own rows", async () => {
    const report = { ...storeBrand(), filters: [{ id: 'org_code', label: { zh: '组织', en: 'Org' }, widget: 'text' as const, target: { dimension: 'org' }, operators: [8] }] };
    const mine = await preview(report, await previewQuery(report));
    const codes = [...new Set(mine.body.data.list.map((r) => String(r.org_code)))].slice(0, 3);
    const where = JSON.stringify([{ where_id: 'org_code', operator_id: 8, operation_value: codes }]);
    const mineNamed = await preview(report, { ...(await previewQuery(report)), whereList: where });

    const theirs = await previewQuery(report, tokens.other);
    const own = await preview(report, theirs, tokens.other);
    expect(own.status).toBe(200);
    const own70 = await client.open(70, tokens.other, (q) => ({ ...q, date_start: theirs.date_start, date_end: theirs.date_end }));
    cents(own.body.data.totals.list[0].sales, Number(own70.totals.sales), "266's own report 70");

    const probe = await preview(report, { ...theirs, whereList: where }, tokens.other);
    expect(probe.status, JSON.stringify(probe.body)).toBe(200);
    // the filter only narrows 266's own rows; 10139's figures for the same codes never appear
    const key = (r: ReportRow) => JSON.stringify(r);
    expect(probe.body.data.list.map(key).sort()).toEqual(own.body.data.list.filter((r) => codes.includes(String(r.org_code))).map(key).sort());
    expect(probe.body.data.totals.list[0].sales).not.toBe(mineNamed.body.data.totals.list[0].sales);
  });

  it('an invalid draft or a forbidden key is refused with 422 and its pointer', async () => {
    const report = { ...storeBrand(), tables: { sales_order: 'account' } };
    const res = await preview(report, {} as ReportQuery);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('DEFINITION_INVALID');
    expect(res.body.message).toContain('/tables');
  });
});

describe('studio save, versions, revert, delete, export', () => {
  let id = 0;

  it('saves a new report with version 1; it takes effect at once in the menu and the report routes', async () => {
    const res = await call<StudioSaved>('POST', '/api/studio/reports', tokens.analyst, { report: storeBrand(999999) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    id = res.body.data.id;
    expect(id).toBeGreaterThan(100000);
    expect(res.body.data.version).toBe(1);

    const menu = await call<{ list: MenuNode[] }>('GET', '/api/menu', tokens.analyst);
    const group = menu.body.data.list.find((n) => n.id === 'group:sales')!;
    expect(group.children.map((c) => c.id)).toContain(String(id));
    const opened = await client.open(id, tokens.admin, withBrandChip);
    expect(opened.cfg.title).toBe('门店品牌销售');
    cents(opened.totals.sales, sumOf(opened.data.list, 'sales'), 'saved report Σ rows');
  });

  it('another tenant neither lists, opens nor sees it in the menu', async () => {
    const list = await call<StudioReportList>('GET', '/api/studio/reports', tokens.other);
    expect(list.body.data.reports.some((r) => r.id === id)).toBe(false);
    expect((await call('GET', `/api/reports/${id}/config`, tokens.other)).status).toBe(404);
    expect((await call('GET', `/api/studio/reports/${id}/versions`, tokens.other)).status).toBe(404);
    expect((await call('PUT', `/api/studio/reports/${id}`, tokens.other, { report: storeBrand(id) })).status).toBe(404);
    expect((await call('DELETE', `/api/studio/reports/${id}`, tokens.other)).status).toBe(404);
    const menu = await call<{ list: MenuNode[] }>('GET', '/api/menu', tokens.other);
    expect(JSON.stringify(menu.body.data)).not.toContain(String(id));
  });

  it('a client not chosen does not get it (store client)', async () => {
    expect((await call('GET', `/api/reports/${id}/config`, tokens.store)).status).toBe(404);
  });

  it('an invalid change is refused and nothing is written', async () => {
    const bad = storeBrand(id);
    bad.indicators = [{ measure: 'nope' }];
    const res = await call('PUT', `/api/studio/reports/${id}`, tokens.analyst, { report: bad });
    expect(res.status).toBe(422);
    const versions = await call<{ list: StudioVersion[] }>('GET', `/api/studio/reports/${id}/versions`, tokens.analyst);
    expect(versions.body.data.list).toHaveLength(1);
  });

  it('an update writes version 2 with who, when and a diff; revert to 1 writes version 3 equal to 1', async () => {
    const changed = { ...storeBrand(id), title: { zh: '门店品牌销售（新）', en: 'Store brand sales' } };
    const put = await call<StudioSaved>('PUT', `/api/studio/reports/${id}`, tokens.analyst, { report: changed });
    expect(put.body.data).toEqual({ id, version: 2 });
    expect((await client.config(id, tokens.analyst)).title).toBe('门店品牌销售（新）');

    const versions = await call<{ list: StudioVersion[] }>('GET', `/api/studio/reports/${id}/versions`, tokens.analyst);
    const [v2, v1] = versions.body.data.list;
    expect(v2).toMatchObject({ version: 2, action: 'update', username: 'analyst' });
    expect(v2.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(v2.diff).toEqual([{ pointer: '/title/zh', before: '门店品牌销售', after: '门店品牌销售（新）' }]);
    expect(v1.diff).toEqual([]);

    const revert = await call<StudioSaved>('POST', `/api/studio/reports/${id}/revert`, tokens.analyst, { version: 1 });
    expect(revert.body.data).toEqual({ id, version: 3 });
    expect((await client.config(id, tokens.analyst)).title).toBe('门店品牌销售');
    expect((await call('POST', `/api/studio/reports/${id}/revert`, tokens.analyst, { version: 9 })).status).toBe(404);
  });

  it('export gives a report file validate:defs accepts, and it imports back under a new id', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/studio/reports/${id}/export`, headers: bearer(tokens.analyst) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}-store-brand-sales.json"`);
    const file = JSON.parse(res.body) as ReportFile;
    const defs = join(process.cwd(), 'report-defs');
    const read = (dir: string) =>
      readdirSync(join(defs, dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({ path: `report-defs/${dir}/${f}`, json: JSON.parse(readFileSync(join(defs, dir, f), 'utf8')) }));
    const { errors } = loadCatalogue(read('datasets'), [...read('reports'), { path: `report-defs/reports/${id}-store-brand-sales.json`, json: file }]);
    expect(errors).toEqual([]);

    const imported = await call<StudioSaved>('POST', '/api/studio/reports', tokens.analyst, { report: file });
    expect(imported.status).toBe(200);
    expect(imported.body.data.id).toBe(id + 1);
  });

  it('delete removes the report, its menu leaf and its history', async () => {
    expect((await call('DELETE', `/api/studio/reports/${id}`, tokens.analyst)).status).toBe(200);
    expect((await call('GET', `/api/reports/${id}/config`, tokens.analyst)).status).toBe(404);
    expect((await call('GET', `/api/studio/reports/${id}/versions`, tokens.analyst)).status).toBe(404);
    expect((await call('DELETE', `/api/studio/reports/${id}`, tokens.analyst)).status).toBe(404);
  });
});
