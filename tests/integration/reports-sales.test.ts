/**
 * The sales, member, marketing, online-mall and service reports end to end on the demo seed, through
 * the real HTTP routes: for every report the config the catalogue row asks for and a default query
 * with rows and a well-formed totals row; for most of them the totals checked to the cent against
 * hand-written SQL over the base tables; then the store user's scope. Runs on DuckDB, and on
 * PostgreSQL when HM_DATABASE_URL is set.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateRangeConfig, ReportQuery, ReportRow } from '../../engine/wire';
import type { Db } from '../../server/db/types';
import { cents, one as oneRow, rate, reportClient } from './report-helpers';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let db: Db;
let client: ReturnType<typeof reportClient>;
const tokens: Record<string, string> = {};
const today = businessToday();
const TENANT = 10139;
let storeOrg = '';
let relatedOrgs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  db = server.testDb.db;
  client = reportClient(server, today);
  tokens.hq = (await login(server.app, 'admin', 'HMT')).token;
  tokens.store = (await login(server.app, 'store01', 'HMD')).token;
  const [acc] = await db.query<{ org_code: string }>("SELECT org_code FROM account WHERE tenant_id = $1 AND username = 'store01'", [TENANT]);
  storeOrg = acc.org_code;
  const rel = await db.query<{ org_code: string }>(
    `SELECT r.org_code FROM account_org_relation r JOIN account a ON a.tenant_id = r.tenant_id AND a.account_id = r.account_id
      WHERE a.tenant_id = $1 AND a.username = 'store01' ORDER BY 1`,
    [TENANT],
  );
  relatedOrgs = rel.map((r) => r.org_code);
}, 180_000);

afterAll(() => server?.close());

const open = (id: number, token = tokens.hq, tweak?: (q: ReportQuery) => ReportQuery) => client.open(id, token, tweak);
const one = (sql: string, params: unknown[]) => oneRow(db, sql, params);
const where = (items: { where_id: string; operator_id: number; operation_value: (string | number)[] }[]) => JSON.stringify(items);

// ------------------------------------------------------------------ config and default data of every report

type DateRule = [DateRangeConfig['granularity'], boolean, DateRangeConfig['default_kind'], DateRangeConfig['restriction']];
interface Expect {
  id: number;
  client: 'hq' | 'store';
  date: DateRule;
  /** active chips by default; forced ones marked ! */
  chips: string[];
  sortable?: boolean;
  note?: string;
}

const Y: DateRule = ['day', false, 'yesterday', 'to_yesterday'];
const M1: DateRule = ['day', false, 'month_to_yesterday', 'to_yesterday'];
const T: DateRule = ['day', false, 'today', 'none'];
const WK: DateRule = ['week', true, 'last_week', 'completed_weeks'];
const VIRTUAL_NOTE = '注：虚拟订单包括充值、服务、套餐卡、礼品卡、积分兑换、促销礼包订单。';

const CASES: Expect[] = [
  { id: 34, client: 'store', date: M1, chips: ['org!', 'sku'] },
  { id: 35, client: 'hq', date: Y, chips: ['org', 'business_date'] },
  { id: 41, client: 'hq', date: T, chips: ['register_org', 'level'] },
  { id: 44, client: 'hq', date: M1, chips: ['org'] },
  { id: 48, client: 'hq', date: M1, chips: ['level', 'org'] },
  { id: 90, client: 'hq', date: T, chips: ['virtual_type', 'org'], note: VIRTUAL_NOTE },
  { id: 91, client: 'store', date: T, chips: ['virtual_type', 'business_date'], note: VIRTUAL_NOTE },
  { id: 111, client: 'hq', date: T, chips: ['org', 'sku'], note: '注：备货汇总仅统计线上商城备货中的订单。' },
  { id: 112, client: 'hq', date: ['day', true, 'yesterday', 'to_yesterday'], chips: ['wholesaler', 'center'] },
  { id: 121, client: 'hq', date: ['day', true, 'yesterday', 'to_yesterday'], chips: ['sku!'], sortable: true },
  { id: 143, client: 'hq', date: Y, chips: ['cate1!'], sortable: true },
  { id: 144, client: 'hq', date: Y, chips: ['brand!'], sortable: true },
  { id: 145, client: 'hq', date: ['month', false, 'prev_months', 'current_month'], chips: ['level', 'month'] },
  { id: 147, client: 'hq', date: Y, chips: ['member!'], sortable: true },
  { id: 148, client: 'hq', date: Y, chips: ['supplier!'], sortable: true },
  { id: 149, client: 'hq', date: Y, chips: ['cashier!'], sortable: true },
  { id: 150, client: 'hq', date: ['day', false, 'since_1970', 'none'], chips: ['issue_org', 'card'] },
  { id: 154, client: 'hq', date: M1, chips: ['card', 'org'] },
  { id: 160, client: 'hq', date: M1, chips: ['activity', 'org'] },
  { id: 161, client: 'hq', date: T, chips: ['plus_card', 'org'] },
  { id: 182, client: 'hq', date: ['month', true, 'prev_months', 'earlier_months'], chips: ['org', 'month'] },
  { id: 184, client: 'hq', date: WK, chips: ['org', 'week'] },
  { id: 186, client: 'hq', date: WK, chips: ['sku', 'week'] },
  { id: 187, client: 'hq', date: ['datetime', true, 'today_datetime', 'none'], chips: ['org', 'hour'] },
  { id: 196, client: 'hq', date: Y, chips: ['sku!'], sortable: true },
  { id: 197, client: 'hq', date: ['datetime', false, 'today_datetime', 'none'], chips: ['org'], sortable: true },
  { id: 198, client: 'hq', date: Y, chips: ['member!'], sortable: true },
  { id: 199, client: 'hq', date: M1, chips: ['service!'], sortable: true },
];

