/**
 * Days pass (docs/daily-close.md): the demo is seeded on day T0, then the business day moves one day
 * at a time for 45 days (HM_TODAY, under the running server, no reseed), with receipts approved on
 * some days, and the product's own daily close runs after each midnight. After every close:
 * - the history/recent pairs (33/128, 40/130, 88/129, 89/131, and 172 for the special tenant) answer a
 *   window that crossed the 3-month cut-off with the totals it had on T0, on the tab that now owns it,
 *   and those equal independent SQL over live ∪ archive (rules 111, 131–135, C2);
 * - every row is in exactly one of live and archive (and the special tenant's second archive);
 * - report 70 answers the same with summaries on and off;
 * - the daily snapshots of the new day equal the ledger, and the T+1 payment copy of the day that ended
 *   equals its payments (rule 167).
 * At the end, every report of a tenant without new documents answers its T0 windows unchanged.
 * Then: reports raced with a close that catches up ten missed days, twenty processes closing one
 * tenant at once (one lease, each day once), and a close killed with SIGKILL half-way and finished by
 * the next run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import { threeMonthCutoff } from '../../engine/dates';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportQuery, ReportRow, ReportTotals } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { today as businessToday } from '../../server/clock';
import { closeDay, closeDueDays, closeTenant, startDailyClose, type CloseOptions } from '../../server/close';
import type { Db } from '../../server/db/types';
import { validCatalogueFromDir } from '../../server/report/catalogue-fs';
import { cents } from './report-helpers';
import { bearer, login, startTestServer, type TestServer } from './server';
import { coldCopy, dialectUnderTest } from './testdb';

const T0 = businessToday();
const DAYS = 45;
const savedDay = process.env.HM_TODAY;
const setDay = (day: string) => {
  process.env.HM_TODAY = day;
};

/** A window that starts on the T0 cut-off: on the recent tab at T0, on the history tab two weeks later. */
const W: [string, string] = [threeMonthCutoff(T0), addDays(threeMonthCutoff(T0), 13)];

type Family = 'sales' | 'receipts' | 'returns';
interface Pair {
  tenant: number;
  /** the recent tab's id; the history tab is the one its config names for the tenant */
  recent: number;
  family: Family;
}
const PAIRS: Pair[] = [
  { tenant: 10139, recent: 128, family: 'sales' },
  { tenant: 10139, recent: 130, family: 'sales' },
  { tenant: 10139, recent: 129, family: 'receipts' },
  { tenant: 10139, recent: 131, family: 'returns' },
  { tenant: 30001, recent: 128, family: 'sales' },
];

/** Independent SQL over live ∪ archive: the figures each family's reports total. */
function familySql(family: Family, tenant: number): string {
  const sales = tenant === 30001 ? ['sales_order', 'sales_order_his_x'] : ['sales_order', 'sales_order_his'];
  if (family === 'sales') {
    const items = sales.map((t) => `${t.replace('sales_order', 'sales_order_item')}`);
    return `SELECT SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost, COUNT(*) AS n
              FROM (${sales.map((t) => `SELECT tenant_id, order_no, business_date FROM ${t}`).join(' UNION ALL ')}) o
              JOIN (${items.map((t) => `SELECT tenant_id, order_no, sale_amount, cost_amount FROM ${t}`).join(' UNION ALL ')}) i
                ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
             WHERE o.tenant_id = $1 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`;
  }
  const [h, key, time, extra] =
    family === 'receipts' ? ['purchase_receipt', 'receive_no', 'receive_time', 'AND h.status = 2'] : ['purchase_return', 'return_no', 'return_time', ''];
  return `SELECT SUM(i.amount) AS amount, COUNT(DISTINCT h.${key}) AS docs, COUNT(*) AS n
            FROM (SELECT * FROM ${h} UNION ALL SELECT * FROM ${h}_his) h
            JOIN (SELECT * FROM ${h}_item UNION ALL SELECT * FROM ${h}_item_his) i ON i.tenant_id = h.tenant_id AND i.${key} = h.${key}
           WHERE h.tenant_id = $1 AND CAST(h.${time} AS DATE) BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) ${extra}`;
}

