/**
 * Helpers of the report integration tests: HTTP calls through the real routes, the page's first
 * load (config → default query → data and totals), and to-the-cent comparisons with hand-written SQL.
 */
import { expect } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportData, ReportQuery, ReportRow, ReportTotals } from '../../engine/wire';
import type { Db } from '../../server/db/types';
import { bearer, type TestServer } from './server';

export interface Answer<T> {
  status: number;
  body: { status: string; code?: string; message: string; data: T };
}

export interface Opened {
  cfg: ReportConfig;
  query: ReportQuery;
  data: ReportData;
  totals: ReportRow;
  count: number;
}

export function reportClient(server: TestServer, today: string) {
  async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown): Promise<Answer<T>> {
    const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() };
  }

  async function config(id: number, token: string, isHistory?: '1' | '2'): Promise<ReportConfig> {
    const res = await call<ReportConfig>('GET', `/api/reports/${id}/config${isHistory ? `?is_history=${isHistory}` : ''}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** config → default query (optionally changed) → data and totals, as the page does on first load. */
  async function open(id: number, token: string, tweak: (q: ReportQuery) => ReportQuery = (q) => q): Promise<Opened> {
    const cfg = await config(id, token);
    const query = tweak(initialRequest(cfg, today));
    const data = await call<ReportData>('POST', `/api/reports/${cfg.table_id}/data`, token, query);
    const totals = await call<ReportTotals>('POST', `/api/reports/${cfg.table_id}/totals`, token, query);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(totals.status, JSON.stringify(totals.body)).toBe(200);
    return { cfg, query, data: data.body.data, totals: totals.body.data.list[0], count: totals.body.data.total };
  }

  return { call, config, open };
}

export async function one(db: Db, sql: string, params: unknown[]): Promise<Record<string, number | null>> {
  const [row] = await db.query<Record<string, number | null>>(sql, params);
  return row;
}

/** Money to the cent: the answer is rounded to 2 decimals, the reference is exact. */
export function cents(actual: unknown, expected: number | null | undefined, what = ''): void {
  expect(typeof actual, `${what} money ${String(actual)} vs ${expected}`).toBe('number');
  expect(Math.abs((actual as number) - Number(expected ?? 0)), `${what} ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(0.005 + 1e-9);
}

/** A ratio of the reference's sums; null ("-") when the denominator is 0. */
export function rate(actual: unknown, num: number | null | undefined, den: number | null | undefined, digits = 6): void {
  if (!Number(den)) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual as number).toBeCloseTo(Number(num) / Number(den), digits);
}
