/**
 * The stock, purchase, supplier, finance, logistics and store-order reports end to end on the demo seed,
 * through the real HTTP routes: for every report the config its catalogue row asks for and a default
 * query with rows and a well-formed totals row (both tabs of 88/129 and 89/131); for most of them the
 * totals checked to the cent against hand-written SQL over the base tables; then the scopes — a
 * supplier sees only its own rows (on the column of each fact family) and a store user
 * only its own store. Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { DateRangeConfig, ReportQuery, ReportRow } from '../../engine/wire';
import type { Db } from '../../server/db/types';
import { cents, one as oneRow, rate, reportClient } from './report-helpers';
import { login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let db: Db;
let client: ReturnType<typeof reportClient>;
const tokens: Record<string, string> = {};
const today = businessToday();
const TENANT = 10139;
let storeOrg = '';
let supplierNo = '';

beforeAll(async () => {
  server = await startTestServer();
  db = server.testDb.db;
  client = reportClient(server, today);
  tokens.hq = (await login(server.app, 'admin', 'HMT')).token;
  tokens.store = (await login(server.app, 'store01', 'HMD')).token;
  tokens.supplier = (await login(server.app, 'supplier01', 'HMS')).token;
  const [store] = await db.query<{ org_code: string }>("SELECT org_code FROM account WHERE tenant_id = $1 AND username = 'store01'", [TENANT]);
  const [supplier] = await db.query<{ supplier_no: string }>("SELECT supplier_no FROM account WHERE tenant_id = $1 AND username = 'supplier01'", [TENANT]);
  storeOrg = store.org_code;
  supplierNo = supplier.supplier_no;
}, 180_000);

afterAll(() => server?.close());

const open = (id: number, token = tokens.hq, tweak?: (q: ReportQuery) => ReportQuery, isHistory?: '1' | '2') =>
  isHistory ? openTab(id, token, isHistory, tweak) : client.open(id, token, tweak);
const one = (sql: string, params: unknown[]) => oneRow(db, sql, params);
const where = (items: { where_id: string; operator_id: number; operation_value: (string | number)[] }[]) => JSON.stringify(items);

/** A history-tab page opened on one tab, as the page does after a tab change. */
async function openTab(id: number, token: string, isHistory: '1' | '2', tweak: (q: ReportQuery) => ReportQuery = (q) => q) {
  const cfg = await client.config(id, token, isHistory);
  const query = tweak({ ...initialRequest(cfg, today), is_history: isHistory, table_id: id });
  const data = await client.call<{ list: ReportRow[]; total: number; title: { value: string; type: string }[] }>('POST', `/api/reports/${cfg.table_id}/data`, token, query);
  const totals = await client.call<{ list: ReportRow[]; total: number }>('POST', `/api/reports/${cfg.table_id}/totals`, token, query);
  expect(data.status, JSON.stringify(data.body)).toBe(200);
  expect(totals.status, JSON.stringify(totals.body)).toBe(200);
  return { cfg, query, data: data.body.data, totals: totals.body.data.list[0], count: totals.body.data.total };
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** First and last day of a 'YYYY-MM' range as the page sends it. */
function monthDays(start: string, end: string): [string, string] {
  const [y, m] = end.split('-').map(Number);
  return [`${start}-01`, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)];
}

// ------------------------------------------------------------------ config and default data of every report

type DateRule = [DateRangeConfig['granularity'], boolean, DateRangeConfig['default_kind'], DateRangeConfig['restriction']];
interface Expect {
  id: number;
  client: 'hq' | 'store' | 'supplier';
  date: DateRule;
  /** active chips by default; forced ones marked ! */
  chips: string[];
  /** the id the page uses on its default tab */
  uses?: number;
  note?: string;
}

const Y: DateRule = ['day', false, 'yesterday', 'to_yesterday'];
const M1: DateRule = ['day', false, 'month_to_yesterday', 'to_yesterday'];
const L7: DateRule = ['day', false, 'last7', 'to_yesterday'];
const T: DateRule = ['day', false, 'today', 'none'];
const SINCE_1970: DateRule = ['day', false, 'since_1970', 'none'];
const RECENT: DateRule = ['day', false, 'today', 'three_months'];
const RECEIPTS_NOTE = '注：门店收款汇总为非实时数据，不支持查询当天数据。';

const CASES: Expect[] = [
  { id: 61, client: 'hq', date: Y, chips: ['org', 'cate1'] },
  { id: 61, client: 'store', date: Y, chips: ['org', 'cate1'] },
  { id: 76, client: 'hq', date: Y, chips: ['org', 'pay_type'], note: RECEIPTS_NOTE },
  { id: 77, client: 'hq', date: Y, chips: ['org', 'reason'] },
  { id: 77, client: 'store', date: Y, chips: ['org', 'reason'] },
  { id: 78, client: 'store', date: Y, chips: ['pay_type', 'business_date'], note: RECEIPTS_NOTE },
  { id: 88, client: 'hq', date: RECENT, chips: ['supplier', 'org'], uses: 129 },
  { id: 88, client: 'supplier', date: RECENT, chips: ['supplier', 'org'], uses: 129 },
  { id: 89, client: 'hq', date: RECENT, chips: ['supplier', 'org'], uses: 131 },
  { id: 89, client: 'supplier', date: RECENT, chips: ['supplier', 'org'], uses: 131 },
  { id: 110, client: 'hq', date: T, chips: ['org', 'center'] },
  { id: 116, client: 'hq', date: M1, chips: ['sku'] },
  { id: 116, client: 'supplier', date: M1, chips: ['sku'] },
  { id: 117, client: 'hq', date: M1, chips: ['org'] },
  { id: 117, client: 'supplier', date: M1, chips: ['org'] },
  { id: 118, client: 'hq', date: M1, chips: ['sku'] },
  { id: 118, client: 'supplier', date: M1, chips: ['sku'] },
  { id: 123, client: 'hq', date: ['day', true, 'yesterday', 'none'], chips: ['org', 'direction', 'reason'] },
  { id: 123, client: 'store', date: ['day', true, 'yesterday', 'none'], chips: ['org', 'direction', 'reason'] },
  { id: 124, client: 'hq', date: SINCE_1970, chips: ['wholesaler'] },
  { id: 138, client: 'hq', date: SINCE_1970, chips: ['party_type', 'adv_type'] },
  { id: 138, client: 'supplier', date: SINCE_1970, chips: ['party_type', 'adv_type'] },
  { id: 139, client: 'hq', date: T, chips: ['org', 'result'] },
  { id: 139, client: 'store', date: T, chips: ['org', 'result'] },
  { id: 157, client: 'hq', date: SINCE_1970, chips: ['party_type', 'party', 'status'] },
  { id: 157, client: 'supplier', date: SINCE_1970, chips: ['party_type', 'party', 'status'] },
  { id: 162, client: 'hq', date: L7, chips: ['route', 'center'] },
  { id: 163, client: 'hq', date: L7, chips: ['driver'] },
  { id: 164, client: 'hq', date: L7, chips: ['carrier'] },
  { id: 171, client: 'hq', date: Y, chips: ['center!', 'sku'] },
  { id: 179, client: 'hq', date: L7, chips: ['packing_type', 'picker'] },
  { id: 180, client: 'hq', date: T, chips: ['storage', 'client'] },
  { id: 183, client: 'hq', date: ['month', true, 'prev_months', 'earlier_months'], chips: ['supplier', 'month'] },
  { id: 183, client: 'supplier', date: ['month', true, 'prev_months', 'earlier_months'], chips: ['supplier', 'month'] },
  { id: 189, client: 'hq', date: ['day', true, 'yesterday', 'to_yesterday'], chips: ['tour_type', 'driver'] },
  { id: 191, client: 'hq', date: ['day', true, 'today', 'none'], chips: ['org', 'sku'] },
  { id: 191, client: 'store', date: ['day', true, 'today', 'none'], chips: ['org', 'sku'] },
  { id: 192, client: 'hq', date: ['month', true, 'prev_months', 'current_month'], chips: ['party', 'status'] },
  { id: 192, client: 'supplier', date: ['month', true, 'prev_months', 'current_month'], chips: ['party', 'status'] },
  { id: 193, client: 'hq', date: ['day', true, 'today', 'none'], chips: ['party_type', 'invoice_type'] },
  { id: 193, client: 'supplier', date: ['day', true, 'today', 'none'], chips: ['party_type', 'invoice_type'] },
  { id: 194, client: 'hq', date: Y, chips: ['org', 'issue_type'] },
  { id: 194, client: 'store', date: Y, chips: ['org', 'issue_type'] },
];

