/**
 * The first ten reports end to end on the demo seed, through the real HTTP routes: config → data →
 * totals with the default query the page would send, and the totals checked to the cent against
 * hand-written SQL that shares nothing with the engine. Then the scopes: store, supplier, tenant.
 * Runs on DuckDB, and on PostgreSQL when HM_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialRequest } from '../../engine/query';
import type { ReportConfig, ReportData, ReportQuery, ReportRow, ReportTotals } from '../../engine/wire';
import type { Db } from '../../server/db/types';
import { bearer, login, startTestServer, type TestServer } from './server';
import { today as businessToday } from '../../server/clock';

let server: TestServer;
let db: Db;
const tokens: Record<string, string> = {};
const today = businessToday();

beforeAll(async () => {
  server = await startTestServer();
  db = server.testDb.db;
  tokens.hq = (await login(server.app, 'admin', 'HMT')).token;
  tokens.store = (await login(server.app, 'store01', 'HMD')).token;
  tokens.supplier = (await login(server.app, 'supplier01', 'HMS')).token;
  tokens.hq266 = (await login(server.app, 'admin', 'HMT', '266')).token;
  tokens.special = (await login(server.app, 'admin', 'HMT', '30001')).token;
}, 180_000);

afterAll(() => server?.close());

interface Answer<T> {
  status: number;
  body: { status: string; code?: string; message: string; data: T };
}

async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown): Promise<Answer<T>> {
  const res = await server.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

async function config(id: number, token = tokens.hq, isHistory?: '1' | '2'): Promise<ReportConfig> {
  const res = await call<ReportConfig>('GET', `/api/reports/${id}/config${isHistory ? `?is_history=${isHistory}` : ''}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** config → default query → data and totals, as the page does on first load. */
async function open(id: number, token = tokens.hq, tweak: (q: ReportQuery) => ReportQuery = (q) => q) {
  const cfg = await config(id, token);
  const query = tweak(initialRequest(cfg, today));
  const data = await call<ReportData>('POST', `/api/reports/${cfg.table_id}/data`, token, query);
  const totals = await call<ReportTotals>('POST', `/api/reports/${cfg.table_id}/totals`, token, query);
  expect(data.status, JSON.stringify(data.body)).toBe(200);
  expect(totals.status, JSON.stringify(totals.body)).toBe(200);
  return { cfg, query, data: data.body.data, totals: totals.body.data.list[0], count: totals.body.data.total };
}

async function one(sql: string, params: unknown[]): Promise<Record<string, number | null>> {
  const [row] = await db.query<Record<string, number | null>>(sql, params);
  return row;
}

/** Money to the cent: the answer is rounded to 2 decimals, the reference is exact. */
function cents(actual: unknown, expected: number | null | undefined): void {
  expect(typeof actual, `money ${String(actual)} vs ${expected}`).toBe('number');
  expect(Math.abs((actual as number) - Number(expected ?? 0))).toBeLessThanOrEqual(0.005 + 1e-9);
}

function rate(actual: unknown, num: number | null | undefined, den: number | null | undefined): void {
  if (!den) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual as number).toBeCloseTo(Number(num) / Number(den), 6);
}

const TENANT = 10139;

// ------------------------------------------------------------------ references (hand-written SQL)

const salesTotals = (orders: string, items: string, where = '') => `
  SELECT SUM(i.qty) AS qty, SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost, SUM(i.discount_amount) AS discount,
         SUM(i.sale_amount / (1 + COALESCE(i.output_tax_rate, 0))) AS sales_ex,
         SUM(i.cost_amount / (1 + COALESCE(i.input_tax_rate, 0))) AS cost_ex,
         COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
  FROM ${orders} o JOIN ${items} i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
  WHERE o.tenant_id = $1 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) ${where}`;

function checkFinance(totals: ReportRow, ref: Record<string, number | null>): void {
  cents(totals.qty, ref.qty);
  cents(totals.sales, ref.sales);
  cents(totals.sales_ex, ref.sales_ex);
  cents(totals.output_tax, Number(ref.sales) - Number(ref.sales_ex));
  cents(totals.cost, ref.cost);
  cents(totals.cost_ex, ref.cost_ex);
  cents(totals.gm_ex, Number(ref.sales_ex) - Number(ref.cost_ex));
  rate(totals.gm_ex_rate, Number(ref.sales_ex) - Number(ref.cost_ex), ref.sales_ex);
}