/** Archived tables: each with its live table, and (headers) the date that decides where a row belongs. */
const ARCHIVED: [table: string, date: string | null][] = [
  ['sales_order', 'business_date'],
  ['sales_order_item', 'business_date'],
  ['sales_payment', null],
  ['purchase_receipt', 'CAST(receive_time AS DATE)'],
  ['purchase_receipt_item', null],
  ['purchase_return', 'CAST(return_time AS DATE)'],
  ['purchase_return_item', null],
];

async function num(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<Record<string, unknown>>(sql, params);
  return Number(Object.values(row)[0] ?? 0);
}

/** Rows per table, live and archive together. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [t] of ARCHIVED) out[t] = (await num(db, `SELECT COUNT(*) FROM ${t}`)) + (await num(db, `SELECT COUNT(*) FROM ${t}_his`));
  return out;
}

/**
 * Every row in exactly one of live and archive: rows only move, so the live and archived counts add up
 * to what they were (plus what was added meanwhile), and each header lies on its side of the cut-off.
 */
async function expectEachRowOnce(db: Db, cutoff: string, expected: Record<string, number>): Promise<void> {
  expect(await rowCounts(db)).toEqual(expected);
  for (const [t, date] of ARCHIVED) {
    if (!date) continue;
    expect(await num(db, `SELECT COUNT(*) FROM ${t} WHERE ${date} < CAST($1 AS DATE)`, [cutoff]), `${t} before ${cutoff}`).toBe(0);
    expect(await num(db, `SELECT COUNT(*) FROM ${t}_his WHERE ${date} >= CAST($1 AS DATE)`, [cutoff]), `${t}_his from ${cutoff}`).toBe(0);
  }
  // the special tenant's second archive holds exactly its archived sales
  for (const t of ['sales_order', 'sales_order_item']) {
    expect(await num(db, `SELECT COUNT(*) FROM ${t}_his_x WHERE tenant_id = 30001`)).toBe(await num(db, `SELECT COUNT(*) FROM ${t}_his WHERE tenant_id = 30001`));
    expect(await num(db, `SELECT COUNT(*) FROM ${t}_his_x WHERE tenant_id <> 30001`)).toBe(0);
  }
}

/** Positions (or lots) whose snapshot row on `day` differs from their ledger through that day. */
function snapshotDriftSql(lots: boolean): string {
  const keys = ['org_code', 'center_code', 'sku_no', ...(lots ? ['lot_no'] : [])];
  const table = lots ? 'lot_stock_daily_snapshot' : 'stock_daily_snapshot';
  return `SELECT COUNT(*) AS n FROM
      (SELECT ${keys.join(', ')}, SUM(qty) AS q, SUM(amount + cost_diff_amount) AS a FROM stock_ledger
        WHERE tenant_id = $1 AND biz_date <= CAST($2 AS DATE) ${lots ? 'AND lot_no IS NOT NULL' : ''} GROUP BY ${keys.join(', ')}) l
      FULL OUTER JOIN (SELECT ${keys.join(', ')}, qty, amount FROM ${table} WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE)) s
        ON ${keys.map((k) => `s.${k} = l.${k}`).join(' AND ')}
     WHERE COALESCE(l.q, 0) <> COALESCE(s.qty, 0) OR ABS(COALESCE(l.a, 0) - COALESCE(s.amount, 0)) > 0.00005`;
}

/** The report definitions, for the format of each figure. */
const CATALOGUE = validCatalogueFromDir();

/**
 * Two answers of a report carry the same figures: every figure equal, and a rate ("format": "rate") to
 * twelve significant digits. A rate is the ratio of unrounded sums, and some of them sum DOUBLEs (a
 * line's amount ÷ (1 + its tax rate)): the last bits of such a sum follow the order the database adds
 * the lines in, which differs between the live table and the archive that holds the same lines (and
 * between two runs of one parallel aggregate). Money, quantities and counts are compared exactly.
 */