describe('every stock / purchase / supplier / finance / logistics report: config → data → totals (rules 85–98, 125, 137–144, C9–C11)', () => {
  it.each(CASES)('report $id as $client', async (c) => {
    const { cfg, query, data, totals, count } = await open(c.id, tokens[c.client]);
    expect([cfg.page_table_id, cfg.table_id]).toEqual([c.id, c.uses ?? c.id]);
    const [range] = cfg.dates;
    expect([range.granularity, range.required, range.default_kind, range.restriction]).toEqual(c.date);
    expect(query.date_start && query.date_end, 'the default range is filled').toBeTruthy();
    const chips = cfg.dimension.filter((d) => d.dimension_show === '1');
    expect(chips.filter((d) => d.active).map((d) => `${d.id}${d.forced ? '!' : ''}`)).toEqual(c.chips);
    expect([cfg.sortable, cfg.column_min_width]).toEqual([false, 100]);
    expect(cfg.note).toBe(c.note ?? null);
    // the supplier filter is fixed by the scope on the supplier client, and wholesaler pickers are headquarters-only
    if (c.client === 'supplier') expect(cfg.dimension.filter((d) => ['supplier_no', 'wholesaler_no'].includes(d.id))).toEqual([]);

    expect(data.list.length, `report ${c.id} (${c.client}) default query has no rows`).toBeGreaterThan(0);
    expect(count).toBe(data.total);
    const dims = data.title.filter((t) => t.type === '1').map((t) => t.value);
    const indicators = data.title.filter((t) => t.type === '2').map((t) => t.value);
    expect(indicators).toEqual(cfg.index);
    for (const row of data.list) expect(Object.keys(row)).toEqual([...dims, ...indicators]);
    expect(Object.keys(totals)).toEqual(indicators);
    for (const [k, v] of Object.entries(totals)) expect(v === null || Number.isFinite(v), `${c.id}.${k} = ${String(v)}`).toBe(true);
    expect(Object.values(totals).some((v) => typeof v === 'number' && v !== 0), `report ${c.id} totals are all zero`).toBe(true);
  });

  it('the history tabs of 88 and 89 answer their archive day with rows too (C1, rules 99–110)', async () => {
    for (const [page, used] of [
      [88, 88],
      [89, 89],
    ] as const) {
      for (const token of [tokens.hq, tokens.supplier]) {
        const { cfg, query, data } = await open(page, token, undefined, '1');
        expect([cfg.table_id, cfg.dates[0].default_kind, cfg.dates[0].restriction]).toEqual([used, 'history', 'three_months']);
        expect(cfg.tabs?.map((t) => [t.is_history, t.table_id])).toEqual([
          ['2', page === 88 ? 129 : 131],
          ['1', page],
        ]);
        expect(query.date_start).toBe(addDays(today, -93));
        expect(data.list.length, `page ${page} history tab`).toBeGreaterThan(0);
      }
    }
  });

  it('fixed rules: 139 exports and prints as 409 and filters results 1, 2 by default; 171 has its popup; 191 a third, empty range', async () => {
    const c139 = await client.config(139, tokens.hq);
    expect([c139.export_type, c139.print]).toEqual([409, { export_type: 409, service_type: 'goods' }]);
    expect(c139.dimension.find((d) => d.id === 'result')).toMatchObject({ type: 'multi_select', default_value: ['1', '2'] });
    const c171 = await client.config(171, tokens.hq);
    expect([c171.hide_zero_rows, c171.explain?.title, c171.explain?.sections.length]).toEqual([true, '进销存说明', 4]);
    const c157 = await client.config(157, tokens.hq);
    expect(c157.dimension.find((d) => d.id === 'status')?.default_value).toEqual(['0', '2']);
    const c191 = await client.config(191, tokens.hq);
    expect(c191.dates.map((d) => [d.index, d.required, d.default_kind])).toEqual([
      [1, true, 'today'],
      [3, false, 'none'],
    ]);
      const q = initialRequest(c191, today);
    expect([q.date_start_3, q.end_3]).toEqual(['', '']);
  });

  it('a required date that is missing is 422 请选择日期 (rule 125)', async () => {
    for (const id of [123, 183, 189, 191, 192, 193]) {
      const cfg = await client.config(id, tokens.hq);
          const res = await client.call('POST', `/api/reports/${id}/data`, tokens.hq, { ...initialRequest(cfg, today), date_start: '', date_end: '' });
      expect([id, res.status, res.body.message]).toEqual([id, 422, '请选择日期']);
    }
  });
});

// ------------------------------------------------------------------ totals against hand-written SQL