describe('every sales / member / mall / service report: config → data → totals (rules 85–98, 115–118, 137–144)', () => {
  it.each(CASES)('report $id as $client', async (c) => {
    const token = tokens[c.client];
    const { cfg, query, data, totals, count } = await open(c.id, token);
    expect(cfg.table_id).toBe(c.id);
    const [range] = cfg.dates;
    expect([range.granularity, range.required, range.default_kind, range.restriction]).toEqual(c.date);
    expect(query.date_start && query.date_end, 'the default range is filled').toBeTruthy();
    const chips = cfg.dimension.filter((d) => d.dimension_show === '1');
    expect(chips.filter((d) => d.active).map((d) => `${d.id}${d.forced ? '!' : ''}`)).toEqual(c.chips);
    expect(cfg.sortable).toBe(!!c.sortable);
    expect(cfg.column_min_width).toBe(c.sortable ? 180 : 100);
    expect(cfg.note).toBe(c.note ?? null);
    expect(cfg.org_restricted).toBe(c.id === 34);

    expect(data.list.length, `report ${c.id} default query has no rows`).toBeGreaterThan(0);
    expect(count).toBe(data.total);
    const dims = data.title.filter((t) => t.type === '1').map((t) => t.value);
    const indicators = data.title.filter((t) => t.type === '2').map((t) => t.value);
    expect(indicators).toEqual(cfg.index);
    expect(data.title.every((t) => t.min_width === cfg.column_min_width && t.sortable === cfg.sortable)).toBe(true);
    for (const row of data.list) expect(Object.keys(row)).toEqual([...dims, ...indicators]);
    // the totals row: every indicator, numbers (or "-" / an empty rank / a text such as a last order time)
    expect(Object.keys(totals)).toEqual(indicators);
    for (const [k, v] of Object.entries(totals)) {
      expect(v === null || typeof v === 'string' || Number.isFinite(v), `${c.id}.${k} = ${String(v)}`).toBe(true);
    }
    expect(Object.values(totals).some((v) => typeof v === 'number' && v !== 0), `report ${c.id} totals are all zero`).toBe(true);
  });
});

// ------------------------------------------------------------------ totals against hand-written SQL

const LINES = (orders = 'sales_order_all', items = 'sales_order_item_all') =>
  `FROM ${orders} o JOIN ${items} i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no`;
const BIZ_DAYS = 'o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)';

