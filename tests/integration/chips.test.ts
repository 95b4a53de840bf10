/**
 * Every summary-dimension chip of every report, alone and all together, as one client that may see
 * the report (the head office where it can; the row scopes are covered by catalogue.test): data and
 * totals answer 200 (report 124's 往来类型 chip once answered 500
 * because its join alias was reserved in DuckDB). DuckDB, and PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ClientType, ReportConfig, ReportQuery } from '../../engine/wire';
import { loadCatalogueFromDir } from '../../server/report/catalogue-fs';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

const { catalogue } = loadCatalogueFromDir();
const reports = [...catalogue.reports.values()].sort((a, b) => a.id - b.id);
const today = businessToday();

const ACCOUNTS: Record<ClientType | 'special', { username: string; merchant: string; client: ClientType }> = {
  HMT: { username: 'admin', merchant: '10139', client: 'HMT' },
  HMD: { username: 'store01', merchant: '10139', client: 'HMD' },
  HMS: { username: 'supplier01', merchant: '10139', client: 'HMS' },
  special: { username: 'admin', merchant: '30001', client: 'HMT' },
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const [key, a] of Object.entries(ACCOUNTS)) tokens.set(key, (await login(server.app, a.username, a.client, a.merchant)).token);
}, 180_000);
afterAll(() => server?.close());

async function post(url: string, token: string, payload: object) {
  const res = await server.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.body };
}

const cases = reports.map((r) => {
  const client = r.clients.includes('HMT') ? 'HMT' : r.clients[0];
  return { id: r.id, client, token: r.special_tenant_only ? 'special' : client };
});

describe.each(cases)('report $id as $client', ({ id, token: tokenKey }) => {
  it('each chip alone and all chips together answer data and totals', async () => {
    const token = tokens.get(tokenKey)!;
    const cfgRes = await server.app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers: bearer(token) });
    expect(cfgRes.statusCode, cfgRes.body).toBe(200);
    const cfg = cfgRes.json().data as ReportConfig;
    const chips = cfg.dimension.filter((d) => d.dimension_show === '1');
    const forced = chips.filter((c) => c.forced).map((c) => c.id);
    const base = { ...initialRequest(cfg, today), page_size: 10 };
    const sets = [...chips.map((c) => [...new Set([...forced, c.id])]), chips.map((c) => c.id)];
    const calls = sets.flatMap((set) =>
      ['data', 'totals'].map(async (part) => {
        const query: ReportQuery = { ...base, dimensionIds: set.join(',') };
        const res = await post(`/api/reports/${cfg.table_id}/${part}`, token, query);
        return { what: `${part} with chips ${query.dimensionIds}: ${res.body.slice(0, 300)}`, status: res.status };
      }),
    );
    for (const { what, status } of await Promise.all(calls)) expect(status, what).toBe(200);
  }, 300_000);
});
