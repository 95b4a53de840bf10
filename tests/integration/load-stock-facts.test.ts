/**
 * The stock-moving facts that are not documents of the screens load and post in legs (issue "Data in",
 * item 4; docs/loading.md): wholesale at the logistics centre, purchase returns, store returns (out of
 * the store, the refused part back, the rest into the centre), transfers (out at the sender, in at the
 * receiver at the sender's cost) and stocktakes (the counted difference in or out). One load of them
 * all equals loading each document by itself in time order (database B, a copy of the same seed); the
 * booked costs go into the lines, the positions and snapshots move by exactly the ledger, and reports
 * 112 and 77 move by exactly the files' rows. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import type { ReportRow } from '../../engine/wire';
import { today as businessToday } from '../../server/clock';
import type { Db } from '../../server/db/types';
import { fileLoads } from './load-helpers';
import { cents, reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { coldCopy, dialectUnderTest } from './testdb';

const today = businessToday();
const yesterday = addDays(today, -1);
const at = (hour: number) => `${yesterday} ${String(hour).padStart(2, '0')}:00:00`;

let s: TestServer;
let token: string;
let copy: Awaited<ReturnType<typeof coldCopy>>;
let bDb: Db;
/** two stores of one logistics centre, the centre, goods both stores and the centre keep, a wholesaler and a supplier */
let store: string;
let store2: string;
let center: { code: string; org: string };
let sku: string;
let wholesaler: string;
let supplier: string;
/** a lot of the goods the centre holds */
let lot: string;
const loads = fileLoads();

const q = (db: Db, sql: string, params: unknown[] = []) => db.query<Record<string, unknown>>(sql, params);
const num = async (db: Db, sql: string, params: unknown[] = []) => Number(Object.values((await q(db, sql, params))[0])[0] ?? 0);

beforeAll(async () => {
  s = await startTestServer();
  token = (await login(s.app, 'admin', 'HMT')).token;
  copy = await coldCopy();
  bDb = await copy.open();
  const db = s.testDb.db;
  const [c] = await q(db, "SELECT center_code, org_code FROM logistics_center WHERE tenant_id = 10139 AND center_type = '2' ORDER BY center_code LIMIT 1");
  center = { code: String(c.center_code), org: String(c.org_code) };
  // goods the centre and two stores all hold more than a few of, with a lot at the centre the delivery
  // can name: the wholesale before it takes its 4 from the centre's oldest lots (the lots a movement
  // without named lots takes, docs/inventory.md), so the lot must still hold the delivery's 2 after
  // that — counted from the lots older than it, in the order the posting takes them. The store the
  // delivery reaches then sends 3 (transfer) and 5 (return) the same way, oldest lots first: its lots as
  // old as the delivered one hold those 8, so the delivered lot keeps the 2 it received
  const [pick] = await q(db,
    `WITH held AS (
       SELECT l.sku_no, l.lot_no, l.stock_num, COALESCE(t.receive_time, TIMESTAMP '0001-01-01 00:00:00') AS since,
              COALESCE(SUM(l.stock_num) OVER (PARTITION BY l.sku_no ORDER BY COALESCE(t.receive_time, TIMESTAMP '0001-01-01 00:00:00'), l.lot_no
                                              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS older
         FROM lot_stock l JOIN lot t ON t.tenant_id = l.tenant_id AND t.lot_no = l.lot_no
        WHERE l.tenant_id = 10139 AND l.org_code = $1 AND l.center_code = $2 AND l.stock_num > 0),
     usable AS (SELECT sku_no, lot_no, since FROM held WHERE stock_num - GREATEST(0, 4 - older) >= 2)
     SELECT a.org_code AS store, b.org_code AS store2, a.sku_no, u.lot_no FROM stock a
       JOIN stock b ON b.tenant_id = a.tenant_id AND b.sku_no = a.sku_no AND b.org_code > a.org_code AND b.stock_num > 10
       JOIN stock k ON k.tenant_id = a.tenant_id AND k.sku_no = a.sku_no AND k.org_code = $1 AND k.center_code = $2 AND k.stock_num > 10
       JOIN usable u ON u.sku_no = a.sku_no
       JOIN store sa ON sa.tenant_id = a.tenant_id AND sa.org_code = a.org_code
       JOIN store sb ON sb.tenant_id = b.tenant_id AND sb.org_code = b.org_code
      WHERE a.tenant_id = 10139 AND a.stock_num > 10
        AND (SELECT COALESCE(SUM(x.stock_num), 0) FROM lot_stock x JOIN lot y ON y.tenant_id = x.tenant_id AND y.lot_no = x.lot_no
              WHERE x.tenant_id = a.tenant_id AND x.org_code = a.org_code AND x.center_code = a.center_code AND x.sku_no = a.sku_no
                AND (COALESCE(y.receive_time, TIMESTAMP '0001-01-01 00:00:00') < u.since
                     OR (COALESCE(y.receive_time, TIMESTAMP '0001-01-01 00:00:00') = u.since AND x.lot_no <= u.lot_no))) >= 8
      ORDER BY a.sku_no, a.org_code, b.org_code, u.lot_no LIMIT 1`,
    [center.org, center.code]);
  ({ store, store2 } = { store: String(pick.store), store2: String(pick.store2) });
  sku = String(pick.sku_no);
  lot = String(pick.lot_no);
  wholesaler = String((await q(db, 'SELECT wholesaler_no FROM wholesaler WHERE tenant_id = 10139 ORDER BY wholesaler_no LIMIT 1'))[0].wholesaler_no);
  supplier = String((await q(db, 'SELECT supplier_no FROM sku WHERE tenant_id = 10139 AND sku_no = $1', [sku]))[0].supplier_no);
}, 300_000);