/** Approved (posted) receipts only: drafts, submitted, rejected and sent-back ones never reach a report. */
const RECEIPTS = (r = 'purchase_receipt', i = 'purchase_receipt_item') =>
  `FROM ${r} r JOIN ${i} ri ON ri.tenant_id = r.tenant_id AND ri.receive_no = r.receive_no AND r.status = 2`;
const RETURNS = (t = 'purchase_return', i = 'purchase_return_item') =>
  `FROM ${t} t JOIN ${i} ti ON ti.tenant_id = t.tenant_id AND ti.return_no = t.return_no`;
const IN_DAYS = (col: string) => `CAST(${col} AS DATE) BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`;

describe('totals to the cent against hand-written SQL', () => {
  it('61 stock balance: the snapshot at date_end only; days of stock from the 30 days up to date_end', async () => {
    const { query, totals } = await open(61, tokens.hq, (q) => ({ ...q, date_start: addDays(q.date_end!, -6) }));
    const end = query.date_end!;
    const stock = await one(
      `SELECT SUM(a.qty) AS qty, SUM(a.amount) AS amount, SUM(a.qty * COALESCE(so.selling_price, k.selling_price, 0)) AS retail,
              COUNT(DISTINCT CASE WHEN a.qty <> 0 THEN a.sku_no END) AS skus, SUM(CASE WHEN a.qty < 0 THEN 1 ELSE 0 END) AS negative
         FROM stock_daily_snapshot a
         JOIN organisation g ON g.tenant_id = a.tenant_id AND g.org_code = a.org_code AND g.org_type = 2
         JOIN sku k ON k.tenant_id = a.tenant_id AND k.sku_no = a.sku_no
         LEFT JOIN sku_org so ON so.tenant_id = a.tenant_id AND so.org_code = a.org_code AND so.sku_no = a.sku_no
        WHERE a.tenant_id = $1 AND a.biz_date = CAST($2 AS DATE)`,
      [TENANT, end],
    );
    const sales = await one(
      `SELECT SUM(i.qty) AS qty FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
         JOIN organisation g ON g.tenant_id = o.tenant_id AND g.org_code = o.org_code AND g.org_type = 2
        WHERE o.tenant_id = $1 AND i.sku_no IS NOT NULL AND ${IN_DAYS('o.business_date')}`,
      [TENANT, addDays(end, -29), end],
    );
    cents(totals.stock_qty, stock.qty);
    cents(totals.stock_amount, stock.amount);
    cents(totals.retail_amount, stock.retail);
    expect([totals.sku_count, totals.negative_sku_count]).toEqual([Number(stock.skus), Number(stock.negative)]);
    if (Number(sales.qty) > 0) expect(totals.days_of_stock as number).toBeCloseTo(Number(stock.qty) / (Number(sales.qty) / 30), 2);
    else expect(totals.days_of_stock).toBeNull();
  });

  it('76 store receipts from the T+1 copy: net = receipts − refunds', async () => {
    const { query, totals } = await open(76);
    const ref = await one(
      `SELECT SUM(receipt_amount) AS receipt, SUM(refund_amount) AS refund, SUM(payment_count) AS n, SUM(fee_amount) AS fee
         FROM sales_payment_daily WHERE tenant_id = $1 AND business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.receipt, ref.receipt);
    cents(totals.refund, ref.refund);
    cents(totals.net_receipt, Number(ref.receipt) - Number(ref.refund));
    cents(totals.fee, ref.fee);
    expect(totals.payment_count).toBe(Number(ref.n));
  });

  it('77 store returns: the return rate over the distribution receipts of the same range; "-" by reason', async () => {
    const { query, totals, data } = await open(77, tokens.hq, (q) => ({ ...q, date_start: addDays(q.date_end!, -6) }));
    const params = [TENANT, query.date_start, query.date_end];
    const ret = await one(
      `SELECT COUNT(DISTINCT r.return_no) AS docs, SUM(ri.qty) AS qty, SUM(ri.amount) AS amount, SUM(ri.rejected_qty) AS rq, SUM(ri.rejected_amount) AS ra
         FROM store_return_order r JOIN store_return_item ri ON ri.tenant_id = r.tenant_id AND ri.return_no = r.return_no
        WHERE r.tenant_id = $1 AND ${IN_DAYS('r.return_time')}`,
      params,
    );
    const dist = await one(
      `SELECT SUM(di.amount) AS amount FROM distribution_order d JOIN distribution_order_item di ON di.tenant_id = d.tenant_id AND di.oub_no = d.oub_no
        WHERE d.tenant_id = $1 AND ${IN_DAYS('d.ship_time')}`,
      params,
    );
    expect(totals.return_docs).toBe(Number(ret.docs));
    cents(totals.return_qty, ret.qty);
    cents(totals.return_amount, ret.amount);
    cents(totals.rejected_qty, ret.rq);
    cents(totals.rejected_amount, ret.ra);
    rate(totals.return_rate, ret.amount, dist.amount);
    expect(data.list.every((r) => r.return_rate === null)).toBe(true);
    const byOrg = await open(77, tokens.hq, (q) => ({ ...q, date_start: query.date_start, dimensionIds: 'org' }));
    expect(byOrg.data.list.some((r) => typeof r.return_rate === 'number')).toBe(true);
  });

  it('88 / 129 purchase receipts: live on the recent tab, archive on the history tab; excl. tax line by line', async () => {
    const ref = (r: string, i: string, q: ReportQuery) =>
      one(
        `SELECT SUM(ri.qty) AS qty, SUM(ri.amount) AS amount, SUM(ri.amount / (1 + COALESCE(ri.input_tax_rate, 0))) AS ex,
                COUNT(DISTINCT r.receive_no) AS docs, COUNT(DISTINCT ri.sku_no) AS skus
           ${RECEIPTS(r, i)} WHERE r.tenant_id = $1 AND ${IN_DAYS('r.receive_time')}`,
        [TENANT, q.date_start, q.date_end],
      );
    for (const [tab, r, i] of [
      ['2', 'purchase_receipt', 'purchase_receipt_item'],
      ['1', 'purchase_receipt_his', 'purchase_receipt_item_his'],
    ] as const) {
      const { query, totals } = await open(88, tokens.hq, undefined, tab);
      const x = await ref(r, i, query);
      cents(totals.qty, x.qty);
      cents(totals.amount, x.amount);
      cents(totals.amount_ex, x.ex);
      cents(totals.input_tax, Number(x.amount) - Number(x.ex));
      expect([totals.docs, totals.sku_count]).toEqual([Number(x.docs), Number(x.skus)]);
    }
  });

  it('89 / 131 purchase returns on both tabs', async () => {
    for (const [tab, t, i] of [
      ['2', 'purchase_return', 'purchase_return_item'],
      ['1', 'purchase_return_his', 'purchase_return_item_his'],
    ] as const) {
      const { query, totals } = await open(89, tokens.hq, undefined, tab);
      const x = await one(
        `SELECT SUM(ti.qty) AS qty, SUM(ti.amount) AS amount, SUM(ti.amount / (1 + COALESCE(ti.input_tax_rate, 0))) AS ex, COUNT(DISTINCT t.return_no) AS docs
           ${RETURNS(t, i)} WHERE t.tenant_id = $1 AND ${IN_DAYS('t.return_time')}`,
        [TENANT, query.date_start, query.date_end],
      );
      cents(totals.qty, x.qty);
      cents(totals.amount, x.amount);
      cents(totals.amount_ex, x.ex);
      cents(totals.input_tax, Number(x.amount) - Number(x.ex));
      expect(totals.docs).toBe(Number(x.docs));
    }
  });

  it('118 supplier in-out-stock: each source per its own supplier column; sell-through and days of cover', async () => {
    const { query, totals } = await open(118, tokens.supplier);
    const params = [TENANT, query.date_start, query.date_end, supplierNo];
    const receipts = await one(`SELECT SUM(ri.qty) AS qty ${RECEIPTS('purchase_receipt_all', 'purchase_receipt_item_all')} WHERE r.tenant_id = $1 AND ${IN_DAYS('r.receive_time')} AND r.supplier_no = $4`, params);
    const returns = await one(`SELECT SUM(ti.qty) AS qty ${RETURNS('purchase_return_all', 'purchase_return_item_all')} WHERE t.tenant_id = $1 AND ${IN_DAYS('t.return_time')} AND t.supplier_no = $4`, params);
    const sales = await one(
      `SELECT SUM(i.qty) AS qty FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = $1 AND ${IN_DAYS('o.business_date')} AND i.supplier_no = $4`,
      params,
    );
    const snap = (day: string) =>
      one(
        `SELECT SUM(a.qty) AS qty FROM stock_daily_snapshot a JOIN sku k ON k.tenant_id = a.tenant_id AND k.sku_no = a.sku_no
          WHERE a.tenant_id = $1 AND a.biz_date = CAST($2 AS DATE) AND k.supplier_no = $3`,
        [TENANT, day, supplierNo],
      );
    const opening = await snap(addDays(query.date_start!, -1));
    const closing = await snap(query.date_end!);
    cents(totals.receipt_qty, receipts.qty);
    cents(totals.return_qty, returns.qty);
    cents(totals.sales_qty, sales.qty);
    cents(totals.close_qty, closing.qty);
    rate(totals.sell_through, sales.qty, Number(opening.qty) + Number(receipts.qty), 4);
    const days = (Date.parse(query.date_end!) - Date.parse(query.date_start!)) / 86_400_000 + 1;
    expect(totals.days_of_cover as number).toBeCloseTo(Number(closing.qty) / (Number(sales.qty) / days), 2);
  });

  it('123 stock adjustments: in − out by direction', async () => {
    const { query, totals } = await open(123);
    const x = await one(
      `SELECT SUM(CASE WHEN a.direction = 1 THEN ai.qty ELSE 0 END) AS in_qty, SUM(CASE WHEN a.direction = 2 THEN ai.qty ELSE 0 END) AS out_qty,
              SUM(CASE WHEN a.direction = 1 THEN ai.amount ELSE 0 END) AS in_amount, SUM(CASE WHEN a.direction = 2 THEN ai.amount ELSE 0 END) AS out_amount,
              COUNT(DISTINCT a.adjust_no) AS docs
         FROM stock_adjustment a JOIN stock_adjustment_item ai ON ai.tenant_id = a.tenant_id AND ai.adjust_no = a.adjust_no
        WHERE a.tenant_id = $1 AND a.status = 2 AND ${IN_DAYS('a.adjust_time')}`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.in_qty, x.in_qty);
    cents(totals.out_qty, x.out_qty);
    cents(totals.net_qty, Number(x.in_qty) - Number(x.out_qty));
    cents(totals.net_amount, Number(x.in_amount) - Number(x.out_amount));
    expect(totals.adjust_docs).toBe(Number(x.docs));
  });

  it('124 receivable balance: opening + incurred − received; pre-receipts 1 − 3 − 4 (C21)', async () => {
    const { query, totals, data } = await open(124, tokens.hq, (q) => ({ ...q, date_start: addDays(today, -60) }));
    const ledger = await one(
      `SELECT SUM(CASE WHEN CAST(biz_time AS DATE) < CAST($2 AS DATE) THEN amount ELSE 0 END) AS opening,
              SUM(CASE WHEN CAST(biz_time AS DATE) >= CAST($2 AS DATE) AND amount > 0 THEN amount ELSE 0 END) AS incurred,
              SUM(CASE WHEN CAST(biz_time AS DATE) >= CAST($2 AS DATE) AND amount < 0 THEN 0 - amount ELSE 0 END) AS received
         FROM ar_ap_ledger WHERE tenant_id = $1 AND direction = 1 AND party_type = 3 AND CAST(biz_time AS DATE) <= CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    const adv = await one(
      `SELECT SUM(CASE WHEN adv_type = 1 THEN amount WHEN adv_type IN (3, 4) THEN 0 - amount ELSE 0 END) AS bal
         FROM advance_payment WHERE tenant_id = $1 AND party_type = 3 AND CAST(biz_time AS DATE) <= CAST($2 AS DATE)`,
      [TENANT, query.date_end],
    );
    const closing = Number(ledger.opening) + Number(ledger.incurred) - Number(ledger.received);
    cents(totals.opening, ledger.opening);
    cents(totals.incurred, ledger.incurred);
    cents(totals.received, ledger.received);
    cents(totals.closing, closing);
    cents(totals.prereceipt, adv.bal);
    cents(totals.net_receivable, closing - Number(adv.bal));
    expect(data.list.length).toBeGreaterThan(0);
  });

  it('138 advances: range columns by type, the two balances at date_end kept apart (C21)', async () => {
    const { query, totals } = await open(138, tokens.hq, (q) => ({ ...q, date_start: addDays(today, -90) }));
    const x = await one(
      `SELECT SUM(CASE WHEN adv_type = 1 AND CAST(biz_time AS DATE) >= CAST($2 AS DATE) THEN amount ELSE 0 END) AS t1,
              SUM(CASE WHEN adv_type = 2 AND CAST(biz_time AS DATE) >= CAST($2 AS DATE) THEN amount ELSE 0 END) AS t2,
              SUM(CASE WHEN adv_type = 9 AND CAST(biz_time AS DATE) >= CAST($2 AS DATE) THEN amount ELSE 0 END) AS t9,
              SUM(CASE WHEN party_type = 3 THEN CASE WHEN adv_type = 1 THEN amount WHEN adv_type IN (3, 4) THEN 0 - amount ELSE 0 END ELSE 0 END) AS customers,
              SUM(CASE WHEN party_type = 4 THEN CASE WHEN adv_type IN (2, 9) THEN amount WHEN adv_type IN (3, 4) THEN 0 - amount ELSE 0 END ELSE 0 END) AS suppliers
         FROM advance_payment WHERE tenant_id = $1 AND CAST(biz_time AS DATE) <= CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.pre_receipt, x.t1);
    cents(totals.prepayment, x.t2);
    cents(totals.adjustment, x.t9);
    cents(totals.prereceipt_balance, x.customers);
    cents(totals.prepayment_balance, x.suppliers);
  });

  it('139 stocktake differences: accuracy over every line of the same stocktakes, despite the result filter [1, 2]', async () => {
    const { query, totals, data } = await open(139, tokens.hq, (q) => ({ ...q, date_start: addDays(today, -40) }));
    const params = [TENANT, query.date_start, query.date_end];
    const lines = await one(
      `SELECT SUM(y.book_qty) AS book, SUM(y.actual_qty) AS actual,
              SUM(CASE WHEN y.result = 1 THEN y.diff_qty ELSE 0 END) AS gain, SUM(CASE WHEN y.result = 2 THEN 0 - y.diff_qty ELSE 0 END) AS loss,
              SUM(CASE WHEN y.result = 1 THEN y.diff_amount ELSE 0 END) AS gain_amount, SUM(CASE WHEN y.result = 2 THEN 0 - y.diff_amount ELSE 0 END) AS loss_amount
         FROM stocktake_item y JOIN stocktake k ON k.tenant_id = y.tenant_id AND k.stocktake_no = y.stocktake_no
        WHERE y.tenant_id = $1 AND k.stocktake_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND y.result IN (1, 2)`,
      params,
    );
    const acc = await one(
      `SELECT SUM(CASE WHEN x.result = 0 THEN 1 ELSE 0 END) AS balanced, COUNT(*) AS all_lines
         FROM stocktake_item x WHERE x.tenant_id = $1 AND x.stocktake_no IN (
           SELECT y.stocktake_no FROM stocktake_item y JOIN stocktake k ON k.tenant_id = y.tenant_id AND k.stocktake_no = y.stocktake_no
            WHERE y.tenant_id = $1 AND k.stocktake_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND y.result IN (1, 2))`,
      params,
    );
    cents(totals.book_qty, lines.book);
    cents(totals.actual_qty, lines.actual);
    cents(totals.diff_qty, Number(lines.actual) - Number(lines.book));
    cents(totals.gain_qty, lines.gain);
    cents(totals.loss_qty, lines.loss);
    cents(totals.net_diff_amount, Number(lines.gain_amount) - Number(lines.loss_amount));
    rate(totals.accuracy, acc.balanced, acc.all_lines);
    expect(Number(totals.accuracy)).toBeGreaterThan(0);
    expect(data.list.every((r) => r.result === '盘盈' || r.result === '盘亏')).toBe(true);
  });

  it('157 outstanding settlements: invoices summed per settlement, voided settlements owe nothing', async () => {
    const { totals } = await open(157, tokens.hq, (q) => ({ ...q, whereList: where([{ where_id: 'status', operator_id: 8, operation_value: ['0', '2', '4'] }]) }));
    const x = await one(
      `SELECT SUM(s.settlement_amount) AS amount, SUM(s.settled_amount) AS settled, COUNT(*) AS n,
              SUM(CASE WHEN s.status = 4 THEN 0 ELSE s.settlement_amount - s.settled_amount END) AS outstanding,
              SUM((SELECT SUM(i.amount_ex_tax + i.tax_amount) FROM invoice i WHERE i.tenant_id = s.tenant_id AND i.settlement_no = s.settlement_no)) AS invoiced
         FROM settlement s WHERE s.tenant_id = $1 AND s.status IN (0, 2, 4) AND CAST(s.created_at AS DATE) <= CAST($2 AS DATE)`,
      [TENANT, today],
    );
    cents(totals.settlement_amount, x.amount);
    cents(totals.settled_amount, x.settled);
    cents(totals.outstanding, x.outstanding);
    cents(totals.invoiced, x.invoiced);
    expect(totals.settlement_count).toBe(Number(x.n));
  });

  it('162 delivery routes: cartons once per shipment, not once per line (C23)', async () => {
    const { query, totals } = await open(162);
    const params = [TENANT, query.date_start, query.date_end];
    const heads = await one(
      `SELECT SUM(cartons) AS cartons, COUNT(*) AS docs, COUNT(DISTINCT to_org_code) AS stores FROM distribution_order WHERE tenant_id = $1 AND ${IN_DAYS('ship_time')}`,
      params,
    );
    const lines = await one(
      `SELECT SUM(di.qty) AS qty, SUM(di.amount) AS amount FROM distribution_order d JOIN distribution_order_item di ON di.tenant_id = d.tenant_id AND di.oub_no = d.oub_no
        WHERE d.tenant_id = $1 AND ${IN_DAYS('d.ship_time')}`,
      params,
    );
    expect([totals.cartons, totals.shipments, totals.stores_served]).toEqual([Number(heads.cartons), Number(heads.docs), Number(heads.stores)]);
    cents(totals.shipped_qty, lines.qty);
    cents(totals.shipped_amount, lines.amount);
  });

  it('163 / 164 / 189 tours: tour-level figures once per tour, stops from the stop lines (C23)', async () => {
    const ref = async (q: ReportQuery) => {
      const params = [TENANT, q.date_start, q.date_end];
      const tours = await one(
        `SELECT COUNT(*) AS tours, SUM(CASE WHEN tour_type = 2 THEN 1 ELSE 0 END) AS returns, SUM(mileage_km) AS mileage, SUM(volume_m3) AS volume,
                SUM(weight_kg) AS weight, SUM(freight_amount) AS freight
           FROM tour_order WHERE tenant_id = $1 AND ${IN_DAYS('depart_time')}`,
        params,
      );
      const stops = await one(
        `SELECT COUNT(*) AS stops, SUM(p.qty) AS qty, COUNT(DISTINCT p.org_code) AS orgs
           FROM tour_order t JOIN tour_order_stop p ON p.tenant_id = t.tenant_id AND p.tour_no = t.tour_no WHERE t.tenant_id = $1 AND ${IN_DAYS('t.depart_time')}`,
        params,
      );
      return { ...tours, ...stops };
    };
    const d163 = await open(163);
    const r163 = await ref(d163.query);
    expect([d163.totals.tours, d163.totals.stops, d163.totals.stores_visited, d163.totals.return_tours]).toEqual(
      [r163.tours, r163.stops, r163.orgs, r163.returns].map(Number),
    );
    cents(d163.totals.stop_qty, r163.qty);
    rate(d163.totals.stops_per_tour, r163.stops, r163.tours, 2);
    const d164 = await open(164);
    const r164 = await ref(d164.query);
    cents(d164.totals.freight, r164.freight);
    cents(d164.totals.volume, r164.volume);
    cents(d164.totals.weight, r164.weight);
    cents(d164.totals.freight_per_tour, Number(r164.freight) / Number(r164.tours));
    const d189 = await open(189, tokens.hq, (q) => ({ ...q, date_start: addDays(q.date_end!, -6) }));
    const r189 = await ref(d189.query);
    cents(d189.totals.mileage, r189.mileage);
    expect([d189.totals.tours, d189.totals.return_tours, d189.totals.stops]).toEqual([r189.tours, r189.returns, r189.stops].map(Number));
  });

  it('171 lots at the logistics centres: totals to the cent, and every row closes its identity (C22)', async () => {
    const { query, totals, data } = await open(171);
    const prev = addDays(query.date_start!, -1);
    const lotJoin = "JOIN logistics_center c ON c.tenant_id = x.tenant_id AND c.center_code = x.center_code AND c.center_type = '2'";
    const snap = (day: string) =>
      one(`SELECT SUM(x.qty) AS qty, SUM(x.amount) AS amount FROM lot_stock_daily_snapshot x ${lotJoin} WHERE x.tenant_id = $1 AND x.biz_date = CAST($2 AS DATE)`, [TENANT, day]);
    const moves = await one(
      `SELECT SUM(CASE WHEN x.doc_type IN (5, 6) THEN x.qty ELSE 0 END) AS sales_qty, SUM(CASE WHEN x.doc_type IN (1, 2) THEN x.amount ELSE 0 END) AS receipt_amount,
              SUM(x.qty) AS qty, SUM(x.amount) AS amount, SUM(x.cost_diff_amount) AS cost_diff
         FROM stock_ledger x ${lotJoin} WHERE x.tenant_id = $1 AND x.lot_no IS NOT NULL AND x.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    const [open0, close0] = [await snap(prev), await snap(query.date_end!)];
    cents(totals.open_qty, open0.qty);
    cents(totals.open_amount, open0.amount);
    cents(totals.close_qty, close0.qty);
    cents(totals.close_amount, close0.amount);
    cents(totals.sales_qty, moves.sales_qty);
    cents(totals.receipt_amount, moves.receipt_amount);
    cents(totals.cost_diff, moves.cost_diff);
    expect(Number(close0.qty) - Number(open0.qty)).toBeCloseTo(Number(moves.qty), 3);
    const kinds = ['receipt', 'return', 'sales', 'reject', 'gain', 'loss', 'transfer', 'scrap', 'requisition', 'adjust'];
    for (const r of data.list) {
      const moved = kinds.reduce((s, k) => s + Number(r[`${k}_qty`]), 0);
      expect(Number(r.close_qty) - Number(r.open_qty)).toBeCloseTo(moved, 3);
      const amount = kinds.reduce((s, k) => s + Number(r[`${k}_amount`]), 0) + Number(r.cost_diff);
      expect(Math.abs(Number(r.close_amount) - Number(r.open_amount) - amount)).toBeLessThan(0.05);
      expect(kinds.some((k) => Number(r[`${k}_qty`]) !== 0 || Number(r[`${k}_amount`]) !== 0) || Number(r.open_qty) !== 0 || Number(r.close_qty) !== 0).toBe(true);
    }
  });

  it('179 picking: minutes per order counted once per order; lines per hour as a ratio of sums (C23)', async () => {
    const { query, totals } = await open(179);
    const params = [TENANT, query.date_start, query.date_end];
    const heads = await db.query<{ start_time: string; finish_time: string }>(
      `SELECT start_time, finish_time FROM packing_order WHERE tenant_id = $1 AND ${IN_DAYS('start_time')}`,
      params,
    );
    const minutes = heads.reduce((s, h) => s + (Date.parse(`${h.finish_time.replace(' ', 'T')}Z`) - Date.parse(`${h.start_time.replace(' ', 'T')}Z`)) / 60_000, 0);
    const lines = await one(
      `SELECT COUNT(*) AS n, SUM(pi.qty) AS qty, COUNT(DISTINCT pi.sku_no) AS skus FROM packing_order k JOIN packing_order_item pi ON pi.tenant_id = k.tenant_id AND pi.packing_no = k.packing_no
        WHERE k.tenant_id = $1 AND ${IN_DAYS('k.start_time')}`,
      params,
    );
    expect([totals.packing_orders, totals.lines, totals.skus]).toEqual([heads.length, Number(lines.n), Number(lines.skus)]);
    cents(totals.qty, lines.qty);
    expect(totals.minutes_per_order as number).toBeCloseTo(minutes / heads.length, 2);
    expect(totals.lines_per_hour as number).toBeCloseTo(Number(lines.n) / (minutes / 60), 2);
  });

  it('180 3PL storage: closing = opening + in − out; the fee counts every day\'s closing stock (unit-days × rate)', async () => {
    const start = addDays(today, -6);
    const { totals } = await open(180, tokens.hq, (q) => ({ ...q, date_start: start, date_end: today }));
    let fee = 0;
    for (let d = start; d <= today; d = addDays(d, 1)) {
      const day = await one(
        `SELECT SUM(x.stock * r.fee_per_unit_day) AS fee FROM (
           SELECT storage_project_no, SUM(CASE WHEN direction = 1 THEN qty ELSE 0 - qty END) AS stock
             FROM storage_stock_ledger WHERE tenant_id = $1 AND biz_date <= CAST($2 AS DATE) GROUP BY storage_project_no) x
           JOIN storage_fee_rate r ON r.tenant_id = $1 AND r.storage_project_no = x.storage_project_no`,
        [TENANT, d],
      );
      fee += Number(day.fee);
    }
    const x = await one(
      `SELECT SUM(CASE WHEN biz_date < CAST($2 AS DATE) THEN CASE WHEN direction = 1 THEN qty ELSE 0 - qty END ELSE 0 END) AS opening,
              SUM(CASE WHEN biz_date >= CAST($2 AS DATE) AND direction = 1 THEN qty ELSE 0 END) AS inbound,
              SUM(CASE WHEN biz_date >= CAST($2 AS DATE) AND direction = 2 THEN qty ELSE 0 END) AS outbound
         FROM storage_stock_ledger WHERE tenant_id = $1 AND biz_date <= CAST($3 AS DATE)`,
      [TENANT, start, today],
    );
    const locations = await one(
      `SELECT COUNT(DISTINCT storage_no || '/' || location_no) AS n FROM (
         SELECT storage_no, storage_project_no, storage_client_no, sku_no, location_no, SUM(CASE WHEN direction = 1 THEN qty ELSE 0 - qty END) AS q
           FROM storage_stock_ledger WHERE tenant_id = $1 AND biz_date <= CAST($2 AS DATE)
          GROUP BY storage_no, storage_project_no, storage_client_no, sku_no, location_no) p WHERE p.q > 0`,
      [TENANT, today],
    );
    cents(totals.opening_qty, x.opening);
    cents(totals.inbound_qty, x.inbound);
    cents(totals.outbound_qty, x.outbound);
    cents(totals.closing_qty, Number(x.opening) + Number(x.inbound) - Number(x.outbound));
    expect(totals.occupied_locations).toBe(Number(locations.n));
    cents(totals.storage_fee, fee);
  });

  it('183 supplier monthly settlement: documents by their month, settlements by period; payable − settled', async () => {
    const { query, totals } = await open(183);
    const [from, to] = monthDays(query.date_start!, query.date_end!);
    const params = [TENANT, from, to];
    const receipts = await one(`SELECT SUM(ri.amount) AS amount ${RECEIPTS('purchase_receipt_all', 'purchase_receipt_item_all')} WHERE r.tenant_id = $1 AND ${IN_DAYS('r.receive_time')}`, params);
    const returns = await one(`SELECT SUM(ti.amount) AS amount ${RETURNS('purchase_return_all', 'purchase_return_item_all')} WHERE t.tenant_id = $1 AND ${IN_DAYS('t.return_time')}`, params);
    const months = [query.date_start, query.date_end];
    const settled = await one(
      'SELECT SUM(settled_amount) AS settled FROM settlement WHERE tenant_id = $1 AND party_type = 4 AND period_month BETWEEN $2 AND $3',
      [TENANT, ...months],
    );
    const invoiced = await one(
      `SELECT SUM(i.amount_ex_tax + i.tax_amount) AS amount FROM invoice i JOIN settlement s ON s.tenant_id = i.tenant_id AND s.settlement_no = i.settlement_no
        WHERE i.tenant_id = $1 AND s.party_type = 4 AND s.period_month BETWEEN $2 AND $3`,
      [TENANT, ...months],
    );
    const payable = Number(receipts.amount) - Number(returns.amount);
    cents(totals.receipt_amount, receipts.amount);
    cents(totals.return_amount, returns.amount);
    cents(totals.payable, payable);
    cents(totals.settled_amount, settled.settled);
    cents(totals.invoiced, invoiced.amount);
    cents(totals.outstanding, payable - Number(settled.settled));
  });

  it('191 lot expiry: remaining days is the earliest expiry (MIN), never a sum', async () => {
    const { query, totals, data } = await open(191, tokens.hq, (q) => ({ ...q, date_start: addDays(today, -30), dimensionIds: 'org' }));
    const lots = await db.query<{ qty: number; price: number; expiration_date: string; shelf: number }>(
      `SELECT ls.stock_num AS qty, l.lot_price AS price, l.expiration_date,
              CASE k.shelflife_unit WHEN 2 THEN k.shelflife * 30 WHEN 3 THEN k.shelflife * 365 ELSE k.shelflife END AS shelf
         FROM lot_stock ls JOIN lot l ON l.tenant_id = ls.tenant_id AND l.lot_no = ls.lot_no JOIN sku k ON k.tenant_id = ls.tenant_id AND k.sku_no = ls.sku_no
        WHERE ls.tenant_id = $1 AND ${IN_DAYS('l.receive_time')}`,
      [TENANT, query.date_start, query.date_end],
    );
    const remaining = (l: { expiration_date: string }) => (Date.parse(l.expiration_date) - Date.parse(today)) / 86_400_000;
    cents(totals.lot_qty, lots.reduce((s, l) => s + Number(l.qty), 0));
    cents(totals.lot_amount, lots.reduce((s, l) => s + Number(l.qty) * Number(l.price), 0));
    expect(totals.remaining_days).toBe(Math.min(...lots.map(remaining)));
    cents(totals.expired_qty, lots.filter((l) => remaining(l) < 0).reduce((s, l) => s + Number(l.qty), 0));
    cents(totals.near_expiry_qty, lots.filter((l) => remaining(l) >= 0 && remaining(l) * 3 <= Number(l.shelf)).reduce((s, l) => s + Number(l.qty), 0));
    expect(Math.min(...data.list.map((r) => Number(r.remaining_days)))).toBe(totals.remaining_days);
  });

  it('192 settlements by month and 193 invoices', async () => {
    const m = await open(192);
    const x = await one(
      `SELECT SUM(settlement_amount) AS amount, SUM(settled_amount) AS settled, SUM(CASE WHEN status = 4 THEN 1 ELSE 0 END) AS voided,
              SUM(CASE WHEN status = 4 THEN 0 ELSE settlement_amount - settled_amount END) AS outstanding
         FROM settlement WHERE tenant_id = $1 AND period_month BETWEEN $2 AND $3`,
      [TENANT, m.query.date_start, m.query.date_end],
    );
    cents(m.totals.settlement_amount, x.amount);
    cents(m.totals.settled_amount, x.settled);
    cents(m.totals.outstanding, x.outstanding);
    expect(m.totals.voided_count).toBe(Number(x.voided));
    const inv = await open(193);
    const y = await one(
      'SELECT COUNT(*) AS n, SUM(amount_ex_tax) AS ex, SUM(tax_amount) AS tax FROM invoice WHERE tenant_id = $1 AND invoice_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)',
      [TENANT, inv.query.date_start, inv.query.date_end],
    );
    expect(inv.totals.invoice_count).toBe(Number(y.n));
    cents(inv.totals.amount_ex_tax, y.ex);
    cents(inv.totals.amount_incl_tax, Number(y.ex) + Number(y.tax));
  });

  it('194 scrapping: the scrap rate over the sales cost of the same range', async () => {
    const { query, totals } = await open(194, tokens.hq, (q) => ({ ...q, date_start: addDays(q.date_end!, -6) }));
    const params = [TENANT, query.date_start, query.date_end];
    const issues = await one(
      `SELECT SUM(CASE WHEN io.issue_type = 12 THEN ii.cost_amount ELSE 0 END) AS scrap, SUM(CASE WHEN io.issue_type = 13 THEN ii.qty ELSE 0 END) AS req_qty
         FROM stock_issue_order io JOIN stock_issue_item ii ON ii.tenant_id = io.tenant_id AND ii.issue_no = io.issue_no
        WHERE io.tenant_id = $1 AND io.status = 2 AND ${IN_DAYS('io.issue_time')}`,
      params,
    );
    const sales = await one(
      `SELECT SUM(i.cost_amount) AS cost FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = $1 AND i.sku_no IS NOT NULL AND ${IN_DAYS('o.business_date')}`,
      params,
    );
    cents(totals.scrap_cost, issues.scrap);
    cents(totals.requisition_qty, issues.req_qty);
    rate(totals.scrap_rate, issues.scrap, sales.cost);
  });
});

// ------------------------------------------------------------------ scopes

describe('scope: a supplier sees only its own rows, on its fact family\'s column (C25)', () => {
  it('purchase receipts and returns (88/129, 89/131) by the document\'s supplier; the supplier filter is refused', async () => {
    for (const page of [88, 89]) {
      for (const tab of ['2', '1'] as const) {
        const { data } = await open(page, tokens.supplier, (q) => ({ ...q, date_start: tab === '2' ? addDays(today, -30) : q.date_start }), tab);
        expect(data.list.length).toBeGreaterThan(0);
        expect(data.list.every((r) => r.supplier_no === supplierNo), `page ${page} tab ${tab}`).toBe(true);
      }
      const cfg = await client.config(page, tokens.supplier);
          const res = await client.call('POST', `/api/reports/${cfg.table_id}/data`, tokens.supplier, {
        ...initialRequest(cfg, today),
        whereList: where([{ where_id: 'supplier_no', operator_id: 1, operation_value: ['V002'] }]),
      });
      expect(res.status).toBe(400);
    }
  });

  it('116 / 117 by the sales line\'s supplier', async () => {
    const { query, totals } = await open(116, tokens.supplier);
    const x = await one(
      `SELECT SUM(CASE WHEN o.is_return = 0 THEN i.qty ELSE 0 END) AS gross, SUM(CASE WHEN o.is_return = 1 THEN 0 - i.qty ELSE 0 END) AS ret,
              SUM(i.sale_amount) AS sales, COUNT(DISTINCT o.org_code) AS stores
         FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = $1 AND ${IN_DAYS('o.business_date')} AND i.supplier_no = $4`,
      [TENANT, query.date_start, query.date_end, supplierNo],
    );
    cents(totals.gross_qty, x.gross);
    cents(totals.return_qty, x.ret);
    cents(totals.qty, Number(x.gross) - Number(x.ret));
    cents(totals.sales, x.sales);
    expect(totals.selling_stores).toBe(Number(x.stores));
    const s117 = await open(117, tokens.supplier);
    cents(s117.totals.sales, x.sales);
    const hq = await open(117, tokens.hq, (q) => ({ ...q, whereList: where([{ where_id: 'supplier_no', operator_id: 1, operation_value: [supplierNo] }]) }));
    cents(hq.totals.sales, x.sales);
  });

  it('finance reports by party type 4 and the own party number (138, 157, 183, 192, 193)', async () => {
    const partyRows = async (id: number, tweak?: (q: ReportQuery) => ReportQuery) => (await open(id, tokens.supplier, tweak)).data.list;
    for (const r of await partyRows(138, (q) => ({ ...q, dimensionIds: 'party_type,party' }))) expect([r.party_type, r.party_no]).toEqual(['供应商', supplierNo]);
    for (const r of await partyRows(157)) expect([r.party_type, r.party_no]).toEqual(['供应商', supplierNo]);
    for (const r of await partyRows(192)) expect(r.party_no).toBe(supplierNo);
    for (const r of await partyRows(183)) expect(r.supplier_no).toBe(supplierNo);
    for (const r of await partyRows(193, (q) => ({ ...q, dimensionIds: 'party_type,party' }))) expect([r.party_type, r.party_no]).toEqual(['供应商', supplierNo]);
    const { totals } = await open(157, tokens.supplier);
    const x = await one(
      `SELECT SUM(settlement_amount) AS amount FROM settlement WHERE tenant_id = $1 AND party_type = 4 AND party_no = $2 AND status IN (0, 2)`,
      [TENANT, supplierNo],
    );
    cents(totals.settlement_amount, x.amount);
  });

  it('118 by each source\'s own supplier: stock by the SKU\'s main supplier', async () => {
    const { data } = await open(118, tokens.supplier, (q) => ({ ...q, dimensionIds: 'sku' }));
    const own = await db.query<{ sku_no: string }>('SELECT sku_no FROM sku WHERE tenant_id = $1 AND supplier_no = $2', [TENANT, supplierNo]);
    const skus = new Set(own.map((s) => s.sku_no));
    const foreignStock = data.list.filter((r) => !skus.has(String(r.sku_no)) && Number(r.close_qty) !== 0);
    expect(foreignStock).toEqual([]);
  });
});

describe('scope: a store user sees only its own store (C25)', () => {
  it.each([61, 77, 123, 139, 191, 194])('report %i: own org only, whatever the org filter asks', async (id) => {
    const wide = (q: ReportQuery) => ({ ...q, date_start: id === 191 ? addDays(today, -30) : addDays(q.date_end!, -6) });
    const { data } = await open(id, tokens.store, wide);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((r) => r.org_code === storeOrg)).toBe(true);
    const cfg = await client.config(id, tokens.store);
    if (!cfg.dimension.some((d) => d.id === 'org_code')) return;
    const other = await open(id, tokens.store, (q) => ({ ...wide(q), whereList: where([{ where_id: 'org_code', operator_id: 8, operation_value: ['2002'] }]) }));
    expect(other.data.list.filter((r) => r.org_code !== storeOrg)).toEqual([]);
  });

  it('78 store receipts: the store user\'s own T+1 receipts to the cent', async () => {
    const { query, totals } = await open(78, tokens.store);
    const x = await one(
      `SELECT SUM(receipt_amount) AS receipt, SUM(refund_amount) AS refund FROM sales_payment_daily
        WHERE tenant_id = $1 AND org_code = $4 AND business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end, storeOrg],
    );
    cents(totals.receipt, x.receipt);
    cents(totals.net_receipt, Number(x.receipt) - Number(x.refund));
  });

  it('headquarters-only reports are not the store\'s or the supplier\'s', async () => {
    for (const id of [110, 124, 162, 171, 180]) {
      expect((await client.call('GET', `/api/reports/${id}/config`, tokens.store)).status).toBe(404);
      expect((await client.call('GET', `/api/reports/${id}/config`, tokens.supplier)).status).toBe(404);
    }
  });
});