describe('totals to the cent against hand-written SQL', () => {
  it('35 store daily sales: gross − refund = net, customers, member share (rules C17, C18)', async () => {
    const { query, totals } = await open(35);
    const ref = await one(
      `SELECT COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders,
              SUM(CASE WHEN o.is_return = 0 THEN i.sale_amount ELSE 0 END) AS gross,
              SUM(CASE WHEN o.is_return = 0 THEN i.discount_amount ELSE 0 END) AS discount,
              SUM(CASE WHEN o.is_return = 1 THEN 0 - i.sale_amount ELSE 0 END) AS refund,
              SUM(i.sale_amount) AS net,
              SUM(CASE WHEN o.member_no IS NOT NULL THEN i.sale_amount ELSE 0 END) AS member_sales
         ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    const heads = await one(
      `SELECT COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.member_no END)
              + COUNT(DISTINCT CASE WHEN o.is_return = 0 AND o.member_no IS NULL THEN o.order_no END) AS customers
         FROM sales_order_all o WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    expect(totals.orders).toBe(Number(ref.orders));
    expect(totals.customers).toBe(Number(heads.customers));
    cents(totals.gross_sales, ref.gross);
    cents(totals.gross_discount, ref.discount);
    cents(totals.refund, ref.refund);
    cents(totals.net_sales, ref.net);
    cents(totals.net_sales, Number(ref.gross) - Number(ref.refund));
    cents(totals.atv, Number(ref.net) / Number(ref.orders));
    rate(totals.member_sales_rate, ref.member_sales, ref.net);
  });

  it('44 traffic & basket: items per ticket and member order share as ratios of sums', async () => {
    const { query, totals, data } = await open(44, tokens.hq, (q) => ({ ...q, dimensionIds: 'org,hour' }));
    expect(data.title.map((t) => t.value).slice(0, 3)).toEqual(['org_code', 'org_name', 'hour']);
    const ref = await one(
      `SELECT COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders, SUM(i.qty) AS qty, SUM(i.sale_amount) AS sales,
              COUNT(DISTINCT CASE WHEN o.is_return = 0 AND o.member_no IS NOT NULL THEN o.order_no END) AS member_orders
         ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    expect(totals.orders).toBe(Number(ref.orders));
    cents(totals.qty, ref.qty);
    cents(totals.sales, ref.sales);
    expect(totals.items_per_ticket as number).toBeCloseTo(Number(ref.qty) / Number(ref.orders), 3);
    rate(totals.member_order_rate, ref.member_orders, ref.orders);
  });

  it('48 member consumption: spend once per order, points from the ledger, share of all sales (members and not)', async () => {
    const { query, totals, data } = await open(48);
    const params = [TENANT, query.date_start, query.date_end];
    const lines = await one(
      `SELECT SUM(CASE WHEN o.member_no IS NOT NULL THEN i.sale_amount ELSE 0 END) AS member_sales, SUM(i.sale_amount) AS all_sales
         ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      params,
    );
    const heads = await one(
      `SELECT COUNT(DISTINCT o.member_no) AS buyers, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders, SUM(o.pay_amount) AS spend
         FROM sales_order_all o WHERE o.tenant_id = $1 AND o.member_no IS NOT NULL AND ${BIZ_DAYS}`,
      params,
    );
    const points = await one(
      `SELECT SUM(CASE WHEN p.points > 0 THEN p.points ELSE 0 END) AS earned, SUM(CASE WHEN p.points < 0 THEN 0 - p.points ELSE 0 END) AS used
         FROM member_points_ledger p WHERE p.tenant_id = $1 AND p.biz_time >= CAST($2 AS DATE) AND p.biz_time < CAST($3 AS DATE) + 1`,
      params,
    );
    expect(totals.buyers).toBe(Number(heads.buyers));
    expect(totals.orders).toBe(Number(heads.orders));
    cents(totals.sales, lines.member_sales);
    cents(totals.spend_per_member, Number(heads.spend) / Number(heads.buyers));
    cents(totals.points_earned, points.earned);
    cents(totals.points_used, points.used);
    rate(totals.member_sales_share, lines.member_sales, lines.all_sales);
    // every row divides by the same all-sales figure, so the rows' shares add up to the totals row's
    const all = data.list.reduce((s, r) => s + Number(r.member_sales_share ?? 0), 0);
    expect(all).toBeCloseTo(Number(totals.member_sales_share), 6);
  });

  it('90 virtual orders: amounts from the non-return lines, every virtual type today', async () => {
    const { query, totals, data } = await open(90);
    expect(new Set(data.list.map((r) => r.virtual_type))).toEqual(new Set(['充值', '服务', '套餐卡', '礼品卡', '积分兑换', '促销礼包']));
    const ref = await one(
      `SELECT COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders, SUM(i.qty) AS qty,
              SUM(CASE WHEN o.is_return = 0 THEN i.sale_amount + i.discount_amount ELSE 0 END) AS order_amount,
              SUM(CASE WHEN o.is_return = 0 THEN i.discount_amount ELSE 0 END) AS discount,
              SUM(CASE WHEN o.is_return = 0 THEN i.sale_amount ELSE 0 END) AS paid,
              SUM(CASE WHEN o.is_return = 1 THEN 0 - i.sale_amount ELSE 0 END) AS refund
         ${LINES()} WHERE o.tenant_id = $1 AND o.order_kind = 2 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    expect(totals.orders).toBe(Number(ref.orders));
    cents(totals.qty, ref.qty);
    cents(totals.order_amount, ref.order_amount);
    cents(totals.gross_discount, ref.discount);
    cents(totals.gross_sales, ref.paid);
    cents(totals.refund, ref.refund);
    cents(totals.net_sales, Number(ref.paid) - Number(ref.refund));
  });

  it('111 stock preparation: available stock once per (org, sku), shortage summed per pair (not MAX of sums)', async () => {
    const { query, totals, data } = await open(111);
    const ref = await one(
      `SELECT SUM(q.orders) AS orders, SUM(q.qty) AS qty, SUM(q.amount) AS amount, SUM(q.avail) AS avail,
              SUM(CASE WHEN q.qty - q.avail > 0 THEN q.qty - q.avail ELSE 0 END) AS shortage
         FROM (SELECT o.fulfil_org_code, i.sku_no, COUNT(DISTINCT o.order_no) AS orders, SUM(i.qty) AS qty, SUM(i.sale_amount) AS amount,
                      COALESCE((SELECT SUM(k.usable_num) FROM stock k WHERE k.tenant_id = o.tenant_id AND k.org_code = o.fulfil_org_code AND k.sku_no = i.sku_no), 0) AS avail
                 ${LINES()}
                WHERE o.tenant_id = $1 AND o.order_source = 2 AND o.prep_status = 2 AND i.sku_no IS NOT NULL AND ${BIZ_DAYS}
                GROUP BY o.tenant_id, o.fulfil_org_code, i.sku_no) q`,
      [TENANT, query.date_start, query.date_end],
    );
    const [{ orders }] = await db.query<{ orders: number }>(
      `SELECT COUNT(DISTINCT o.order_no) AS orders FROM sales_order o
        WHERE o.tenant_id = $1 AND o.order_source = 2 AND o.prep_status = 2 AND ${BIZ_DAYS}
          AND EXISTS (SELECT 1 FROM sales_order_item i WHERE i.tenant_id = o.tenant_id AND i.order_no = o.order_no AND i.sku_no IS NOT NULL)`,
      [TENANT, query.date_start, query.date_end],
    );
    expect(totals.prep_orders).toBe(Number(orders));
    cents(totals.prep_qty, ref.qty);
    cents(totals.prep_amount, ref.amount);
    cents(totals.available_stock, ref.avail);
    cents(totals.shortage, ref.shortage);
    expect(Number(ref.shortage)).toBeGreaterThan(0);
    const byPickup = await open(111, tokens.hq, (q) => ({ ...q, dimensionIds: 'org,pickup' }));
    expect(byPickup.data.list.every((r) => r.available_stock === null && r.shortage === null)).toBe(true);
    cents(byPickup.totals.shortage, ref.shortage);
    expect(data.list.length).toBeGreaterThan(0);
  });

  it('112 wholesale: excl. tax line by line, GM on excl. amounts, returns shown positive', async () => {
    const { query, totals } = await open(112);
    const ref = await one(
      `SELECT SUM(wi.qty) AS qty, SUM(wi.amount) AS amount, SUM(wi.amount / (1 + COALESCE(wi.output_tax_rate, 0))) AS amount_ex,
              SUM(wi.cost_amount) AS cost, SUM(wi.cost_amount / (1 + COALESCE(wi.input_tax_rate, 0))) AS cost_ex,
              SUM(CASE WHEN w.is_return = 1 THEN 0 - wi.amount ELSE 0 END) AS returned
         FROM wholesale_order w JOIN wholesale_order_item wi ON wi.tenant_id = w.tenant_id AND wi.wo_no = w.wo_no
        WHERE w.tenant_id = $1 AND w.order_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.qty, ref.qty);
    cents(totals.amount, ref.amount);
    cents(totals.amount_ex, ref.amount_ex);
    cents(totals.output_tax, Number(ref.amount) - Number(ref.amount_ex));
    cents(totals.cost, ref.cost);
    cents(totals.cost_ex, ref.cost_ex);
    cents(totals.gm, Number(ref.amount_ex) - Number(ref.cost_ex));
    rate(totals.gm_rate, Number(ref.amount_ex) - Number(ref.cost_ex), ref.amount_ex);
    cents(totals.return_amount, ref.returned);
    cents(totals.gross_amount, Number(ref.amount) + Number(ref.returned));
  });

  it('145 member-level monthly: active members, frequency and ARPU over the months', async () => {
    const { query, totals, data } = await open(145);
    expect(query.date_start).toMatch(/^\d{4}-\d{2}$/);
    expect(new Set(data.list.map((r) => r.month))).toEqual(new Set([query.date_start, query.date_end]));
    const ref = await one(
      `SELECT COUNT(DISTINCT o.member_no) AS members, SUM(o.pay_amount) AS spend, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         FROM sales_order_all o
        WHERE o.tenant_id = $1 AND o.member_no IS NOT NULL
          AND o.business_date >= CAST($2 AS DATE) AND o.business_date < CAST($3 AS DATE)`,
      [TENANT, `${query.date_start}-01`, nextMonth(query.date_end!)],
    );
    expect(totals.active_members).toBe(Number(ref.members));
    cents(totals.spend, ref.spend);
    expect(totals.orders).toBe(Number(ref.orders));
    expect(totals.frequency as number).toBeCloseTo(Number(ref.orders) / Number(ref.members), 3);
    cents(totals.arpu, Number(ref.spend) / Number(ref.members));
  });

  it('150 stored value: opening + top-up + bonus − consumed − refunded = closing', async () => {
    const { totals } = await open(150);
    const ref = await one(
      `SELECT SUM(CASE WHEN txn_type = 1 THEN amount ELSE 0 END) AS topup, SUM(CASE WHEN txn_type = 2 THEN amount ELSE 0 END) AS bonus,
              SUM(CASE WHEN txn_type = 3 THEN amount ELSE 0 END) AS consumed, SUM(CASE WHEN txn_type = 4 THEN amount ELSE 0 END) AS refunded,
              COUNT(DISTINCT card_instance_no) AS cards
         FROM card_transaction WHERE tenant_id = $1`,
      [TENANT],
    );
    cents(totals.opening_balance, 0);
    cents(totals.topup, ref.topup);
    cents(totals.bonus, ref.bonus);
    cents(totals.consumed, ref.consumed);
    cents(totals.refunded, ref.refunded);
    cents(totals.closing_balance, Number(ref.topup) + Number(ref.bonus) - Number(ref.consumed) - Number(ref.refunded));
    expect(totals.active_cards).toBe(Number(ref.cards));
    // a later start moves everything before it into the opening balance
    const start = addDaysIso(today, -30);
    const later = await open(150, tokens.hq, (q) => ({ ...q, date_start: start }));
    const before = await one(
      `SELECT SUM(CASE WHEN txn_type IN (1, 2) THEN amount ELSE 0 - amount END) AS opening FROM card_transaction
        WHERE tenant_id = $1 AND txn_time < CAST($2 AS DATE)`,
      [TENANT, start],
    );
    cents(later.totals.opening_balance, before.opening);
    cents(later.totals.closing_balance, totals.closing_balance as number);
  });

  it('160 coupons: issued and redeemed by their own time and org, driven sales once per order', async () => {
    const { query, totals } = await open(160);
    const params = [TENANT, query.date_start, query.date_end];
    const issued = await one(
      'SELECT COUNT(*) AS n FROM coupon WHERE tenant_id = $1 AND issue_time >= CAST($2 AS DATE) AND issue_time < CAST($3 AS DATE) + 1',
      params,
    );
    const used = await one(
      `SELECT COUNT(*) AS n, SUM(discount_amount) AS discount FROM coupon
        WHERE tenant_id = $1 AND used_order_no IS NOT NULL AND used_time >= CAST($2 AS DATE) AND used_time < CAST($3 AS DATE) + 1`,
      params,
    );
    const driven = await one(
      `SELECT SUM(o.pay_amount) AS sales FROM sales_order_all o
        WHERE o.tenant_id = $1 AND o.order_no IN (SELECT c.used_order_no FROM coupon c WHERE c.tenant_id = $1
              AND c.used_time >= CAST($2 AS DATE) AND c.used_time < CAST($3 AS DATE) + 1)`,
      params,
    );
    expect(totals.issued).toBe(Number(issued.n));
    expect(totals.redeemed).toBe(Number(used.n));
    rate(totals.redemption_rate, used.n, issued.n);
    cents(totals.coupon_discount, used.discount);
    cents(totals.driven_sales, driven.sales);
    expect(totals.roi as number).toBeCloseTo(Number(driven.sales) / Number(used.discount), 2);
  });

  it('161 plus cards sold today: revenue − refunds, renewals', async () => {
    const { totals } = await open(161);
    const ref = await one(
      `SELECT COUNT(*) AS n, SUM(amount) AS revenue, SUM(COALESCE(refund_amount, 0)) AS refunds, SUM(CASE WHEN is_renewal = 1 THEN 1 ELSE 0 END) AS renewals
         FROM plus_member_subscription WHERE tenant_id = $1 AND buy_time >= CAST($2 AS DATE) AND buy_time < CAST($2 AS DATE) + 1`,
      [TENANT, today],
    );
    expect(totals.cards_sold).toBe(Number(ref.n));
    cents(totals.revenue, ref.revenue);
    cents(totals.refunds, ref.refunds);
    cents(totals.net_revenue, Number(ref.revenue) - Number(ref.refunds));
    expect(totals.renewals).toBe(Number(ref.renewals));
  });

  it('182 store monthly: purchases, the last month end (never a sum of month ends), turnover days', async () => {
    const { query, totals, data } = await open(182);
    const start = `${query.date_start}-01`;
    const end = addDaysIso(nextMonth(query.date_end!), -1);
    const stores = 'JOIN organisation g ON g.tenant_id = x.tenant_id AND g.org_code = x.org_code AND g.org_type = 2';
    const sales = await one(
      `SELECT SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost, COUNT(DISTINCT CASE WHEN x.is_return = 0 THEN x.order_no END) AS orders
         FROM sales_order_all x JOIN sales_order_item_all i ON i.tenant_id = x.tenant_id AND i.order_no = x.order_no ${stores}
        WHERE x.tenant_id = $1 AND x.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, start, end],
    );
    const purchases = await one(
      `SELECT SUM(ri.amount) AS amount FROM purchase_receipt_all x JOIN purchase_receipt_item_all ri ON ri.tenant_id = x.tenant_id AND ri.receive_no = x.receive_no ${stores}
        WHERE x.tenant_id = $1 AND x.status = 2 AND x.receive_time >= CAST($2 AS DATE) AND x.receive_time < CAST($3 AS DATE) + 1`,
      [TENANT, start, end],
    );
    const stock = await one(
      `SELECT SUM(x.amount) AS days, SUM(CASE WHEN x.biz_date = CAST($3 AS DATE) THEN x.amount ELSE 0 END) AS closing
         FROM stock_daily_snapshot x ${stores} WHERE x.tenant_id = $1 AND x.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, start, end],
    );
    cents(totals.sales, sales.sales);
    cents(totals.cost, sales.cost);
    expect(totals.orders).toBe(Number(sales.orders));
    cents(totals.purchase_amount, purchases.amount);
    cents(totals.month_end_stock, stock.closing);
    expect(totals.turnover_days as number).toBeCloseTo(Number(stock.days) / Number(sales.cost), 2);
    // by month each row holds its own month end; the last month's rows add up to the totals row
    const last = data.list.filter((r) => r.month === query.date_end);
    expect(last.reduce((s, r) => s + Number(r.month_end_stock), 0)).toBeCloseTo(Number(totals.month_end_stock), 1);
    const byOrg = await open(182, tokens.hq, (q) => ({ ...q, dimensionIds: 'org' }));
    expect(byOrg.data.list.reduce((s, r) => s + Number(r.month_end_stock), 0)).toBeCloseTo(Number(totals.month_end_stock), 1);
  });

  it('184 weekly sales: the week before aligned onto each week, WoW growth', async () => {
    const { query, totals, data } = await open(184);
    const cur = await one(
      `SELECT SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    const prev = await one(`SELECT SUM(i.sale_amount) AS sales ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`, [
      TENANT,
      addDaysIso(query.date_start!, -7),
      addDaysIso(query.date_end!, -7),
    ]);
    cents(totals.sales, cur.sales);
    cents(totals.prev_sales, prev.sales);
    rate(totals.wow, Number(cur.sales) - Number(prev.sales), Math.abs(Number(prev.sales)));
    cents(totals.gm, Number(cur.sales) - Number(cur.cost));
    expect(totals.orders).toBe(Number(cur.orders));
    expect(data.list.every((r) => r.week_start === query.date_start && r.week_end === query.date_end)).toBe(true);
  });

  it('186 weekly sell-through: stores selling and stocked, week-end stock from the Sunday snapshot', async () => {
    const { query, totals } = await open(186);
    const params = [TENANT, query.date_start, query.date_end];
    const sold = await one(
      `SELECT COUNT(DISTINCT CASE WHEN i.qty > 0 THEN o.org_code END) AS selling, SUM(i.qty) AS qty
         ${LINES()} WHERE o.tenant_id = $1 AND i.sku_no IS NOT NULL AND ${BIZ_DAYS}`,
      params,
    );
    const stock = await one(
      `SELECT COUNT(DISTINCT CASE WHEN z.qty > 0 THEN z.org_code END) AS stocked, SUM(CASE WHEN z.biz_date = CAST($3 AS DATE) THEN z.qty ELSE 0 END) AS week_end
         FROM stock_daily_snapshot z JOIN organisation g ON g.tenant_id = z.tenant_id AND g.org_code = z.org_code AND g.org_type = 2
        WHERE z.tenant_id = $1 AND z.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      params,
    );
    expect(totals.selling_stores).toBe(Number(sold.selling));
    expect(totals.stocked_stores).toBe(Number(stock.stocked));
    rate(totals.sell_through, sold.selling, stock.stocked);
    cents(totals.qty, sold.qty);
    cents(totals.week_end_stock, stock.week_end);
  });

  it('187 real-time hourly (live tables): the running sum ends at each org\'s sales; totals equal sales', async () => {
    const { query, totals, data } = await open(187);
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         ${LINES('sales_order', 'sales_order_item')} WHERE o.tenant_id = $1 AND o.order_time BETWEEN CAST($2 AS TIMESTAMP) AND CAST($3 AS TIMESTAMP)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.sales, ref.sales);
    expect(totals.orders).toBe(Number(ref.orders));
    cents(totals.cumulative_sales, ref.sales);
    const byOrg = new Map<unknown, ReportRow[]>();
    for (const r of data.list) byOrg.set(r.org_code, [...(byOrg.get(r.org_code) ?? []), r]);
    for (const rows of byOrg.values()) {
      const sorted = [...rows].sort((a, b) => Number(a.hour) - Number(b.hour));
      let run = 0;
      for (const r of sorted) {
        run += Number(r.sales);
        expect(Number(r.cumulative_sales)).toBeCloseTo(run, 1);
      }
    }
  });

  it('197 mall orders: GMV and paid once per order, fulfilment rate', async () => {
    const { query, totals } = await open(197);
    const ref = await one(
      `SELECT COUNT(DISTINCT CASE WHEN is_return = 0 THEN order_no END) AS orders,
              SUM(CASE WHEN is_return = 0 THEN total_amount ELSE 0 END) AS gmv, SUM(CASE WHEN is_return = 0 THEN pay_amount ELSE 0 END) AS paid,
              SUM(CASE WHEN is_return = 1 THEN 0 - pay_amount ELSE 0 END) AS refunds,
              COUNT(DISTINCT CASE WHEN is_return = 0 AND order_status = 4 THEN order_no END) AS completed
         FROM sales_order_all WHERE tenant_id = $1 AND order_source = 2 AND order_time BETWEEN CAST($2 AS TIMESTAMP) AND CAST($3 AS TIMESTAMP)`,
      [TENANT, query.date_start, query.date_end],
    );
    expect(totals.orders).toBe(Number(ref.orders));
    cents(totals.gmv, ref.gmv);
    cents(totals.paid, ref.paid);
    cents(totals.refunds, ref.refunds);
    cents(totals.atv, Number(ref.paid) / Number(ref.orders));
    rate(totals.fulfil_rate, ref.completed, ref.orders);
  });

  it('199 services: times sold and amount of non-return orders, members', async () => {
    const { query, totals } = await open(199, tokens.hq, (q) => ({ ...q, date_start: addDaysIso(today, -30) }));
    const ref = await one(
      `SELECT SUM(CASE WHEN o.is_return = 0 THEN i.qty ELSE 0 END) AS times, SUM(CASE WHEN o.is_return = 0 THEN i.sale_amount ELSE 0 END) AS amount,
              COUNT(DISTINCT o.member_no) AS members, SUM(CASE WHEN o.is_return = 1 THEN 0 - i.sale_amount ELSE 0 END) AS refund
         ${LINES()} WHERE o.tenant_id = $1 AND i.service_no IS NOT NULL AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.gross_qty, ref.times);
    cents(totals.gross_sales, ref.amount);
    expect(totals.buyers).toBe(Number(ref.members));
    cents(totals.refund, ref.refund);
  });
});

// ------------------------------------------------------------------ rankings, chips and filters

describe('rankings and their chips', () => {
  it('121 ranks by the column the rows are sorted by (rank by current order_by)', async () => {
    const byQty = await open(121, tokens.hq, (q) => ({ ...q, order_by: 'qty desc' }));
    const qty = byQty.data.list.map((r) => Number(r.qty));
    expect(qty).toEqual([...qty].sort((a, b) => b - a));
    for (const [i, r] of byQty.data.list.entries()) if (i === 0 || qty[i] !== qty[i - 1]) expect(r.sorted_rank).toBe(i + 1);
    const bySales = await open(121);
    expect(bySales.data.list[0].sorted_rank).toBe(1);
    expect(bySales.totals.sorted_rank).toBeNull();
  });

  it('121 by SKU tag category: a SKU under each of its categories, the totals row without the tag join', async () => {
    const { data, totals } = await open(121, tokens.hq, (q) => ({ ...q, dimensionIds: 'sku,tag_cate', page_size: 500 }));
    expect(data.title.map((t) => t.value)).toContain('tag_cate_code');
    const rows = data.list.reduce((s, r) => s + Number(r.sales), 0);
    expect(rows + 0.01).toBeGreaterThanOrEqual(Number(totals.sales));
    const plain = await open(121);
    cents(totals.sales, plain.totals.sales as number);
  });

  it('143 / 144 / 148 / 196 rank every row, ties share a rank, and their shares add up to 1', async () => {
    for (const id of [143, 144, 148, 196]) {
      const { data, totals } = await open(id, tokens.hq, (q) => ({ ...q, page_size: 500 }));
      // RANK: 1, 2, 2, 4 … (ties share a rank), in the order of the rows
      data.list.forEach((r, i) => {
        const tie = i > 0 && r.sales === data.list[i - 1].sales;
        expect(r.sales_rank).toBe(tie ? data.list[i - 1].sales_rank : i + 1);
      });
      if (id !== 196) expect(data.list.reduce((s, r) => s + Number(r.sales_share), 0)).toBeCloseTo(1, 6);
      expect(totals.sales_rank).toBeNull();
    }
    const { query, totals } = await open(196);
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales, COUNT(DISTINCT o.member_no) AS buyers ${LINES()}
        WHERE o.tenant_id = $1 AND o.order_source = 2 AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.sales, ref.sales);
    expect(totals.buyers).toBe(Number(ref.buyers));
  });

  it('147 / 198 member rankings: spend descending, a member tag or level narrows the members', async () => {
    const ranked = await open(147, tokens.hq, (q) => ({ ...q, page_size: 100 }));
    const spend = ranked.data.list.map((r) => Number(r.spend));
    expect(spend).toEqual([...spend].sort((a, b) => b - a));
    const [member] = await db.query<{ member_no: string; level_no: string; phone: string }>(
      'SELECT member_no, level_no, phone FROM member WHERE tenant_id = $1 AND member_no = $2',
      [TENANT, ranked.data.list[0].member_no],
    );
    const byPhone = await open(147, tokens.hq, (q) => ({ ...q, whereList: where([{ where_id: 'phone', operator_id: 7, operation_value: [member.phone] }]) }));
    expect(byPhone.data.list.map((r) => r.member_no)).toEqual([member.member_no]);
    const levels = await open(198, tokens.hq, (q) => ({ ...q, dimensionIds: 'member,level', whereList: where([{ where_id: 'level_no', operator_id: 8, operation_value: [member.level_no] }]) }));
    expect(levels.data.list.every((r) => r.level_no === member.level_no)).toBe(true);
  });

  it('48 member filters narrow the members but not the all-sales denominator', async () => {
    const all = await open(48, tokens.hq, (q) => ({ ...q, dimensionIds: '' }));
    const [{ level_no }] = await db.query<{ level_no: string }>('SELECT level_no FROM member_level WHERE tenant_id = $1 ORDER BY sort LIMIT 1', [TENANT]);
    const narrowed = await open(48, tokens.hq, (q) => ({ ...q, dimensionIds: '', whereList: where([{ where_id: 'level_no', operator_id: 8, operation_value: [level_no] }]) }));
    expect(Number(narrowed.totals.sales)).toBeLessThan(Number(all.totals.sales));
    const denominator = (t: ReportRow) => Number(t.sales) / Number(t.member_sales_share);
    expect(denominator(narrowed.totals)).toBeCloseTo(denominator(all.totals), 0);
  });
});

// ------------------------------------------------------------------ store user scope

describe('virtual (non-SKU) lines count in every sales report', () => {
  // a window that holds virtual orders of the seed (they are dated up to yesterday too)
  const lastMonth = (q: ReportQuery): ReportQuery => {
    const day = (back: number) => new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    return { ...q, date_start: day(30), date_end: day(1), page_size: 500 };
  };
  const UNCLASSIFIED = '未分类';

  it('category, brand, supplier, store and SKU totals of one window reconcile with every line of it', async () => {
    const ranking = await open(142, tokens.hq, lastMonth);
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales, SUM(CASE WHEN i.sku_no IS NULL THEN i.sale_amount ELSE 0 END) AS virtual_sales
         ${LINES()} WHERE o.tenant_id = $1 AND ${BIZ_DAYS}`,
      [TENANT, ranking.query.date_start, ranking.query.date_end],
    );
    expect(Number(ref.virtual_sales)).toBeGreaterThan(0);
    cents(ranking.totals.sales, ref.sales, '142 by store');
    const views: [number, string, string][] = [
      [143, 'cate1', 'cate1_name'],
      [143, 'cate2', 'cate2_name'],
      [143, 'cate3', 'cate3_name'],
      [144, 'brand', 'brand_name'],
      [148, 'supplier', 'supplier_name'],
      [121, 'sku', 'sku_name'],
      [70, 'cate1', 'cate1_name'],
    ];
    for (const [id, dim, name] of views) {
      const { data, totals } = await open(id, tokens.hq, (q) => ({ ...lastMonth(q), dimensionIds: dim }));
      cents(totals.sales, ref.sales, `${id} by ${dim}`);
      cents(data.list.reduce((s, r) => s + Number(r.sales), 0), ref.sales, `${id} rows by ${dim}`);
      // 70 keeps its forced org chip: one 未分类 row per store there
      const unclassified = data.list.filter((r) => r[name] === UNCLASSIFIED);
      if (id !== 70) expect(unclassified, `${id} by ${dim}: one ${UNCLASSIFIED} row`).toHaveLength(1);
      cents(unclassified.reduce((s, r) => s + Number(r.sales), 0), ref.virtual_sales, `${id} ${UNCLASSIFIED} by ${dim}`);
    }
  });

  it('the 未分类 row is ranked like any other row', async () => {
    const { data } = await open(143, tokens.hq, lastMonth);
    const at = data.list.findIndex((r) => r.cate1_name === UNCLASSIFIED);
    const row = data.list[at];
    const ahead = data.list.filter((r) => Number(r.sales) > Number(row.sales)).length;
    expect(row.sales_rank).toBe(ahead + 1);
  });
});