function checkGoods(totals: ReportRow, ref: Record<string, number | null>): void {
  cents(totals.qty, ref.qty);
  cents(totals.sales, ref.sales);
  cents(totals.discount, ref.discount);
  cents(totals.cost, ref.cost);
  cents(totals.gm, Number(ref.sales) - Number(ref.cost));
  rate(totals.gm_rate, Number(ref.sales) - Number(ref.cost), ref.sales);
  expect(totals.orders).toBe(Number(ref.orders));
}

const MOVES: [string, number[]][] = [
  ['receipt', [1, 2]],
  ['return', [3, 4]],
  ['sales', [5, 6]],
  ['reject', [7]],
  ['gain', [8]],
  ['loss', [9]],
  ['transfer', [10, 11]],
  ['scrap', [12]],
  ['requisition', [13]],
  ['adjust', [14, 15]],
];

async function stockReference(tenant: number, start: string, end: string, orgWhere: string, orgParams: unknown[]) {
  const prev = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const moveCols = MOVES.map(
    ([k, t]) =>
      `SUM(CASE WHEN l.doc_type IN (${t.join(',')}) THEN l.qty ELSE 0 END) AS ${k}_qty, SUM(CASE WHEN l.doc_type IN (${t.join(',')}) THEN l.amount ELSE 0 END) AS ${k}_amount`,
  ).join(', ');
  const orgJoin = 'JOIN organisation g ON g.tenant_id = x.tenant_id AND g.org_code = x.org_code';
  const snap = (day: string) =>
    one(
      `SELECT SUM(x.qty) AS qty, SUM(x.amount) AS amount FROM stock_daily_snapshot x ${orgJoin}
        WHERE x.tenant_id = $1 AND x.biz_date = CAST($2 AS DATE) ${orgWhere}`,
      [tenant, day, ...orgParams],
    );
  const moves = await one(
    `SELECT ${moveCols}, SUM(l.cost_diff_amount) AS cost_diff FROM stock_ledger l
       JOIN organisation g ON g.tenant_id = l.tenant_id AND g.org_code = l.org_code
      WHERE l.tenant_id = $1 AND l.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) ${orgWhere}`,
    [tenant, start, end, ...orgParams],
  );
  return { opening: await snap(prev), closing: await snap(end), moves };
}

function checkStock(totals: ReportRow, ref: Awaited<ReturnType<typeof stockReference>>): void {
  cents(totals.open_qty, ref.opening.qty);
  cents(totals.open_amount, ref.opening.amount);
  cents(totals.close_qty, ref.closing.qty);
  cents(totals.close_amount, ref.closing.amount);
  cents(totals.cost_diff, ref.moves.cost_diff);
  for (const [k] of MOVES) {
    cents(totals[`${k}_qty`], ref.moves[`${k}_qty`]);
    cents(totals[`${k}_amount`], ref.moves[`${k}_amount`]);
  }
}

// ------------------------------------------------------------------ the ten reports

