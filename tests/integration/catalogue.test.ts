/**
 * Every report of the catalogue, for every client that may see it, on the demo seed: the menu offers
 * it to exactly those clients; config → default query → data (all pages) and totals; the columns
 * are the definition's; additive totals equal the sum over all pages; ratio totals equal the ratio
 * of the summed parts; the export holds the same rows and totals. DuckDB, and PostgreSQL when
 * HM_DATABASE_URL is set.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDerived, type DatasetIndex } from '../../engine/definition/dataset-index';
import type { ReportFile } from '../../engine/definition/types';
import { initialRequest } from '../../engine/query';
import type { MenuNode } from '../../engine/shell';
import type { ClientType, ReportConfig, ReportData, ReportRow, ReportTotals } from '../../engine/wire';
import { loadCatalogueFromDir } from '../../server/report/catalogue-fs';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

const { catalogue } = loadCatalogueFromDir();
const reports = [...catalogue.reports.values()].sort((a, b) => a.id - b.id);
const today = businessToday();

const ACCOUNTS: Record<ClientType, { username: string; merchant: string }> = {
  HMT: { username: 'admin', merchant: '10139' },
  HMD: { username: 'store01', merchant: '10139' },
  HMS: { username: 'supplier01', merchant: '10139' },
};
const SPECIAL = { username: 'admin', merchant: '30001' };

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const [client, a] of Object.entries(ACCOUNTS)) tokens.set(client, (await login(server.app, a.username, client as ClientType, a.merchant)).token);
  tokens.set('special', (await login(server.app, SPECIAL.username, 'HMT', SPECIAL.merchant)).token);
}, 180_000);
afterAll(() => server?.close());

async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown): Promise<{ status: number; data: T; body: unknown }> {
  const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  return { status: res.statusCode, data: (body as { data: T }).data, body };
}

function menuLeaves(nodes: MenuNode[]): number[] {
  return nodes.flatMap((n) => (n.kind === 'report' && n.table_id ? [n.table_id] : menuLeaves(n.children)));
}

/** Reports a page of this client opens directly (tab targets are reached through their page). */
function visibleTo(r: ReportFile, client: ClientType): boolean {
  return r.clients.includes(client) && !r.special_tenant_only;
}

describe('menu (issue: each report in the menu of the clients that may see it, and nowhere else)', () => {
  it.each(Object.keys(ACCOUNTS) as ClientType[])('%s menu lists exactly its reports', async (client) => {
    const menu = await call<{ list: MenuNode[] }>('GET', '/api/menu', tokens.get(client)!);
    const listed = new Set(menuLeaves(menu.data.list));
    for (const r of reports) {
      if (listed.has(r.id)) expect(r.clients, `report ${r.id} in the ${client} menu`).toContain(client);
    }
    const expected = reports.filter((r) => visibleTo(r, client) && !r.history_family);
    for (const r of expected) expect(listed.has(r.id), `report ${r.id} missing from the ${client} menu`).toBe(true);
  });
});

interface Kinds {
  additive: string[];
  ratios: { id: string; num: string; den: string }[];
}

/** Which indicator columns must add up over the rows, and which are ratios of two shown columns. */
function measureKinds(index: DatasetIndex, indicators: string[]): Kinds {
  const additive: string[] = [];
  const ratios: Kinds['ratios'] = [];
  for (const id of indicators) {
    const m = index.measures.get(id);
    if (!m || m.null_when_dimensions?.length) continue;
    if (!isDerived(m)) {
      if ((m.agg === 'sum' || m.agg === 'count') && !m.point_in_time) additive.push(id);
    } else if (m.op === 'ratio' && m.args?.length === 2 && m.args.every((a) => indicators.includes(a))) {
      ratios.push({ id, num: m.args[0], den: m.args[1] });
    } else if ((m.op === 'difference' || m.op === 'sum') && m.args?.every((a) => additive.includes(a))) {
      additive.push(id);
    }
  }
  return { additive, ratios };
}

async function allRows(tableId: number, token: string, query: object, total: number): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  const pages = Math.min(100, Math.ceil(total / 500));
  for (let page = 1; page <= pages; page++) {
    const res = await call<ReportData>('POST', `/api/reports/${tableId}/data`, token, { ...query, page_num: page, page_size: 500 });
    expect(res.status).toBe(200);
    rows.push(...res.data.list);
  }
  return rows;
}

