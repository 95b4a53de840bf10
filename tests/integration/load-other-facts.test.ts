/**
 * Facts that move no stock load too (docs/loading.md): store orders, invoices, tours, ledgers of
 * receivables and storage clients. A document whose state moves on (a store order processed, an invoice
 * paid) is replaced by a later load of its key, header and parts together; a ledger row is refused once
 * stored. Reports 110 and 193 move by exactly the files' rows. Runs on DuckDB, and on PostgreSQL when
 * HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/dates/calendar';
import type { ReportRow } from '../../engine/wire';
import { today as businessToday } from '../../server/clock';
import { fileLoads } from './load-helpers';
import { cents, reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { dialectUnderTest } from './testdb';

const today = businessToday();
let s: TestServer;
let token: string;
let store: { org_code: string; store_no: string };
let skus: string[];
let supplier: string;
const loads = fileLoads();

const q = (sql: string, params: unknown[] = []) => s.testDb.db.query<Record<string, unknown>>(sql, params);

beforeAll(async () => {
  s = await startTestServer();
  token = (await login(s.app, 'admin', 'HMT')).token;
  const [row] = await q('SELECT org_code, store_no FROM store WHERE tenant_id = 10139 ORDER BY store_no LIMIT 1');
  store = { org_code: String(row.org_code), store_no: String(row.store_no) };
  skus = (await q('SELECT sku_no FROM sku WHERE tenant_id = 10139 ORDER BY sku_no LIMIT 2')).map((r) => String(r.sku_no));
  supplier = String((await q('SELECT supplier_no FROM supplier WHERE tenant_id = 10139 ORDER BY supplier_no LIMIT 1'))[0].supplier_no);
}, 300_000);

afterAll(async () => {
  await s?.close();
  loads.cleanup();
});

const load = (files: Record<string, string[]>) => loads.load(files, s.testDb.db);

/** A report's totals over one day (today unless given), or over its own default dates. */
async function totals(id: number, day: string | null = today): Promise<ReportRow> {
  return (await reportClient(s, today).open(id, token, (qq) => ({ ...qq, ...(day ? { date_start: day, date_end: day } : {}), whereList: '[]' }))).totals;
}

const storeOrder = (status: number, qty: [number, number]) => ({
  'store_order.csv': ['dorder_no,store_no,org_code,status,order_time,amount', `LOF-O1,${store.store_no},${store.org_code},${status},${today} 09:30:00,${(qty[0] + qty[1]) * 2}`],
  'store_order_item.csv': [
    'dorder_no,line_id,sku_no,qty,price,amount,shipped_qty',
    `LOF-O1,1,${skus[0]},${qty[0]},2,${qty[0] * 2},0`,
    ...(qty[1] ? [`LOF-O1,2,${skus[1]},${qty[1]},2,${qty[1] * 2},0`] : []),
  ],
});