afterAll(async () => {
  await bDb?.close();
  await copy?.drop();
  await s?.close();
  loads.cleanup();
});

/** One document of each family, each as its own files, in time order. */
function documents(): Record<string, string[]>[] {
  return [
    {
      'wholesale_order.csv': ['wo_no,wholesaler_no,center_code,is_return,order_date', `LSF-W1,${wholesaler},${center.code},0,${addDays(yesterday, -1)}`],
      'wholesale_order_item.csv': ['wo_no,line_no,sku_no,qty,price,amount,output_tax_rate', `LSF-W1,1,${sku},4,6.5,26,0.13`],
    },
    {
      'distribution_order.csv': ['oub_no,center_code,to_org_code,ship_time', `LSF-D1,${center.code},${store},${at(8)}`],
      'distribution_order_item.csv': ['oub_no,line_id,sku_no,lot_no,qty,amount', `LSF-D1,1,${sku},${lot},2,11.5`],
    },
    {
      'transfer_order.csv': ['transfer_no,from_org_code,to_org_code,out_time,in_time', `LSF-T1,${store},${store2},${at(9)},${at(9)}`],
      'transfer_item.csv': ['transfer_no,line_id,sku_no,qty', `LSF-T1,1,${sku},3`],
    },
    {
      'store_return_order.csv': ['return_no,org_code,target_type,target_code,return_time', `LSF-S1,${store},1,${center.code},${at(10)}`],
      'store_return_item.csv': ['return_no,line_id,sku_no,qty,rejected_qty', `LSF-S1,1,${sku},5,2`],
    },
    {
      'store_return_order.csv': ['return_no,org_code,target_type,target_code,return_time', `LSF-S2,${store2},2,${supplier},${at(11)}`],
      'store_return_item.csv': ['return_no,line_id,sku_no,qty,rejected_qty', `LSF-S2,1,${sku},1,0`],
    },
    {
      'purchase_return.csv': ['return_no,supplier_no,org_code,center_code,return_time', `LSF-P1,${supplier},${center.org},${center.code},${at(12)}`],
      'purchase_return_item.csv': ['return_no,line_id,sku_no,qty,price,amount', `LSF-P1,1,${sku},2,5,10`],
    },
    {
      'wholesale_order.csv': ['wo_no,wholesaler_no,center_code,is_return,origin_wo_no,order_date', `LSF-W2,${wholesaler},${center.code},1,LSF-W1,${yesterday}`],
      'wholesale_order_item.csv': ['wo_no,line_no,sku_no,qty,price,amount,output_tax_rate', `LSF-W2,1,${sku},-1,6.5,-6.5,0.13`],
    },
    {
      // a day-dated count: it posts after the day's timed movements, so after the returns above
      'stocktake.csv': ['stocktake_no,org_code,stocktake_date', `LSF-C1,${store},${yesterday}`],
      'stocktake_item.csv': ['stocktake_no,sku_no,book_qty,actual_qty,diff_qty,result', `LSF-C1,${sku},10,12,2,1`],
    },
  ];
}