describe('report 70: store gross margin with a comparison period (rules 85, 125–127, 149–150, 172–175, C9, C20)', () => {
  it('config: both ranges required, comparison defaults to the period before, sortable 180, AI, buttons always', async () => {
    const cfg = await config(70);
    expect(cfg.dates.map((d) => [d.index, d.required, d.default_kind, d.restriction, d.default_previous_of ?? null])).toEqual([
      [1, true, 'yesterday', 'to_yesterday', null],
      [2, true, 'yesterday', 'to_yesterday', 1],
    ]);
    expect([cfg.sortable, cfg.column_min_width, cfg.ai_assistant, cfg.always_show_buttons]).toEqual([true, 180, true, true]);
    expect(cfg.dimension.find((d) => d.id === 'org')).toMatchObject({ dimension_show: '1', active: true, forced: true });
  });

  it('default query: rows per org, totals to the cent against hand-written SQL for both periods', async () => {
    const { query, data, totals } = await open(70);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.title.slice(0, 2).map((c) => [c.value, c.type])).toEqual([
      ['org_code', '1'],
      ['org_name', '1'],
    ]);
    expect(data.title.every((c) => c.min_width === 180 && c.sortable)).toBe(true);
    const cur = await one(salesTotals('sales_order_all', 'sales_order_item_all'), [TENANT, query.date_start, query.date_end]);
    const cmp = await one(salesTotals('sales_order_all', 'sales_order_item_all'), [TENANT, query.date_start_2, query.end_2]);
    cents(totals.sales, cur.sales);
    cents(totals.cost, cur.cost);
    cents(totals.gm, Number(cur.sales) - Number(cur.cost));
    rate(totals.gm_rate, Number(cur.sales) - Number(cur.cost), cur.sales);
    cents(totals.sales_2, cmp.sales);
    cents(totals.gm_2, Number(cmp.sales) - Number(cmp.cost));
    rate(totals.sales_growth, Number(cur.sales) - Number(cmp.sales), Math.abs(Number(cmp.sales)));
    const [gm, gm2] = [Number(cur.sales) - Number(cur.cost), Number(cmp.sales) - Number(cmp.cost)];
    rate(totals.gm_growth, gm - gm2, Math.abs(gm2));
    expect(totals.gm_share).toBeCloseTo(1, 9);
  });

  it('sorting by an indicator orders the rows (rules 115–117)', async () => {
    const { data } = await open(70, tokens.hq, (q) => ({ ...q, order_by: 'gm_rate desc' }));
    const rates = data.list.map((r) => r.gm_rate).filter((v): v is number => typeof v === 'number');
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('an empty comparison range is 422 请选择日期 (rules 126–127)', async () => {
    const cfg = await config(70);
    const query = { ...initialRequest(cfg, today), date_start_2: '', end_2: '' };
    const res = await call('POST', '/api/reports/70/data', tokens.hq, query);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: '422', code: 'DATE_REQUIRED', message: '请选择日期' });
  });
});

describe('reports 33 / 128 / 172: finance sales & cost with history tabs (rules 99–106, 110, 158, C1–C5)', () => {
  it('page 33 opens on tab "2" with 128 (live tables), totals to the cent', async () => {
    const { cfg, query, data, totals } = await open(33);
    expect([cfg.page_table_id, cfg.table_id, cfg.is_history, cfg.export_type]).toEqual([33, 128, '2', 406]);
    expect(cfg.print).toEqual({ export_type: 406, service_type: 'finance' });
    expect(cfg.dates[0].required).toBe(true);
    expect(data.list.length).toBeGreaterThan(0);
    checkFinance(totals, await one(salesTotals('sales_order', 'sales_order_item'), [TENANT, query.date_start, query.date_end]));
  });

  it('tab "1" uses 33 over the archive (_his), default start = end = today − 93 (C1)', async () => {
    const cfg = await config(33, tokens.hq, '1');
    expect([cfg.table_id, cfg.dates[0].default_kind]).toEqual([33, 'history']);
    const query = initialRequest(cfg, today);
    expect(query.date_start).toBe(query.date_end);
    const data = await call<ReportData>('POST', '/api/reports/33/data', tokens.hq, query);
    const totals = await call<ReportTotals>('POST', '/api/reports/33/totals', tokens.hq, query);
    expect(data.body.data.list.length).toBeGreaterThan(0);
    checkFinance(totals.body.data.list[0], await one(salesTotals('sales_order_his', 'sales_order_item_his'), [TENANT, query.date_start, query.date_end]));
  });

  it('the special tenant gets 172 (the _his_x archive) on tab "1" (rules 106, 178)', async () => {
    const cfg = await config(33, tokens.special, '1');
    expect(cfg.table_id).toBe(172);
    expect(cfg.tabs?.map((t) => t.table_id)).toEqual([128, 172]);
    const query = { ...initialRequest(cfg, today), dimensionIds: 'org,finance_cate,finance_no' };
    const data = await call<ReportData>('POST', '/api/reports/172/data', tokens.special, query);
    const totals = await call<ReportTotals>('POST', '/api/reports/172/totals', tokens.special, query);
    expect(data.status).toBe(200);
    expect(data.body.data.list.length).toBeGreaterThan(0);
    expect(data.body.data.title.map((c) => c.value)).toContain('finance_no');
    const [{ tenant_id }] = await db.query<{ tenant_id: number }>("SELECT tenant_id FROM tenant WHERE merchant_no = '30001'");
    checkFinance(totals.body.data.list[0], await one(salesTotals('sales_order_his_x', 'sales_order_item_his_x'), [tenant_id, query.date_start, query.date_end]));
  });

  it('the totals row is the same on every request: excl.-tax sums (DOUBLE on DuckDB) add up in a fixed order', async () => {
    const cfg = await config(33, tokens.hq);
    const query = initialRequest(cfg, today);
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const totals = await call<ReportTotals>('POST', `/api/reports/${cfg.table_id}/totals`, tokens.hq, query);
      seen.add(JSON.stringify(totals.body.data.list));
    }
    expect(seen.size).toBe(1);
  });

  it('a tenant that is not special cannot open 172', async () => {
    const res = await call('GET', '/api/reports/172/config', tokens.hq);
    expect(res.status).toBe(404);
  });

  it('page 33 requires a date on its history tab too: 422 without one (rules 125–126, C3)', async () => {
    const cfg = await config(33, tokens.hq, '1');
    const res = await call('POST', '/api/reports/33/data', tokens.hq, { ...initialRequest(cfg, today), date_start: '', date_end: '' });
    expect(res.status).toBe(422);
  });
});