function expectSameFigures(actual: ReportRow | null | undefined, expected: ReportRow | null | undefined, reportId: number, what: string): void {
  const report = CATALOGUE.reports.get(reportId);
  const measures = report ? CATALOGUE.indexes.get(report.dataset)?.measures : undefined;
  let row: ReportRow | null | undefined = actual;
  if (row && expected && measures) {
    for (const m of measures.values()) {
      const a: unknown = row[m.id];
      const b: unknown = expected[m.id];
      if (m.format !== 'rate' || typeof a !== 'number' || typeof b !== 'number') continue;
      expect(Math.abs(a - b), `${what}: ${m.id} ${a} vs ${b}`).toBeLessThanOrEqual(1e-12 * Math.max(Math.abs(a), Math.abs(b)));
      row = { ...row, [m.id]: b };
    }
  }
  expect(row, what).toEqual(expected);
}

interface Client {
  app: FastifyInstance;
  token: string;
}

async function inject<T>(c: Client, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; message: string }> {
  const res = await c.app.inject({ method, url, headers: bearer(c.token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.json() as { data: T; message: string };
  return { status: res.statusCode, data: body.data, message: body.message };
}

/** A report's query on its tab (`isHistory` '1' history, '2' recent) over explicit dates. */
async function queryOn(c: Client, id: number, isHistory: '1' | '2' | undefined, dates: Partial<ReportQuery>): Promise<ReportQuery> {
  const cfg = await inject<ReportConfig>(c, 'GET', `/api/reports/${id}/config${isHistory ? `?is_history=${isHistory}` : ''}`);
  expect(cfg.status).toBe(200);
  return { ...initialRequest(cfg.data, businessToday()), ...dates };
}

async function totalsOf(c: Client, query: ReportQuery): Promise<{ status: number; row: ReportRow | null; message: string }> {
  const res = await inject<ReportTotals>(c, 'POST', `/api/reports/${query.table_id}/totals`, query);
  return { status: res.status, row: res.status === 200 ? res.data.list[0] : null, message: res.message };
}

describe(`days pass: the daily close over ${DAYS} days (${dialectUnderTest})`, () => {
  let server: TestServer;
  let off: FastifyInstance;
  let db: Db;
  const tokens: Record<string, string> = {};
  let opts: CloseOptions;
  const baseline = new Map<string, { query: ReportQuery; row: ReportRow }>();
  const sqlBaseline = new Map<string, Record<string, number>>();
  const t266 = new Map<number, { query: ReportQuery; row: ReportRow; count: number }>();

  const hq = (tenant: number, app: FastifyInstance = server.app): Client => ({ app, token: tokens[tenant] });

  beforeAll(async () => {
    setDay(T0);
    server = await startTestServer();
    db = server.testDb.db;
    off = await buildServer({ db, config: { staticDir: '/nonexistent', reportSummaries: false, filesDir: mkdtempSync(join(tmpdir(), 'hm-days-')) } });
    await off.ready();
    for (const m of ['10139', '30001', '266']) tokens[m] = (await login(server.app, 'admin', 'HMT', m)).token;
    opts = { catalogue: server.app.reports.catalogue, instanceId: 'days-test' };
    for (const p of PAIRS) {
      const query = await queryOn(hq(p.tenant), p.recent, '2', { date_start: W[0], date_end: W[1] });
      const { status, row } = await totalsOf(hq(p.tenant), query);
      expect(status).toBe(200);
      baseline.set(`${p.tenant}/${p.recent}`, { query, row: row! });
      sqlBaseline.set(`${p.tenant}/${p.family}`, (await db.query<Record<string, number>>(familySql(p.family, p.tenant), [p.tenant, ...W]))[0]);
    }
    // every report of tenant 266, which gets no new documents, on its T0 default windows
    for (const report of server.app.reports.catalogue.reports.values()) {
      // a measure relative to today (a lot's remaining days) moves with the calendar by definition
      const relative = JSON.stringify(server.app.reports.catalogue.indexes.get(report.dataset)?.dataset).includes('{today}');
      if (!report.clients.includes('HMT') || report.special_tenant_only || relative) continue;
      const cfg = await inject<ReportConfig>(hq(266), 'GET', `/api/reports/${report.id}/config`);
      if (cfg.status !== 200) continue;
      const query = initialRequest(cfg.data, T0);
      const res = await inject<ReportTotals>(hq(266), 'POST', `/api/reports/${cfg.data.table_id}/totals`, query);
      if (res.status === 200) t266.set(report.id, { query, row: res.data.list[0], count: res.data.total });
    }
    expect(t266.size).toBeGreaterThan(40);
  }, 300_000);

  afterAll(async () => {
    if (savedDay === undefined) delete process.env.HM_TODAY;
    else process.env.HM_TODAY = savedDay;
    await off?.close();
    await server?.close();
  });

  async function approveReceipt(day: string): Promise<void> {
    const [{ org_code }] = await db.query<{ org_code: string }>("SELECT org_code FROM store WHERE tenant_id = 10139 AND store_no = 'S001'");
    const [{ sku_no }] = await db.query<{ sku_no: string }>("SELECT sku_no FROM sku WHERE tenant_id = 10139 AND supplier_no = 'V001' ORDER BY sku_no LIMIT 1");
    const c = hq(10139);
    const created = await inject<{ no: string }>(c, 'POST', '/api/documents/purchase-receipt', {
      header: { receive_type: '1', supplier_no: 'V001', org_code, receive_time: `${day} 09:30:00` },
      lines: [{ sku_no, qty: 7, price: 3.21, input_tax_rate: 0.13 }],
    });
    expect(created.status, created.message).toBe(200);
    expect((await inject(c, 'POST', `/api/documents/purchase-receipt/${created.data.no}/submit`)).status).toBe(200);
    const audit = await inject(c, 'POST', `/api/documents/purchase-receipt/${created.data.no}/audit`, { status: '1', remark: '同意' });
    expect(audit.status, audit.message).toBe(200);
  }

  async function checkPairs(day: string): Promise<void> {
    const cutoff = threeMonthCutoff(day);
    for (const p of PAIRS) {
      const base = baseline.get(`${p.tenant}/${p.recent}`)!;
      const c = hq(p.tenant);
      const recent = await totalsOf(c, base.query);
      const history = await totalsOf(c, await queryOn(c, p.recent, '1', { date_start: W[0], date_end: W[1] }));
      const what = `${day}: ${p.tenant}/${p.recent} window ${W.join('…')} (cut-off ${cutoff})`;
      if (W[0] >= cutoff) {
        expectSameFigures(recent.row, base.row, p.recent, what);
        expect(history.status, what).toBe(422);
      } else if (W[1] < cutoff) {
        expectSameFigures(history.row, base.row, p.recent, what);
        expect(recent.status, what).toBe(422);
      } else {
        // a window across the cut-off belongs to neither tab
        expect([recent.status, history.status], what).toEqual([422, 422]);
      }
      const ref = (await db.query<Record<string, number>>(familySql(p.family, p.tenant), [p.tenant, ...W]))[0];
      expect(ref, what).toEqual(sqlBaseline.get(`${p.tenant}/${p.family}`));
      if (p.family === 'sales') {
        cents(base.row.sales, ref.sales, what);
        cents(base.row.cost, ref.cost, what);
      } else {
        cents(base.row.amount, ref.amount, what);
        expect(base.row.docs, what).toBe(Number(ref.docs));
      }
    }
  }

  async function checkSummaries(day: string): Promise<void> {
    for (const dates of [{}, { date_start: addDays(T0, -40), date_end: addDays(day, -1), date_start_2: addDays(T0, -80), end_2: addDays(T0, -41) }]) {
      const onQ = await queryOn(hq(10139), 70, undefined, dates);
      const a = await totalsOf(hq(10139), onQ);
      const b = await totalsOf(hq(10139, off), onQ);
      expect(a.status, a.message).toBe(200);
      expectSameFigures(a.row, b.row, 70, `${day}: report 70 ${JSON.stringify(dates)}`);
    }
  }

  async function checkDailyTables(day: string, all: boolean): Promise<void> {
    // the tenant with new receipts every day; all three now and then (each check reads the whole ledger)
    for (const tenant of all ? [10139, 266, 30001] : [10139]) {
      expect(await num(db, snapshotDriftSql(false), [tenant, day]), `${day} ${tenant} stock snapshots`).toBe(0);
      expect(await num(db, snapshotDriftSql(true), [tenant, day]), `${day} ${tenant} lot snapshots`).toBe(0);
    }
    const ended = addDays(day, -1);
    const copy = await num(db, 'SELECT COALESCE(SUM(receipt_amount - refund_amount), 0) FROM sales_payment_daily WHERE tenant_id = 10139 AND business_date = CAST($1 AS DATE)', [ended]);
    const paid = await num(
      db,
      `SELECT COALESCE(SUM(p.pay_amount), 0) FROM sales_payment_all p JOIN sales_order_all o ON o.tenant_id = p.tenant_id AND o.order_no = p.order_no
        WHERE o.tenant_id = 10139 AND o.business_date = CAST($1 AS DATE)`,
      [ended],
    );
    expect(copy).toBeCloseTo(paid, 2);
    expect(await num(db, 'SELECT COUNT(*) FROM sales_payment_daily WHERE business_date >= CAST($1 AS DATE)', [day])).toBe(0);
  }

  it('closes each day after its midnight: pairs, archives, summaries, snapshots and the T+1 copy stay right to the cent', async () => {
    await checkPairs(T0);
    const rows = await rowCounts(db);
    await expectEachRowOnce(db, threeMonthCutoff(T0), rows);
    // nothing is due on the seed day: the seed counts its days as closed
    expect((await closeDueDays(db, opts)).flatMap((r) => r.closed)).toEqual([]);
    for (let i = 1; i <= DAYS; i++) {
      const day = addDays(T0, i);
      setDay(day);
      const approve = async () => {
        await approveReceipt(day);
        rows.purchase_receipt++;
        rows.purchase_receipt_item++;
      };
      if (i % 9 === 4) await approve();
      const results = await closeDueDays(db, opts);
      for (const r of results) {
        expect(r.failed, `${day} tenant ${r.tenantId}`).toBeUndefined();
        expect(r.closed, `${day} tenant ${r.tenantId}`).toEqual([addDays(day, -1)]);
      }
      if (i % 9 === 5) await approve();
      await checkPairs(day);
      await expectEachRowOnce(db, threeMonthCutoff(day), rows);
      await checkDailyTables(day, i % 9 === 0);
      await checkSummaries(day);
    }
    // nothing is due twice, and closing a closed day again changes nothing
    expect((await closeDueDays(db, opts)).flatMap((r) => r.closed)).toEqual([]);
    const last = addDays(T0, DAYS - 1);
    const derived = () =>
      Promise.all([
        rowCounts(db),
        db.query('SELECT * FROM sales_payment_daily WHERE tenant_id = 10139 AND business_date = CAST($1 AS DATE) ORDER BY org_code, pay_type, cashier_account_id', [last]),
        db.query('SELECT * FROM sales_org_day WHERE tenant_id = 10139 AND business_date = CAST($1 AS DATE) ORDER BY org_code, order_source', [last]),
        num(db, 'SELECT COUNT(*) FROM stock_daily_snapshot WHERE tenant_id = 10139 AND biz_date = CAST($1 AS DATE)', [addDays(last, 1)]),
      ]);
    const before = await derived();
    await closeDay(db, 10139, last, opts);
    expect(await derived()).toEqual(before);
  }, 900_000);

  it('every report of a tenant without new documents answers its windows of the seed day unchanged after 45 closes', async () => {
    const changed: string[] = [];
    for (const [id, was] of t266) {
      const res = await inject<ReportTotals>(hq(266), 'POST', `/api/reports/${was.query.table_id}/totals`, was.query);
      if (res.status !== 200) changed.push(`${id}: ${res.status} ${res.message}`);
      else if (JSON.stringify(res.data.list[0]) !== JSON.stringify(was.row) || res.data.total !== was.count) {
        changed.push(`${id}: ${JSON.stringify(was.row)} → ${JSON.stringify(res.data.list[0])}`);
      }
    }
    expect(changed).toEqual([]);
  }, 300_000);

  it('the close log and /api/health show each tenant closed through yesterday, with rows moved', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    const close = (health.json() as { data: { close: { tenant_id: number; closed_through: string; behind_days: number; last: { status: string } }[] } }).data.close;
    const last = addDays(T0, DAYS - 1);
    expect(close.map((t) => [t.tenant_id, t.closed_through, t.behind_days, t.last?.status])).toEqual([
      [266, last, 0, 'done'],
      [10139, last, 0, 'done'],
      [30001, last, 0, 'done'],
    ]);
    const screen = await inject<{ list: { biz_date: string; status: string; rows_archived: number }[] }>(hq(10139), 'GET', '/api/day-close');
    expect(screen.status).toBe(200);
    expect(screen.data.list).toHaveLength(DAYS);
    expect(screen.data.list[0].biz_date).toBe(last);
    expect(screen.data.list.every((r) => r.status === 'done')).toBe(true);
    expect(screen.data.list.reduce((a, r) => a + Number(r.rows_archived), 0)).toBeGreaterThan(0);
    const store = await login(server.app, 'store01', 'HMD', '10139');
    expect((await inject(hq(10139), 'GET', '/api/day-close')).status).toBe(200);
    expect((await inject({ app: server.app, token: store.token }, 'GET', '/api/day-close')).status).toBe(403);
  });
});

describe(`days pass: a close raced by reports, and a close killed half-way (${dialectUnderTest})`, () => {
  afterAll(() => {
    if (savedDay === undefined) delete process.env.HM_TODAY;
    else process.env.HM_TODAY = savedDay;
  });

  it('reports running while ten missed days are closed see every row exactly once', async () => {
    setDay(T0);
    const server = await startTestServer({ reportSummaries: false });
    try {
      const db = server.testDb.db;
      const token = (await login(server.app, 'admin', 'HMT', '10139')).token;
      const c = { app: server.app, token };
      // report 70 reads live ∪ archive: a window that the close moves into the archive while it runs
      const query = await queryOn(c, 70, undefined, { date_start: W[0], date_end: W[1], date_start_2: addDays(W[0], -14), end_2: addDays(W[0], -1) });
      const before = await totalsOf(c, query);
      const sql = () => num(db, 'SELECT COUNT(*) FROM sales_order_item_all WHERE tenant_id = 10139 AND business_date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)', W);
      const rows = await sql();
      const counts = await rowCounts(db);
      setDay(addDays(T0, 10));
      let done = false;
      const close = closeDueDays(db, { catalogue: server.app.reports.catalogue, instanceId: 'race' }).finally(() => (done = true));
      const seen: unknown[] = [];
      while (!done) {
        const [a, b] = await Promise.all([totalsOf(c, query), sql()]);
        seen.push(a.row);
        expect(b).toBe(rows);
      }
      const results = await close;
      expect(results.find((r) => r.tenantId === 10139)?.closed).toEqual(Array.from({ length: 10 }, (_, i) => addDays(T0, i)));
      expect(seen.length).toBeGreaterThan(2);
      for (const row of seen) expectSameFigures(row as ReportRow, before.row, 70, 'report 70 while the close runs');
      expect(await num(db, 'SELECT COUNT(*) FROM sales_order_his WHERE tenant_id = 10139 AND business_date BETWEEN CAST($1 AS DATE) AND CAST($2 AS DATE)', [W[0], addDays(W[0], 5)])).toBeGreaterThan(0);
      await expectEachRowOnce(db, threeMonthCutoff(addDays(T0, 10)), counts);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('twenty processes closing at once: each day is closed exactly once, under one lease; the timer of a process closes what is due', async () => {
    setDay(T0);
    const server = await startTestServer();
    try {
      const db = server.testDb.db;
      setDay(addDays(T0, 3));
      const catalogue = server.app.reports.catalogue;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => closeTenant(db, 10139, { catalogue, instanceId: `instance-${i}` })));
      expect(results.flatMap((r) => r.closed).sort()).toEqual([T0, addDays(T0, 1), addDays(T0, 2)]);
      const logs = await db.query<{ attempts: number; status: string }>('SELECT attempts, status FROM day_close_log WHERE tenant_id = 10139 ORDER BY biz_date');
      expect(logs.map((l) => [Number(l.attempts), l.status])).toEqual([
        [1, 'done'],
        [1, 'done'],
        [1, 'done'],
      ]);
      expect(await num(db, 'SELECT COUNT(*) FROM day_close WHERE lease_owner IS NOT NULL')).toBe(0);
      // the other tenants are closed by the process's own timer
      const timer = startDailyClose(server.app, 3_600_000);
      await timer.runNow();
      await timer.stop();
      const closed = await db.query<{ tenant_id: number; d: string }>('SELECT tenant_id, closed_through AS d FROM day_close ORDER BY tenant_id');
      expect(closed.map((r) => [Number(r.tenant_id), r.d])).toEqual([
        [266, addDays(T0, 2)],
        [10139, addDays(T0, 2)],
        [30001, addDays(T0, 2)],
      ]);
    } finally {
      await server.close();
    }
  }, 300_000);

  for (const step of ['archive-batch', 'snapshots'] as const) {
    it(`kill -9 during a close (at ${step}) loses and duplicates nothing: the next run finishes the day`, async () => {
      setDay(T0);
      const copy = await coldCopy();
      const dir = mkdtempSync(join(tmpdir(), 'hm-kill-'));
      const marker = join(dir, 'reached');
      try {
        let db = await copy.open();
        const before = await rowCounts(db);
        await db.close();
        const day = addDays(T0, 3);
        const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'close-child.ts'), copy.location, step, marker], {
          env: { ...process.env, HM_TODAY: day },
          stdio: 'ignore',
        });
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        for (let i = 0; i < 600 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
        expect(existsSync(marker) ? readFileSync(marker, 'utf8') : 'never reached').toBe(step);
        child.kill('SIGKILL');
        await exited;
        setDay(day);
        db = await copy.open();
        try {
          // tenants close in id order: the kill stopped the first one's first day
          const running = await db.query<{ tenant_id: number; biz_date: string }>("SELECT tenant_id, biz_date FROM day_close_log WHERE status = 'running'");
          expect(running.map((r) => [Number(r.tenant_id), r.biz_date])).toEqual([[266, T0]]);
          const results = await closeDueDays(db, { catalogue: validCatalogueFromDir(), instanceId: 'close-test' });
          for (const r of results) expect(r.closed).toEqual([T0, addDays(T0, 1), addDays(T0, 2)]);
          await expectEachRowOnce(db, threeMonthCutoff(day), before);
          for (const tenant of [266, 10139]) expect(await num(db, snapshotDriftSql(false), [tenant, day])).toBe(0);
          const logs = await db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM day_close_log WHERE tenant_id = 266 ORDER BY biz_date');
          expect(logs.map((l) => [l.status, Number(l.attempts)])).toEqual([
            ['done', 2],
            ['done', 1],
            ['done', 1],
          ]);
        } finally {
          await db.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await copy.drop();
      }
    }, 300_000);
  }
});