/** All documents as one folder of files: each table's rows together. */
function together(): Record<string, string[]> {
  const files: Record<string, string[]> = {};
  for (const doc of documents()) {
    for (const [name, [head, ...rows]] of Object.entries(doc)) {
      const columns = head.split(',');
      // every file of a table takes the widest header, rows padded to it
      const wide = files[name]?.[0].split(',') ?? [];
      const all = [...new Set([...wide, ...columns])];
      const pad = (cols: string[], row: string) => { const v = row.split(','); return all.map((c) => v[cols.indexOf(c)] ?? '').join(','); };
      files[name] = [all.join(','), ...(files[name]?.slice(1).map((r) => pad(wide, r)) ?? []), ...rows.map((r) => pad(columns, r))];
    }
  }
  return files;
}

const DOCS = ['LSF-W1', 'LSF-D1', 'LSF-T1', 'LSF-S1', 'LSF-S2', 'LSF-P1', 'LSF-W2', 'LSF-C1'];
const docList = DOCS.map((d) => `'${d}'`).join(', ');

async function posted(db: Db): Promise<Record<string, unknown>> {
  return {
    ledger: await q(db, `SELECT org_code, center_code, doc_type, doc_no, doc_item_id, qty, cost_price, amount, stock_before, cost_diff_amount FROM stock_ledger WHERE tenant_id = 10139 AND doc_no IN (${docList}) ORDER BY ledger_id`),
    stock: await q(db, 'SELECT org_code, center_code, stock_num, stock_amount, avg_cost FROM stock WHERE tenant_id = 10139 AND sku_no = $1 ORDER BY org_code, center_code', [sku]),
    snapshots: await q(db, `SELECT org_code, center_code, CAST(biz_date AS VARCHAR) AS d, qty, amount FROM stock_daily_snapshot WHERE tenant_id = 10139 AND sku_no = $1 AND biz_date >= CAST($2 AS DATE) ORDER BY 1, 2, 3`, [sku, addDays(yesterday, -1)]),
    booked: {
      wholesale: await q(db, "SELECT wo_no, cost_amount FROM wholesale_order_item WHERE tenant_id = 10139 AND wo_no LIKE 'LSF-%' ORDER BY wo_no"),
      returns: await q(db, "SELECT return_no, amount, rejected_amount FROM store_return_item WHERE tenant_id = 10139 AND return_no LIKE 'LSF-%' ORDER BY return_no"),
      transfer: await q(db, "SELECT amount FROM transfer_item WHERE tenant_id = 10139 AND transfer_no = 'LSF-T1'"),
      count: await q(db, "SELECT diff_amount FROM stocktake_item WHERE tenant_id = 10139 AND stocktake_no = 'LSF-C1'"),
    },
  };
}

async function reportTotals(id: number, day: string): Promise<ReportRow> {
  const client = reportClient(s, today);
  return (await client.open(id, token, (qq) => ({ ...qq, date_start: day, date_end: day, whereList: '[]' }))).totals;
}