async function exported(tableId: number, token: string, query: object): Promise<ExcelJS.Worksheet> {
  const res = await call<{ job_id: string; status: string }>('POST', `/api/reports/${tableId}/export`, token, { ...query, is_down: '1' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  let status = res.data.status;
  for (let i = 0; status !== 'done' && status !== 'failed' && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await call<{ status: string }>('GET', `/api/jobs/${res.data.job_id}`, token)).data.status;
  }
  expect(status).toBe('done');
  const file = await server.app.inject({ method: 'GET', url: `/api/jobs/${res.data.job_id}/download`, headers: bearer(token) });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

const cases = reports.flatMap((r) =>
  r.clients.map((client) => ({ id: r.id, client, token: r.special_tenant_only ? 'special' : client, report: r })),
);

describe.each(cases)('report $id as $client', ({ id, client, token: tokenKey, report }) => {
  it('answers its default query with rows whose columns, totals and export agree', async () => {
    const token = tokens.get(tokenKey)!;
    const cfgRes = await call<ReportConfig>('GET', `/api/reports/${id}/config`, token);
    expect(cfgRes.status, JSON.stringify(cfgRes.body)).toBe(200);
    const cfg = cfgRes.data;
    const query = initialRequest(cfg, today);
    const data = await call<ReportData>('POST', `/api/reports/${cfg.table_id}/data`, token, query);
    const totals = await call<ReportTotals>('POST', `/api/reports/${cfg.table_id}/totals`, token, query);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    expect(data.data.list.length, `report ${id} (${client}) default query has no rows`).toBeGreaterThan(0);

    // the columns are the definition's: active chips' dimension columns, then the indicators
    const used = catalogue.reports.get(cfg.table_id)!;
    const index = catalogue.indexes.get(used.dataset)!;
    const activeChips = cfg.dimension.filter((d) => d.dimension_show === '1' && d.active).map((d) => d.id);
    const dimKeys = activeChips.flatMap((chip) => index.dimensions.get(chip)?.columns.map((c) => c.value) ?? []);
    expect(data.data.title.filter((c) => c.type === '1').map((c) => c.value)).toEqual(dimKeys);
    expect(data.data.title.filter((c) => c.type === '2').map((c) => c.value)).toEqual(cfg.index);

    // totals over the whole filtered set agree with all pages
    const rows = await allRows(cfg.table_id, token, query, data.data.total);
    expect(rows.length).toBe(data.data.total);
    const t = totals.data.list[0];
    const kinds = measureKinds(index, cfg.index);
    for (const key of kinds.additive) {
      const sum = rows.reduce((acc, r) => acc + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
      expect(Math.abs(sum - Number(t[key] ?? 0)), `${key}: Σ rows ${sum} vs totals ${t[key]}`).toBeLessThanOrEqual(0.006 * rows.length + 0.01);
    }
    const formatOf = new Map(data.data.title.map((c) => [c.value, c.format]));
    for (const { id: key, num, den } of kinds.ratios) {
      const d = Number(t[den] ?? 0);
      if (Math.abs(d) < 0.005) {
        expect(t[key], `${key} without a denominator`).toBeNull();
        continue;
      }
      // a money ratio (ATV) is answered to the cent; its parts are rounded too
      const tolerance = formatOf.get(key) === 'money' ? 0.006 + Math.abs(Number(t[num]) / d) * 0.0001 : 0.001;
      expect(Math.abs(Number(t[key]) - Number(t[num]) / d), `${key} = ${num} / ${den}`).toBeLessThanOrEqual(tolerance);
    }

    // the export: header, every row, then the totals row
    const sheet = await exported(cfg.table_id, token, query);
    expect(sheet.actualRowCount).toBe(rows.length + 2);
    expect(sheet.getRow(1).getCell(1).value).toBe(data.data.title[0].label);
    const lastRow = sheet.getRow(rows.length + 2);
    const firstIndicator = data.data.title.findIndex((c) => c.type === '2');
    const tv = t[data.data.title[firstIndicator].value];
    if (typeof tv === 'number') expect(Number(lastRow.getCell(firstIndicator + 1).value)).toBeCloseTo(tv, 2);
    // its text cells are the screen's, row by row in the screen's order (on DuckDB they are read as code points)
    const texts = data.data.title.flatMap((c, i) => (c.format === 'text' ? [{ key: c.value, at: i + 1 }] : []));
    const asText = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
    const exportedTexts = rows.map((_, r) => texts.map(({ at }) => asText(sheet.getRow(r + 2).getCell(at).value)));
    expect(exportedTexts).toEqual(rows.map((row) => texts.map(({ key }) => asText(row[key]))));
  });
});