describe('reports 40 / 130: goods sales with history tabs (rules 107, 145–147)', () => {
  it('page 40 opens with 130 (live), totals to the cent, org × sku rows', async () => {
    const { cfg, query, data, totals } = await open(40);
    expect([cfg.table_id, cfg.page_table_id]).toEqual([130, 40]);
    expect(data.list.length).toBeGreaterThan(0);
    expect(Object.keys(data.list[0]).slice(0, 5)).toEqual(['org_code', 'org_name', 'sku_no', 'sku_name', 'barcode']);
    checkGoods(totals, await one(salesTotals('sales_order', 'sales_order_item'), [TENANT, query.date_start, query.date_end]));
  });

  it('tab "1" uses 40 over the archive', async () => {
    const cfg = await config(40, tokens.hq, '1');
    const query = initialRequest(cfg, today);
    const totals = await call<ReportTotals>('POST', '/api/reports/40/totals', tokens.hq, query);
    checkGoods(totals.body.data.list[0], await one(salesTotals('sales_order_his', 'sales_order_item_his'), [TENANT, query.date_start, query.date_end]));
  });

  it('a sales-qty range keeps the org × sku rows inside it, and the totals cover exactly those rows', async () => {
    const { query, data, totals } = await open(40, tokens.hq, (q) => ({
      ...q,
      whereList: JSON.stringify([{ where_id: 'sales_qty', operator_id: 6, operation_value: [3] }]),
    }));
    expect(data.list.every((r) => Number(r.qty) >= 3)).toBe(true);
    // lines without a SKU (services, cards) group as one blank-SKU row per org, so NULL matches NULL here
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         FROM sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
         JOIN (SELECT o2.org_code, i2.sku_no FROM sales_order o2
                 JOIN sales_order_item i2 ON i2.tenant_id = o2.tenant_id AND i2.order_no = o2.order_no
                WHERE o2.tenant_id = $1 AND o2.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
                GROUP BY o2.org_code, i2.sku_no HAVING SUM(i2.qty) >= 3) k
           ON k.org_code = o.org_code AND k.sku_no IS NOT DISTINCT FROM i.sku_no
        WHERE o.tenant_id = $1 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.sales, ref.sales);
    expect(totals.orders).toBe(Number(ref.orders));
  });
});

describe('report 142: store sales ranking (rules 115, 118)', () => {
  it('ranked by sales, shares sum to 1, totals to the cent', async () => {
    const { query, data, totals } = await open(142);
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.map((r) => r.sales_rank)).toEqual(data.list.map((_, i) => i + 1));
    const shares = data.list.reduce((s, r) => s + Number(r.sales_share ?? 0), 0);
    expect(shares).toBeCloseTo(1, 6);
    const ref = await one(salesTotals('sales_order_all', 'sales_order_item_all'), [TENANT, query.date_start, query.date_end]);
    cents(totals.sales, ref.sales);
    expect(totals.orders).toBe(Number(ref.orders));
    cents(totals.atv, Number(ref.sales) / Number(ref.orders));
    expect(totals.sales_rank).toBeNull();
  });
});