describe('store user scope (ST, ST-REL; rule 176)', () => {
  it.each([35, 149, 187, 197, 199, 91, 111])('report %i: a store user sees its own org only', async (id) => {
    const { data, cfg } = await open(id, tokens.store, (q) => (id === 199 || id === 149 ? { ...q, date_start: addDaysIso(today, -30) } : q));
    expect(data.list.length, `report ${id} for the store user`).toBeGreaterThan(0);
    if (cfg.dimension.some((d) => d.id === 'org' && d.dimension_show === '1')) {
      const byOrg = await open(id, tokens.store, (q) => ({
        ...q,
        ...(id === 199 || id === 149 ? { date_start: addDaysIso(today, -30) } : {}),
        dimensionIds: [...cfg.dimension.filter((d) => d.dimension_show === '1' && d.active).map((d) => d.id), 'org'].filter((v, i, a) => a.indexOf(v) === i).join(','),
      }));
      expect(new Set(byOrg.data.list.map((r) => r.org_code))).toEqual(new Set([storeOrg]));
    }
  });

  it('35: the store totals are its own org\'s, whatever org the filter asks for', async () => {
    const other = relatedOrgs.find((o) => o !== storeOrg)!;
    const { query, totals } = await open(35, tokens.store, (q) => ({ ...q, whereList: where([{ where_id: 'org_code', operator_id: 8, operation_value: [other] }]) }));
    expect(totals.orders).toBe(0);
    const own = await open(35, tokens.store);
    const ref = await one(`SELECT SUM(i.sale_amount) AS sales ${LINES()} WHERE o.tenant_id = $1 AND o.org_code = $4 AND ${BIZ_DAYS}`, [
      TENANT,
      query.date_start,
      query.date_end,
      storeOrg,
    ]);
    cents(own.totals.net_sales, ref.sales);
  });

  it('34 is org-restricted: the related orgs, narrowed by the request org_code, also on the export', async () => {
    const { data, query } = await open(34, tokens.store, (q) => ({ ...q, dimensionIds: 'org' }));
    expect(relatedOrgs.length).toBe(2);
    expect(new Set(data.list.map((r) => r.org_code))).toEqual(new Set(relatedOrgs));
    const narrowed = await open(34, tokens.store, (q) => ({ ...q, dimensionIds: 'org', org_code: relatedOrgs[1] }));
    expect(new Set(narrowed.data.list.map((r) => r.org_code))).toEqual(new Set([relatedOrgs[1]]));
    const foreign = await open(34, tokens.store, (q) => ({ ...q, org_code: 'ZZZ' }));
    expect(foreign.data.list).toEqual([]);
    const sheet = await exported(34, tokens.store, { ...narrowed.query, is_down: '1' });
    const codes = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1 && n < sheet.actualRowCount) codes.add(row.getCell(1).value);
    });
    expect(codes).toEqual(new Set([relatedOrgs[1]]));
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
        WHERE o.tenant_id = $1 AND o.org_code IN ($4, $5) AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end, relatedOrgs[0], relatedOrgs[1]],
    );
    cents((await open(34, tokens.store)).totals.sales, ref.sales);
  });

  it('111: the store user\'s rows are the orders it fulfils', async () => {
    const { totals, query } = await open(111, tokens.store);
    const ref = await one(
      `SELECT SUM(i.qty) AS qty ${LINES()} WHERE o.tenant_id = $1 AND o.order_source = 2 AND o.prep_status = 2 AND o.fulfil_org_code = $4 AND i.sku_no IS NOT NULL AND ${BIZ_DAYS}`,
      [TENANT, query.date_start, query.date_end, storeOrg],
    );
    cents(totals.prep_qty, ref.qty);
  });

  it('HQ-only reports are not offered to the store user, and 34 / 91 not to HQ (C25)', async () => {
    for (const id of [41, 44, 48, 90, 112, 121, 145, 182]) {
      const res = await client.call('GET', `/api/reports/${id}/config`, tokens.store);
      expect(res.status, `report ${id}`).toBe(404);
    }
    for (const id of [34, 91]) expect((await client.call('GET', `/api/reports/${id}/config`, tokens.hq)).status).toBe(404);
  });

  it('a missing required date is 422 请选择日期 (112, 121, 182, 184, 186, 187)', async () => {
    for (const id of [112, 121, 182, 184, 186, 187]) {
      const cfg = await client.config(id, tokens.hq);
      const res = await client.call('POST', `/api/reports/${id}/data`, tokens.hq, { table_id: id, page_num: 1, page_size: 50, date_start: '', date_end: '' });
      expect(res.status, `report ${id} (${cfg.title})`).toBe(422);
      expect(res.body.message).toBe('请选择日期');
    }
  });
});

/** Runs an export job to the end and reads its workbook. */
async function exported(id: number, token: string, query: object): Promise<ExcelJS.Worksheet> {
  const start = await client.call<{ job_id: string; status: string }>('POST', `/api/reports/${id}/export`, token, query);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  let status = start.body.data.status;
  for (let i = 0; status !== 'done' && status !== 'failed' && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await client.call<{ status: string }>('GET', `/api/jobs/${start.body.data.job_id}`, token)).body.data.status;
  }
  expect(status).toBe('done');
  const file = await server.app.inject({ method: 'GET', url: `/api/jobs/${start.body.data.job_id}/download`, headers: bearer(token) });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

function addDaysIso(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
