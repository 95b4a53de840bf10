/**
 * Stock leaving without named lots takes the position's lots oldest first (server/stock/oldest-lots.ts):
 * a loaded sale at a store holding several lots of its goods empties the oldest and takes the rest from
 * the next, the ledger has a row per lot and the lot stock, its daily snapshot and report 191 move by
 * exactly that; a transfer's receiving store gets the lots the sender gave. Before, sales never named
 * lots, so a store's lot stock only grew. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as businessToday } from '../../server/clock';
import type { Db } from '../../server/db/types';
import { fileLoads } from './load-helpers';
import { reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { dialectUnderTest } from './testdb';

const today = businessToday();
const TENANT = 10139;

let s: TestServer;
let db: Db;
let token: string;
const loads = fileLoads(TENANT);
/** a store, its two oldest lots of one goods item (oldest first), another store, a payment type */
const f = { org: '', storeNo: '', sku: '', lots: [] as { lot: string; qty: number }[], org2: '', pay: '' };

const rows = (sql: string, params: unknown[] = []) => db.query<Record<string, unknown>>(sql, params);
const lotStock = async (org: string, lot: string) =>
  Number((await rows('SELECT COALESCE(SUM(stock_num), 0) AS n FROM lot_stock WHERE tenant_id = $1 AND org_code = $2 AND lot_no = $3', [TENANT, org, lot]))[0].n);

beforeAll(async () => {
  s = await startTestServer();
  db = s.testDb.db;
  token = (await login(s.app, 'admin', 'HMT')).token;
  // a store position with at least two lots in stock and the lots' order by receive time, then number
  const [pick] = await rows(
    `SELECT s.org_code, st.store_no, s.sku_no FROM lot_stock s JOIN store st ON st.tenant_id = s.tenant_id AND st.org_code = s.org_code
      WHERE s.tenant_id = $1 AND s.stock_num > 0 GROUP BY s.org_code, st.store_no, s.sku_no HAVING COUNT(*) >= 2 ORDER BY 1, 3 LIMIT 1`,
    [TENANT],
  );
  Object.assign(f, { org: String(pick.org_code), storeNo: String(pick.store_no), sku: String(pick.sku_no) });
  f.lots = (
    await rows(
      `SELECT s.lot_no, s.stock_num FROM lot_stock s JOIN lot l ON l.tenant_id = s.tenant_id AND l.lot_no = s.lot_no
        WHERE s.tenant_id = $1 AND s.org_code = $2 AND s.sku_no = $3 AND s.stock_num > 0 ORDER BY l.receive_time NULLS FIRST, s.lot_no`,
      [TENANT, f.org, f.sku],
    )
  ).map((r) => ({ lot: String(r.lot_no), qty: Number(r.stock_num) }));
  const [other] = await rows('SELECT org_code FROM store WHERE tenant_id = $1 AND org_code <> $2 ORDER BY org_code LIMIT 1', [TENANT, f.org]);
  f.org2 = String(other.org_code);
  f.pay = String((await rows('SELECT pay_type FROM payment_trade_type WHERE tenant_id = $1 ORDER BY pay_type LIMIT 1', [TENANT]))[0].pay_type);
}, 300_000);

afterAll(async () => {
  loads.cleanup();
  await s?.close();
});

describe(`stock leaving without lots takes the oldest (${dialectUnderTest})`, () => {
  it('a loaded sale empties the oldest lot and takes the rest from the next; ledger, lot stock, snapshot and report 191 move alike', async () => {
    const [oldest, next] = f.lots;
    const qty = oldest.qty + 1;
    // report 191 over every lot received until today
    const lots191 = async () => (await reportClient(s, today).open(191, token, (q) => ({ ...q, date_start: '2000-01-01', date_end: today }))).totals;
    const before191 = await lots191();
    const snapshot = () =>
      rows(`SELECT lot_no, SUM(qty) AS q FROM lot_stock_daily_snapshot WHERE tenant_id = $1 AND org_code = $2 AND sku_no = $3 AND biz_date = CAST($4 AS DATE) GROUP BY lot_no`, [
        TENANT, f.org, f.sku, today,
      ]).then((r) => new Map(r.map((x) => [String(x.lot_no), Number(x.q)])));
    const snapBefore = await snapshot();
    const result = await loads.load({
      'sales_order.csv': [
        'order_no,org_code,store_no,order_source,order_kind,is_return,order_time,business_date,total_amount,discount_amount,pay_amount,is_mixed_payment,order_status',
        `OLD-1,${f.org},${f.storeNo},1,1,0,${today} 08:30:00,${today},${qty}.0000,0,${qty}.0000,0,4`,
      ],
      'sales_order_item.csv': ['order_no,line_no,sku_no,qty,selling_price,sale_amount,discount_amount', `OLD-1,1,${f.sku},${qty},1,${qty}.0000,0`],
      'sales_payment.csv': ['order_no,pay_line,pay_type,pay_amount,pay_time', `OLD-1,1,${f.pay},${qty}.0000,${today} 08:30:05`],
    }, db);
    expect(result.status, JSON.stringify(result.rejectList)).toBe('done');
    const ledger = await rows('SELECT lot_no, qty, amount FROM stock_ledger WHERE tenant_id = $1 AND doc_no = $2 ORDER BY ledger_id', [TENANT, 'OLD-1']);
    expect(ledger.map((r) => [r.lot_no, Number(r.qty)])).toEqual([[oldest.lot, -oldest.qty], [next.lot, -1]]);
    const [{ cost }] = await rows('SELECT cost_amount AS cost FROM sales_order_item WHERE tenant_id = $1 AND order_no = $2', [TENANT, 'OLD-1']);
    expect(ledger.reduce((a, r) => a + Number(r.amount), 0)).toBeCloseTo(-Number(cost), 4);
    expect(await lotStock(f.org, oldest.lot)).toBe(0);
    expect(await lotStock(f.org, next.lot)).toBe(next.qty - 1);
    const snapAfter = await snapshot();
    expect((snapBefore.get(oldest.lot) ?? 0) - (snapAfter.get(oldest.lot) ?? 0)).toBe(oldest.qty);
    expect((snapBefore.get(next.lot) ?? 0) - (snapAfter.get(next.lot) ?? 0)).toBe(1);
    expect(Number(before191.lot_qty) - Number((await lots191()).lot_qty)).toBeCloseTo(qty, 3);
  });

  it('a loaded transfer moves the lots it takes to the receiving store', async () => {
    const [, next] = f.lots;
    const left = await lotStock(f.org, next.lot);
    const there = await lotStock(f.org2, next.lot);
    const result = await loads.load({
      'transfer_order.csv': ['transfer_no,from_org_code,to_org_code,out_time,in_time', `OLD-T1,${f.org},${f.org2},${today} 09:00:00,${today} 09:00:00`],
      'transfer_item.csv': ['transfer_no,line_id,sku_no,qty', `OLD-T1,1,${f.sku},1`],
    }, db);
    expect(result.status, JSON.stringify(result.rejectList)).toBe('done');
    expect(await lotStock(f.org, next.lot)).toBe(left - 1);
    expect(await lotStock(f.org2, next.lot)).toBe(there + 1);
    const ledger = await rows('SELECT org_code, lot_no, qty FROM stock_ledger WHERE tenant_id = $1 AND doc_no = $2 ORDER BY ledger_id', [TENANT, 'OLD-T1']);
    expect(ledger.map((r) => [r.org_code, r.lot_no, Number(r.qty)])).toEqual([[f.org, next.lot, -1], [f.org2, next.lot, 1]]);
  });
});