describe(`stock-moving facts load and post in legs (${dialectUnderTest})`, () => {
  it('one load of every family equals loading each document by itself in time order; lines get their booked costs; positions and snapshots move by the ledger', async () => {
    const db = s.testDb.db;
    const before = await q(db, 'SELECT org_code, SUM(stock_num) AS qty, SUM(stock_amount) AS amount FROM stock WHERE tenant_id = 10139 AND sku_no = $1 GROUP BY org_code', [sku]);
    const before112 = await reportTotals(112, yesterday);
    const before77 = await reportTotals(77, yesterday);
    const all = await loads.load(together(), db);
    expect(all, JSON.stringify(all.rejectList)).toMatchObject({ ok: true, status: 'done' });
    for (const doc of documents()) {
      const one = await loads.load(doc, bDb);
      expect(one, JSON.stringify(one.rejectList)).toMatchObject({ ok: true, status: 'done' });
    }
    const state = await posted(db);
    expect(state).toEqual(await posted(bDb));

    const ledger = state.ledger as { org_code: string; doc_type: number; doc_no: string; qty: number; cost_price: number; amount: number; cost_diff_amount: number }[];
    // a movement's rows per lot it takes (oldest lots first) add up to one [org, type, qty]
    const of = (no: string) => {
      const legs: [string, number, number][] = [];
      for (const r of ledger.filter((x) => x.doc_no === no)) {
        const last = legs.at(-1);
        if (last && last[0] === r.org_code && last[1] === r.doc_type && Math.sign(last[2]) === Math.sign(r.qty)) last[2] += r.qty;
        else legs.push([r.org_code, r.doc_type, r.qty]);
      }
      return legs;
    };
    expect(of('LSF-W1')).toEqual([[center.org, 5, -4]]);
    expect(of('LSF-D1')).toEqual([[center.org, 5, -2], [store, 2, 2]]);
    // the store receives at the delivery's price, into the lot the centre shipped
    expect(ledger.filter((r) => r.doc_no === 'LSF-D1' && r.doc_type === 2)[0].cost_price).toBe(5.75);
    expect((await q(db, 'SELECT stock_num FROM lot_stock WHERE tenant_id = 10139 AND lot_no = $1 AND org_code = $2', [lot, store]))[0].stock_num).toBeGreaterThanOrEqual(2);
    expect(of('LSF-T1')).toEqual([[store, 11, -3], [store2, 10, 3]]);
    expect(of('LSF-S1')).toEqual([[store, 4, -5], [store, 7, 2], [center.org, 4, 3]]);
    expect(of('LSF-S2')).toEqual([[store2, 4, -1]]);
    expect(of('LSF-P1')).toEqual([[center.org, 3, -2]]);
    expect(of('LSF-W2')).toEqual([[center.org, 6, 1]]);
    expect(of('LSF-C1')).toEqual([[store, 8, 2]]);
    // the receiving legs take the cost the sending leg booked
    const costOf = (no: string) => ledger.filter((r) => r.doc_no === no).map((r) => r.cost_price);
    expect(new Set(costOf('LSF-T1')).size).toBe(1);
    expect(new Set(costOf('LSF-S1')).size).toBe(1);
    // a day-dated count posts at the day's end, after the day's timed movements
    expect(ledger.at(-1)!.doc_no).toBe('LSF-C1');

    // summed in 1/10000 yuan: a movement's amount is shared exactly over its lots' rows
    const sum4 = (rows: { amount: number }[]) => Math.round(rows.reduce((a, r) => a + Math.round(r.amount * 10000), 0)) / 10000;
    const amountOf = (no: string, type: number) => sum4(ledger.filter((r) => r.doc_no === no && r.doc_type === type));
    const booked = state.booked as Record<string, Record<string, unknown>[]>;
    expect(booked.wholesale).toEqual([{ wo_no: 'LSF-W1', cost_amount: -amountOf('LSF-W1', 5) }, { wo_no: 'LSF-W2', cost_amount: -amountOf('LSF-W2', 6) }]);
    expect(booked.returns).toEqual([
      { return_no: 'LSF-S1', amount: -sum4(ledger.filter((r) => r.doc_no === 'LSF-S1' && r.qty < 0)), rejected_amount: amountOf('LSF-S1', 7) },
      { return_no: 'LSF-S2', amount: -amountOf('LSF-S2', 4), rejected_amount: 0 },
    ]);
    expect(booked.transfer).toEqual([{ amount: -amountOf('LSF-T1', 11) }]);
    expect(booked.count).toEqual([{ diff_amount: amountOf('LSF-C1', 8) }]);

    // each organisation's position moved by exactly its ledger rows
    const after = await q(db, 'SELECT org_code, SUM(stock_num) AS qty, SUM(stock_amount) AS amount FROM stock WHERE tenant_id = 10139 AND sku_no = $1 GROUP BY org_code', [sku]);
    for (const org of [store, store2, center.org]) {
      const was = before.find((r) => r.org_code === org)!;
      const now = after.find((r) => r.org_code === org)!;
      const rows = ledger.filter((r) => r.org_code === org);
      expect(Number(now.qty) - Number(was.qty)).toBeCloseTo(rows.reduce((a, r) => a + r.qty, 0), 3);
      cents(Number(now.amount) - Number(was.amount), rows.reduce((a, r) => a + r.amount + r.cost_diff_amount, 0), `value at ${org}`);
    }
    const snapshot = await num(db, 'SELECT SUM(qty) FROM stock_daily_snapshot WHERE tenant_id = 10139 AND sku_no = $1 AND biz_date = CAST($2 AS DATE)', [sku, today]);
    expect(snapshot).toBeCloseTo(await num(db, 'SELECT SUM(stock_num) FROM stock WHERE tenant_id = 10139 AND sku_no = $1', [sku]), 3);

    // 112 reads yesterday's wholesale return, 77 yesterday's store returns: by exactly the files' rows
    const after112 = await reportTotals(112, yesterday);
    expect(Number(after112.qty) - Number(before112.qty)).toBeCloseTo(-1, 3);
    cents(Number(after112.amount) - Number(before112.amount), -6.5, '112 amount');
    cents(Number(after112.cost) - Number(before112.cost), -amountOf('LSF-W2', 6), '112 cost');
    const after77 = await reportTotals(77, yesterday);
    expect(Number(after77.return_qty) - Number(before77.return_qty)).toBeCloseTo(6, 3);
    expect(Number(after77.rejected_qty) - Number(before77.rejected_qty)).toBeCloseTo(2, 3);
    cents(Number(after77.rejected_amount) - Number(before77.rejected_amount), amountOf('LSF-S1', 7), '77 rejected amount');
  });

  it('the same files again change nothing; a fact without what its posting needs is refused and writes nothing', async () => {
    const db = s.testDb.db;
    const ledger = await num(db, 'SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139');
    expect(await loads.load(together(), db)).toMatchObject({ status: 'repeated' });
    const noCenter = await loads.load({
      'wholesale_order.csv': ['wo_no,wholesaler_no,is_return,order_date', `LSF-W9,${wholesaler},0,${yesterday}`],
      'wholesale_order_item.csv': ['wo_no,line_no,sku_no,qty,amount', `LSF-W9,1,${sku},1,6.5`],
    }, db);
    expect(noCenter.status).toBe('refused');
    expect(noCenter.rejectList[0]).toMatchObject({ table: 'wholesale_order', column: 'center_code' });
    const noTime = await loads.load({
      'transfer_order.csv': ['transfer_no,from_org_code,to_org_code', `LSF-T9,${store},${store2}`],
      'transfer_item.csv': ['transfer_no,line_id,sku_no,qty', `LSF-T9,1,${sku},1`],
    }, db);
    expect(noTime.status).toBe('refused');
    expect(noTime.rejectList[0]).toMatchObject({ table: 'transfer_order', column: 'out_time' });
    const booked = await loads.load({
      'transfer_order.csv': ['transfer_no,from_org_code,to_org_code,out_time', `LSF-T8,${store},${store2},${at(15)}`],
      'transfer_item.csv': ['transfer_no,line_id,sku_no,qty,amount', `LSF-T8,1,${sku},1,99`],
    }, db);
    expect(booked.status).toBe('refused');
    expect(booked.rejectList[0]).toMatchObject({ table: 'transfer_item', column: 'amount' });
    expect(await num(db, 'SELECT COUNT(*) FROM stock_ledger WHERE tenant_id = 10139')).toBe(ledger);
  });
});