describe('report 166: every store organisation, even without sales (rules 166, 171, C16)', () => {
  it('one row per store org of the tenant, fixed note, totals to the cent', async () => {
    const { cfg, query, data, totals } = await open(166, tokens.hq, (q) => ({ ...q, page_size: 500 }));
    expect(cfg.note).toBe('注：本报表展示全部组织，无销售数据的组织同样显示。');
    const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM organisation WHERE tenant_id = $1 AND org_type = 2', [TENANT]);
    expect(data.total).toBe(Number(n));
    expect(data.list.length).toBe(Number(n));
    const ref = await one(
      `SELECT SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
         JOIN organisation g ON g.tenant_id = o.tenant_id AND g.org_code = o.org_code AND g.org_type = 2
        WHERE o.tenant_id = $1 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.sales, ref.sales);
    cents(totals.cost, ref.cost);
    expect(totals.orders).toBe(Number(ref.orders));
  });

  it('a range without sales still lists every store org with 0 and "-"', async () => {
    const { data } = await open(166, tokens.hq, (q) => ({ ...q, date_start: '2001-01-01', date_end: '2001-01-01' }));
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((r) => r.sales === 0 && r.orders === 0 && r.gm_rate === null)).toBe(true);
  });
});

describe('report 165: payment methods without mixed-payment orders (rules 166, 170, C15)', () => {
  it('fixed note, totals to the cent over non-mixed orders only', async () => {
    const { cfg, query, data, totals } = await open(165);
    expect(cfg.note).toBe('注：本报表不包含混合支付订单。');
    expect(data.list.length).toBeGreaterThan(0);
    const ref = await one(
      `SELECT SUM(CASE WHEN p.pay_amount > 0 THEN p.pay_amount ELSE 0 END) AS pay,
              SUM(CASE WHEN p.pay_amount < 0 THEN -p.pay_amount ELSE 0 END) AS refund,
              COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         FROM sales_payment_all p JOIN sales_order_all o ON o.tenant_id = p.tenant_id AND o.order_no = p.order_no
        WHERE p.tenant_id = $1 AND o.is_mixed_payment = 0 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.pay, ref.pay);
    cents(totals.refund, ref.refund);
    cents(totals.net, Number(ref.pay) - Number(ref.refund));
    expect(totals.orders).toBe(Number(ref.orders));
    expect(totals.net_share).toBeCloseTo(1, 9);
  });
});

describe('reports 102 / 60: stock movement (rules 159, 161–165, 177, C14, C22)', () => {
  it('102: config (408 print, popup, custom columns); totals to the cent; each row closes its identity', async () => {
    const { cfg, query, data, totals } = await open(102);
    expect([cfg.export_type, cfg.custom_columns, cfg.hide_zero_rows, cfg.explain?.sections.length]).toEqual([408, true, true, 4]);
    expect(cfg.print).toEqual({ export_type: 408, service_type: 'goods' });
    expect(data.list.length).toBeGreaterThan(0);
    checkStock(totals, await stockReference(TENANT, query.date_start!, query.date_end!, '', []));
    for (const r of data.list) {
      const moved = MOVES.reduce((s, [k]) => s + Number(r[`${k}_qty`]), 0);
      expect(Number(r.close_qty) - Number(r.open_qty)).toBeCloseTo(moved, 3);
      const movedAmount = MOVES.reduce((s, [k]) => s + Number(r[`${k}_amount`]), 0) + Number(r.cost_diff);
      expect(Math.abs(Number(r.close_amount) - Number(r.open_amount) - movedAmount)).toBeLessThan(0.05);
      const all = Object.entries(r).filter(([k]) => /_(qty|amount)$|cost_diff/.test(k));
      expect(all.some(([, v]) => Number(v) !== 0), `zero row ${r.org_code}/${r.sku_no}`).toBe(true);
    }
  });

  it('60: store orgs by category, popup, totals to the cent', async () => {
    const { cfg, query, data, totals } = await open(60);
    expect(cfg.explain?.title).toBe('进销存说明');
    expect(data.list.length).toBeGreaterThan(0);
    expect(Object.keys(data.list[0]).slice(0, 4)).toEqual(['org_code', 'org_name', 'cate1_code', 'cate1_name']);
    checkStock(totals, await stockReference(TENANT, query.date_start!, query.date_end!, 'AND g.org_type = 2', []));
  });

  it('the document-type filter keeps the org × sku rows with such a movement and all their columns (C22)', async () => {
    const { data } = await open(102, tokens.hq, (q) => ({
      ...q,
      whereList: JSON.stringify([{ where_id: 'doc_type', operator_id: 1, operation_value: ['5'] }]),
    }));
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((r) => Number(r.sales_qty) !== 0 || Number(r.sales_amount) !== 0)).toBe(true);
    expect(data.list.some((r) => Number(r.open_qty) !== 0)).toBe(true);
  });
});