describe(`facts that move no stock load, and documents whose state moves on are replaced (${dialectUnderTest})`, () => {
  it('a store order and an invoice move 110 and 193 by their rows; a later load of the order replaces it, header and lines', async () => {
    const was110 = await totals(110);
    const was193 = await totals(193);
    const first = await load({
      ...storeOrder(1, [3, 4]),
      'invoice.csv': ['invoice_no,party_type,party_no,invoice_date,amount_ex_tax,tax_amount,tax_rate', `LOF-I1,4,${supplier},${today},100,13,0.13`],
    });
    expect(first, JSON.stringify(first.rejectList)).toMatchObject({ ok: true, status: 'done' });
    const now110 = await totals(110);
    expect(Number(now110.orders) - Number(was110.orders)).toBe(1);
    expect(Number(now110.ordered_qty) - Number(was110.ordered_qty)).toBeCloseTo(7, 3);
    const now193 = await totals(193);
    cents(Number(now193.amount_incl_tax) - Number(was193.amount_incl_tax), 113, '193 amount incl. tax');
    expect(Number(now193.invoice_count) - Number(was193.invoice_count)).toBe(1);

    // processed the next hour, one line dropped: the stored order becomes the new one, nothing of the old stays
    const second = await load(storeOrder(2, [5, 0]));
    expect(second, JSON.stringify(second.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await q("SELECT status FROM store_order WHERE tenant_id = 10139 AND dorder_no = 'LOF-O1'")).toEqual([{ status: 2 }]);
    expect(await q("SELECT line_id, qty FROM store_order_item WHERE tenant_id = 10139 AND dorder_no = 'LOF-O1' ORDER BY line_id")).toEqual([{ line_id: 1, qty: 5 }]);
    const after110 = await totals(110);
    expect(Number(after110.orders) - Number(was110.orders)).toBe(1);
    expect(Number(after110.ordered_qty) - Number(was110.ordered_qty)).toBeCloseTo(5, 3);
    expect(Number(after110.processed_orders) - Number(was110.processed_orders)).toBe(1);
    // and it moves nothing of the stock
    expect(await q("SELECT doc_no FROM stock_ledger WHERE tenant_id = 10139 AND doc_no = 'LOF-O1'")).toEqual([]);
  });

  it('a settlement is dated by its month: this month moves 192, one before the open period or no month at all is refused', async () => {
    const month = today.slice(0, 7);
    const monthTotals = async () => (await reportClient(s, today).open(192, token, (qq) => ({ ...qq, date_start: month, date_end: month, whereList: '[]' }))).totals;
    const was = await monthTotals();
    const settlement = (no: string, period: string) => ({
      'settlement.csv': ['settlement_no,party_type,party_no,period_month,settlement_amount,settled_amount,status,invoice_status', `${no},4,${supplier},${period},500,200,2,0`],
      'settlement_item.csv': ['settlement_no,doc_type,doc_no,amount', `${no},1,LOF-X1,500`],
    });
    const done = await load(settlement('LOF-S1', month));
    expect(done, JSON.stringify(done.rejectList)).toMatchObject({ ok: true, status: 'done' });
    const now = await monthTotals();
    cents(Number(now.settlement_amount) - Number(was.settlement_amount), 500, '192 settlement amount');
    cents(Number(now.outstanding) - Number(was.outstanding), 300, '192 outstanding');
    const old = await load(settlement('LOF-S2', '2020-01'));
    expect(old.status).toBe('refused');
    expect(old.rejectList[0]).toMatchObject({ column: 'period_month', value: '2020-01' });
    const bad = await load(settlement('LOF-S3', '2026-1x'));
    expect(bad.rejectList[0]).toMatchObject({ column: 'period_month', zh: '2026-1x 不是月份（YYYY-MM）' });
  });

  it('packing, tours, storage movements, payables, receivables and paid memberships move 179, 163, 180, 107, 124 and 161 by their rows', async () => {
    const yesterday = addDays(today, -1);
    const one = async (sql: string) => (await q(sql))[0];
    const center = String((await one("SELECT center_code FROM logistics_center WHERE tenant_id = 10139 AND center_type = '2' ORDER BY center_code LIMIT 1")).center_code);
    const storage = await one('SELECT s.storage_no, r.storage_project_no FROM storage s CROSS JOIN storage_fee_rate r WHERE s.tenant_id = 10139 AND r.tenant_id = 10139 ORDER BY 1, 2 LIMIT 1');
    const arap = String((await one('SELECT arap_type FROM ar_ap_type WHERE tenant_id = 10139 ORDER BY arap_type LIMIT 1')).arap_type);
    const wholesaler = String((await one('SELECT wholesaler_no FROM wholesaler WHERE tenant_id = 10139 ORDER BY wholesaler_no LIMIT 1')).wholesaler_no);
    const card = String((await one('SELECT plus_card_no FROM plus_member_card WHERE tenant_id = 10139 ORDER BY plus_card_no LIMIT 1')).plus_card_no);
    const member = String((await one('SELECT member_no FROM member WHERE tenant_id = 10139 ORDER BY member_no LIMIT 1')).member_no);
    const reports: [number, string | null][] = [[179, yesterday], [163, yesterday], [180, today], [107, null], [124, null], [161, today]];
    const before = Object.fromEntries(await Promise.all(reports.map(async ([id, day]) => [id, await totals(id, day)] as const)));
    const done = await load({
      'packing_order.csv': ['packing_no,center_code,packing_type,start_time,finish_time', `LOF-K1,${center},1,${yesterday} 05:00:00,${yesterday} 05:30:00`],
      'packing_order_item.csv': ['packing_no,line_id,sku_no,qty', `LOF-K1,1,${skus[0]},3`, `LOF-K1,2,${skus[1]},4`],
      'tour_order.csv': ['tour_no,tour_type,center_code,depart_time', `LOF-T2,1,${center},${yesterday} 06:00:00`],
      'tour_order_stop.csv': ['tour_no,seq,org_code,qty', `LOF-T2,1,${store.org_code},12`, `LOF-T2,2,${store.org_code},8`],
      'storage_stock_ledger.csv': [
        'id,storage_no,storage_project_no,sku_no,direction,qty,biz_date',
        `9101390000001,${storage.storage_no},${storage.storage_project_no},${skus[0]},1,10,${today}`,
        `9101390000002,${storage.storage_no},${storage.storage_project_no},${skus[0]},2,3,${today}`,
      ],
      'ar_ap_ledger.csv': [
        'ledger_id,direction,arap_type,party_type,party_no,amount,biz_time',
        `9101390000001,2,${arap},4,${supplier},100,${today} 10:00:00`,
        `9101390000002,2,${arap},4,${supplier},-40,${today} 11:00:00`,
        `9101390000003,1,${arap},3,${wholesaler},70,${today} 10:00:00`,
      ],
      'plus_member_subscription.csv': ['sub_no,plus_card_no,member_no,org_code,amount,is_renewal,buy_time', `LOF-P1,${card},${member},${store.org_code},99,1,${today} 09:00:00`],
    });
    expect(done, JSON.stringify(done.rejectList)).toMatchObject({ ok: true, status: 'done' });
    const after = Object.fromEntries(await Promise.all(reports.map(async ([id, day]) => [id, await totals(id, day)] as const)));
    const moved = (id: number, key: string) => Number(after[id][key] ?? 0) - Number(before[id][key] ?? 0);
    expect([moved(179, 'packing_orders'), moved(179, 'lines'), moved(179, 'qty')]).toEqual([1, 2, 7]);
    expect([moved(163, 'tours'), moved(163, 'stops'), moved(163, 'stop_qty')]).toEqual([1, 2, 20]);
    expect([moved(180, 'inbound_qty'), moved(180, 'outbound_qty'), moved(180, 'closing_qty')]).toEqual([10, 3, 7]);
    cents(moved(107, 'incurred'), 100, '107 incurred');
    cents(moved(107, 'paid'), 40, '107 paid');
    cents(moved(107, 'closing'), 60, '107 closing');
    cents(moved(124, 'incurred'), 70, '124 incurred');
    expect([moved(161, 'cards_sold'), moved(161, 'renewals')]).toEqual([1, 1]);
    cents(moved(161, 'revenue'), 99, '161 revenue');
  });

  it('a tour with its stops loads; a ledger row is refused once stored and nothing of its load is written', async () => {
    const [c] = await q("SELECT center_code FROM logistics_center WHERE tenant_id = 10139 AND center_type = '2' ORDER BY center_code LIMIT 1");
    const tour = await load({
      'tour_order.csv': ['tour_no,tour_type,center_code,depart_time', `LOF-T1,1,${c.center_code},${today} 06:00:00`],
      'tour_order_stop.csv': ['tour_no,seq,org_code,qty', `LOF-T1,1,${store.org_code},12`],
    });
    expect(tour, JSON.stringify(tour.rejectList)).toMatchObject({ ok: true, status: 'done' });
    expect(await q("SELECT seq, org_code FROM tour_order_stop WHERE tenant_id = 10139 AND tour_no = 'LOF-T1'")).toEqual([{ seq: 1, org_code: store.org_code }]);

    const [l] = await q('SELECT * FROM ar_ap_ledger WHERE tenant_id = 10139 ORDER BY ledger_id LIMIT 1');
    const header = Object.keys(l).filter((k) => k !== 'tenant_id' && l[k] !== null && !(l[k] instanceof Date) && !/time/.test(k));
    const again = await load({
      'ar_ap_ledger.csv': [`${header.join(',')},biz_time`, `${header.map((k) => String(l[k])).join(',')},${today} 10:00:00`],
      'store_order.csv': ['dorder_no,store_no,org_code,status,order_time,amount', `LOF-O9,${store.store_no},${store.org_code},1,${today} 09:30:00,2`],
    });
    expect(again.status).toBe('refused');
    expect(again.rejectList[0]).toMatchObject({ table: 'ar_ap_ledger', column: 'ledger_id' });
    expect(await q("SELECT dorder_no FROM store_order WHERE tenant_id = 10139 AND dorder_no = 'LOF-O9'")).toEqual([]);
  });
});
