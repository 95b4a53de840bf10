/**
 * The AI interpretation route (rules 172–175) through the real server on the demo seed: it answers for
 * a report that enables it, streams Chinese markdown whose figures are the report's own totals for both
 * ranges, refuses reports without the flag and queries the report itself would refuse.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportQuery, ReportTotals } from '../../engine/wire';
import { figure } from '../../server/ai/narrate';
import { enumOptions } from '../../engine/options';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server.app, 'admin', 'HMT')).token;
}, 180_000);
afterAll(() => server?.close());

const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function defaultQuery(tableId: number): Promise<ReportQuery> {
  const res = await server.app.inject({ method: 'GET', url: `/api/reports/${tableId}/config`, headers: bearer(token) });
  return initialRequest((res.json() as { data: ReportConfig }).data, businessToday());
}

describe('POST /api/reports/:table_id/ai', () => {
  it('rule 175: report 70 is interpreted from the current query; its figures are the totals of both ranges', async () => {
    const query = await defaultQuery(70);
    const res = await post('/api/reports/70/ai', { query });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/markdown');
    const totals = (await post('/api/reports/70/totals', query)).json() as { data: ReportTotals };
    const row = totals.data.list[0];
    expect(row.sales).toBeGreaterThan(0);
    expect(res.body).toContain('门店毛利分析');
    expect(res.body).toContain(figure(row.sales as number, 'money'));
    expect(res.body).toContain(figure(row.sales_2 as number, 'money'));
  });

  it('compares a 90-day period with a one-day comparison by daily averages, and says so', async () => {
    const query = await defaultQuery(70);
    const end = String(query.date_end);
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    const long = { ...query, date_start: start, date_end: end };
    const res = await post('/api/reports/70/ai', { query: long });
    expect(res.statusCode, res.body).toBe(200);
    const row = ((await post('/api/reports/70/totals', long)).json() as { data: ReportTotals }).data.list[0];
    expect(res.body).toContain('本期 90 天，对比期 1 天，长度不同');
    expect(res.body).toContain(`日均销售额 ${figure((row.sales as number) / 90, 'money')}`);
    expect(res.body).toContain(figure(row.sales_2 as number, 'money'));
  });

  it('answers in English when the page is in English: the English title and labels, the same figures', async () => {
    const query = await defaultQuery(70);
    const res = await server.app.inject({ method: 'POST', url: '/api/reports/70/ai', headers: { ...bearer(token), 'accept-language': 'en-US' }, payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    const totals = (await post('/api/reports/70/totals', query)).json() as { data: ReportTotals };
    expect(res.body).toContain('# Store gross-margin analysis · AI insight');
    expect(res.body).toContain('## Overall change');
    expect(res.body).toContain(figure(totals.data.list[0].sales as number, 'money'));
    // store names are data and stay as stored; the product's own words are English
    expect(res.body.replace(/\*\*[^*]*\*\*|「[^」]*」|"[^"]*"/g, '')).not.toMatch(/[\u4e00-\u9fa5]/);
    // the breakdown by store type names the types in English too: they are the product's labels, not data
    const labels = (locale: string) => enumOptions('store_type', locale).map((o) => o.label);
    expect(labels('en-US').some((l) => res.body.includes(l))).toBe(true);
    expect(labels('zh-CN').filter((l) => res.body.includes(l))).toEqual([]);
  });

  it('refuses a report without the AI flag, and a query the report refuses (请选择日期)', async () => {
    const other = await post('/api/reports/142/ai', { query: await defaultQuery(142) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'AI_NOT_ENABLED' });
    const query = { ...(await defaultQuery(70)), date_start: '', date_end: '' };
    const missing = await post('/api/reports/70/ai', { query });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: '请选择日期' });
  });
});