describe('report 107: supplier payable balance (rules 144, C21)', () => {
  it('1970 default, balances to the cent, closing = opening + incurred − paid', async () => {
    const { cfg, query, data, totals } = await open(107);
    expect(cfg.dates[0].default_kind).toBe('since_1970');
    expect(query.date_start).toBe('1970-01-01');
    expect(data.list.length).toBeGreaterThan(0);
    const ledger = await one(
      `SELECT SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS incurred, SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS paid
         FROM ar_ap_ledger WHERE tenant_id = $1 AND direction = 2 AND party_type = 4
          AND CAST(biz_time AS DATE) BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    const adv = await one(
      `SELECT SUM(CASE WHEN adv_type IN (2, 9) THEN amount WHEN adv_type IN (3, 4) THEN -amount ELSE 0 END) AS prepaid
         FROM advance_payment WHERE tenant_id = $1 AND party_type = 4 AND CAST(biz_time AS DATE) <= CAST($2 AS DATE)`,
      [TENANT, query.date_end],
    );
    cents(totals.opening, 0);
    cents(totals.incurred, ledger.incurred);
    cents(totals.paid, ledger.paid);
    cents(totals.closing, Number(ledger.incurred) - Number(ledger.paid));
    cents(totals.prepaid, adv.prepaid);
    cents(totals.net_payable, Number(ledger.incurred) - Number(ledger.paid) - Number(adv.prepaid));
  });

  it('by AR/AP type the prepaid balance and net payable are "-" on rows, kept on the totals row', async () => {
    const { data, totals } = await open(107, tokens.hq, (q) => ({ ...q, dimensionIds: 'supplier,arap_type' }));
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((r) => r.prepaid === null && r.net_payable === null)).toBe(true);
    expect(typeof totals.prepaid).toBe('number');
  });
});

describe('report 108: store orders, org-restricted (rules 155, 176, C25)', () => {
  it('reads the account\'s related orgs, narrowed by the request org_code', async () => {
    const { cfg, data } = await open(108, tokens.store);
    expect(cfg.org_restricted).toBe(true);
    expect(data.list.length).toBeGreaterThan(0);
    const orgs = await db.query<{ org_code: string }>(
      `SELECT r.org_code FROM account_org_relation r JOIN account a ON a.tenant_id = r.tenant_id AND a.account_id = r.account_id
        WHERE a.tenant_id = $1 AND a.username = 'store01' ORDER BY 1`,
      [TENANT],
    );
    const allowed = orgs.map((o) => o.org_code);
    expect(allowed.length).toBe(2);
    expect(data.list.every((r) => allowed.includes(String(r.org_code)))).toBe(true);
    const one = await open(108, tokens.store, (q) => ({ ...q, org_code: allowed[1] }));
    expect(one.data.list.every((r) => r.org_code === allowed[1])).toBe(true);
    const foreign = await open(108, tokens.store, (q) => ({ ...q, org_code: 'ZZZ' }));
    expect(foreign.data.list).toEqual([]);
  });

  it('the ordered amount totals to the cent', async () => {
    const { query, totals } = await open(108, tokens.store);
    const ref = await one(
      `SELECT SUM(si.amount) AS amount, SUM(si.qty) AS qty, SUM(si.shipped_qty) AS shipped
         FROM store_order so JOIN store_order_item si ON si.tenant_id = so.tenant_id AND si.dorder_no = so.dorder_no
        WHERE so.tenant_id = $1 AND so.org_code IN (
              SELECT r.org_code FROM account_org_relation r JOIN account a ON a.tenant_id = r.tenant_id AND a.account_id = r.account_id
               WHERE a.tenant_id = $1 AND a.username = 'store01')
          AND CAST(so.order_time AS DATE) BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`,
      [TENANT, query.date_start, query.date_end],
    );
    cents(totals.ordered_amount, ref.amount);
    cents(totals.ordered_qty, ref.qty);
    rate(totals.fill_rate, ref.shipped, ref.qty);
  });
});

// ------------------------------------------------------------------ scopes

describe('scope: store, supplier and tenant isolation (C25, rules 213–214)', () => {
  it('a store user sees only its own store in 166, 165, 60 and 102, whatever the body asks', async () => {
    const [{ org_code: own }] = await db.query<{ org_code: string }>(
      "SELECT org_code FROM account WHERE tenant_id = $1 AND username = 'store01'",
      [TENANT],
    );
    for (const id of [166, 165, 60, 102]) {
      const { data } = await open(id, tokens.store, (q) => ({ ...q, org_code: 'S999', tenant_id: 266 } as ReportQuery));
      expect(data.list.length, `report ${id}`).toBeGreaterThan(0);
      expect(data.list.every((r) => r.org_code === own), `report ${id}`).toBe(true);
      const other = await open(id, tokens.store, (q) => ({
        ...q,
        whereList: JSON.stringify([{ where_id: 'org_code', operator_id: 8, operation_value: ['S002'] }]),
      }));
      expect(other.data.list.filter((r) => r.org_code !== own), `report ${id}`).toEqual([]);
    }
  });

  it('a store user cannot open a headquarters-only report', async () => {
    expect((await call('GET', '/api/reports/70/config', tokens.store)).status).toBe(404);
  });

  it('a supplier user sees only its own supplier in 107; the supplier filter is not its to send', async () => {
    const cfg = await config(107, tokens.supplier);
    expect(cfg.dimension.some((d) => d.id === 'supplier_no')).toBe(false);
    const { data } = await open(107, tokens.supplier);
    const [{ supplier_no }] = await db.query<{ supplier_no: string }>(
      "SELECT supplier_no FROM account WHERE tenant_id = $1 AND username = 'supplier01'",
      [TENANT],
    );
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((r) => r.supplier_no === supplier_no)).toBe(true);
    const res = await call('POST', '/api/reports/107/data', tokens.supplier, {
      ...initialRequest(cfg, today),
      whereList: JSON.stringify([{ where_id: 'supplier_no', operator_id: 1, operation_value: ['V002'] }]),
    });
    expect(res.status).toBe(400);
  });

  it('tenant 266 never sees 10139\'s data, whatever the body says', async () => {
    const [{ tenant_id }] = await db.query<{ tenant_id: number }>("SELECT tenant_id FROM tenant WHERE merchant_no = '266'");
    const ours = await open(70, tokens.hq266, (q) => ({ ...q, tenant_id: TENANT, merchant_no: '10139' } as ReportQuery));
    const ref = await one(salesTotals('sales_order_all', 'sales_order_item_all'), [tenant_id, ours.query.date_start, ours.query.date_end]);
    cents(ours.totals.sales, ref.sales);
    const theirOrgs = await db.query<{ org_code: string }>('SELECT org_code FROM organisation WHERE tenant_id = $1', [tenant_id]);
    const codes = new Set(theirOrgs.map((o) => o.org_code));
    expect(ours.data.list.every((r) => codes.has(String(r.org_code)))).toBe(true);
    const names = await db.query<{ org_name: string }>('SELECT org_name FROM organisation WHERE tenant_id = $1', [TENANT]);
    const foreign = new Set(names.map((o) => o.org_name));
    expect(ours.data.list.some((r) => foreign.has(String(r.org_name)) && !codes.has(String(r.org_code)))).toBe(false);
  });
});

describe('errors are envelopes, never 500', () => {
  it('unknown table_id → 404; unknown where_id / operator / dimension / sort → 400; malformed whereList → 400', async () => {
    const cfg = await config(70);
    const q = initialRequest(cfg, today);
    const cases: [string, unknown, number, string][] = [
      ['/api/reports/4242/data', q, 404, 'REPORT_NOT_FOUND'],
      ['/api/reports/abc/data', q, 404, 'REPORT_NOT_FOUND'],
      ['/api/reports/70/data', { ...q, whereList: '[{"where_id":"nope","operator_id":1,"operation_value":["x"]}]' }, 400, 'UNKNOWN_FILTER'],
      ['/api/reports/70/data', { ...q, whereList: '[{"where_id":"order_source","operator_id":7,"operation_value":["1"]}]' }, 400, 'INVALID_OPERATOR'],
      ['/api/reports/70/data', { ...q, dimensionIds: 'org,weather' }, 400, 'UNKNOWN_DIMENSION'],
      ['/api/reports/70/data', { ...q, order_by: 'password desc' }, 400, 'UNKNOWN_SORT_COLUMN'],
      ['/api/reports/70/data', { ...q, whereList: '[{' }, 400, 'INVALID_WHERE_LIST'],
      ['/api/reports/70/totals', { ...q, page_size: 7 }, 400, 'INVALID_PAGE_SIZE'],
      ['/api/reports/142/data', { page_num: 1, page_size: 50, date_start: 'yesterday', date_end: '2026-01-01' }, 400, 'INVALID_DATE'],
      ['/api/reports/166/data', { page_num: 1, page_size: 50, order_by: 'sales desc' }, 400, 'SORT_NOT_ALLOWED'],
    ];
    for (const [url, body, status, code] of cases) {
      const res = await call('POST', url, tokens.hq, body);
      expect([url, res.status, res.body.code]).toEqual([url, status, code]);
      expect(res.body.status).toBe(String(status));
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('without a token the report API answers 401', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/reports/70/config' });
    expect(res.statusCode).toBe(401);
  });
});

describe('definition texts in the language the app asks for', () => {
  const configIn = async (id: number, lang: string | undefined) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/reports/${id}/config`,
      headers: { ...bearer(tokens.hq), ...(lang ? { 'accept-language': lang } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ReportConfig }).data;
  };

  it('en-US: report title, filter labels, chips, dates and history tabs are the definitions’ en texts', async () => {
    const en = await configIn(33, 'en-US');
    const zh = await configIn(33, undefined);
    const def = server.app.reports.catalogue.reports.get(en.table_id)!;
    const family = server.app.reports.catalogue.reports.get(33)!;
    expect(en.title).toBe(def.title.en);
    expect(zh.title).toBe(def.title.zh);
    expect(en.title).not.toBe(zh.title);
    const filters = en.dimension.filter((d) => d.dimension_show === '0');
    expect(filters.map((f) => f.label)).toEqual(def.filters.filter((f) => !(f.hidden_for ?? []).includes('HMT')).map((f) => f.label.en));
    const chips = en.dimension.filter((d) => d.dimension_show === '1');
    const dims = server.app.reports.catalogue.indexes.get(def.dataset)!.dimensions;
    expect(chips.map((c) => c.label)).toEqual(def.chips.map((c) => dims.get(c.dimension)!.label.en));
    expect(en.dates.map((d) => d.label)).toEqual(def.dates.map((d) => d.label.en));
    expect(en.tabs?.map((t) => t.label).sort()).toEqual(family.history!.tabs.map((t) => t.label.en).sort());
    expect(zh.tabs?.map((t) => t.label).sort()).toEqual(family.history!.tabs.map((t) => t.label.zh).sort());
  });

  it('zh-CN and anything else read the zh texts', async () => {
    for (const lang of ['zh-CN', 'zh', 'fr-FR,en;q=0.5']) {
      const cfg = await configIn(70, lang);
      expect(cfg.title, lang).toBe(server.app.reports.catalogue.reports.get(70)!.title.zh);
    }
  });
});
