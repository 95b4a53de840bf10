/**
 * Compiled reports run on a real (in-memory) DuckDB over a handful of rows whose answers are
 * known by hand: ratios of sums, rounding, comparison periods, hidden rows, scopes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexDataset, type DatasetIndex } from '../../engine/definition/dataset-index';
import { tinyComparisonReport, tinyDataset, tinyReport } from '../../engine/definition/fixtures';
import type { DatasetFile, MeasureDef, ReportFile, UnionPart, UnionSource } from '../../engine/definition/types';
import { openDuckDb } from '../db/duckdb';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { loadCatalogueFromDir } from './catalogue-fs';
import { compileReport } from './compile';
import { runData, runTotals } from './runner';
import type { ScopeSession } from './types';
import { validateQuery } from './validate';

let db: Db;
const HQ: ScopeSession = { tenant_id: 1, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null, account_org_relation: [] };
const STORE: ScopeSession = { ...HQ, client: 'HMD', org_code: 'S1', store_no: 'S1' };
const NOV = { date_start: '2026-11-01', date_end: '2026-11-21' };
const OCT = { date_start_2: '2026-10-01', end_2: '2026-10-31' };

const orgs: [number, string, number][] = [
  [1, 'S1', 2],
  [1, 'S2', 2],
  [1, 'S3', 2],
  [1, 'S4', 2],
  [1, 'W1', 1],
  [2, 'S1', 2],
];
// tenant, order, org, date, is_return, lines [sku, qty, sale, cost]
const orders: [number, string, string, string, number, [string, number, number, number][]][] = [
  [1, 'O1', 'S1', '2026-11-10', 0, [['A', 2, 100, 60], ['B', 1, 33.335, 30]]],
  [1, 'O2', 'S1', '2026-11-11', 1, [['A', -1, -50, -30]]],
  [1, 'O3', 'S2', '2026-11-10', 0, [['A', 10, 10, 20]]],
  [1, 'O4', 'S2', '2026-10-10', 0, [['A', 1, 5, 1]]],
  [1, 'O5', 'S3', '2026-11-12', 0, [['B', 0, 0, 0]]],
  [2, 'O9', 'S1', '2026-11-10', 0, [['A', 1000, 99999, 1]]],
];

beforeAll(async () => {
  db = await openDuckDb(':memory:');
  await migrate(db);
  for (const [t, code, type] of orgs) {
    await db.query('INSERT INTO organisation (tenant_id, org_code, org_name, org_type) VALUES ($1, $2, $3, $4)', [t, code, `${code}店`, type]);
  }
  for (const [t, no, org, day, ret, lines] of orders) {
    await db.query(
      `INSERT INTO sales_order (tenant_id, order_no, org_code, order_source, order_kind, is_return, order_time, business_date,
         total_amount, discount_amount, pay_amount, is_mixed_payment, order_status)
       VALUES ($1, $2, $3, 1, 1, $4, CAST($5 AS TIMESTAMP), CAST($6 AS DATE), 0, 0, 0, 0, 4)`,
      [t, no, org, ret, `${day} 10:00:00`, day],
    );
    for (const [i, [sku, qty, sale, cost]] of lines.entries()) {
      await db.query(
        `INSERT INTO sales_order_item (tenant_id, order_no, line_no, sku_no, qty, sale_amount, discount_amount, cost_amount, business_date)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, CAST($8 AS DATE))`,
        [t, no, i + 1, sku, qty, sale, cost, day],
      );
    }
  }
});

afterAll(() => db.close());

const index = indexDataset(tinyDataset());

async function run(body: Record<string, unknown>, session: ScopeSession = HQ, report: ReportFile = tinyReport()) {
  const query = validateQuery(report, index, body, { client: session.client });
  const compiled = compileReport({ report, index, query, session, today: '2026-11-22' });
  const [data, totals] = await Promise.all([runData(db, report, compiled), runTotals(db, compiled)]);
  return { data, totals: totals.list[0], total: totals.total };
}

describe('report results on known rows', () => {
  it('rows are net of returns; the totals row is a ratio of sums, not an average of rates (C17, C18, C13)', async () => {
    const { data, totals } = await run(NOV);
    expect(data.list).toEqual([
      { org_code: 'S1', org_name: 'S1店', qty: 2, sales: 83.34, gm: 23.34, gm_rate: expect.closeTo(23.335 / 83.335, 9), orders: 1 },
      { org_code: 'S2', org_name: 'S2店', qty: 10, sales: 10, gm: -10, gm_rate: -1, orders: 1 },
      { org_code: 'S3', org_name: 'S3店', qty: 0, sales: 0, gm: 0, gm_rate: null, orders: 1 },
    ]);
    expect(totals).toEqual({ qty: 12, sales: 93.34, gm: 13.34, gm_rate: expect.closeTo(13.335 / 93.335, 9), orders: 3 });
    expect(data.total).toBe(3);
  });

  it('pages do not overlap and the count stays the whole result (rule 87)', async () => {
    const first = await run({ ...NOV, page_size: 10, dimensionIds: 'org,sku' });
    expect(first.data.total).toBe(4);
    expect(first.data.list.map((r) => `${r.org_code}/${r.sku_no}`)).toEqual(['S1/A', 'S1/B', 'S2/A', 'S3/B']);
  });

  it('a comparison period: growth over ABS(previous), "-" without a base, share and rank (rules 127, C20)', async () => {
    const { data, totals } = await run({ ...NOV, ...OCT }, HQ, tinyComparisonReport());
    expect(data.list).toEqual([
      { org_code: 'S1', org_name: 'S1店', sales: 83.34, sales_2: 0, growth: null, share: expect.closeTo(83.335 / 93.335, 9), rank: 1 },
      { org_code: 'S2', org_name: 'S2店', sales: 10, sales_2: 5, growth: 1, share: expect.closeTo(10 / 93.335, 9), rank: 2 },
      { org_code: 'S3', org_name: 'S3店', sales: 0, sales_2: 0, growth: null, share: 0, rank: 3 },
    ]);
    expect(totals).toEqual({ sales: 93.34, sales_2: 5, growth: expect.closeTo((93.335 - 5) / 5, 9), share: 1, rank: null });
  });

  it('comparison ranges with a gap: facts of the gap are no row and no total (rules 127, C20)', async () => {
    const { data, totals } = await run({ date_start: '2026-11-12', date_end: '2026-11-21', date_start_2: '2026-10-01', end_2: '2026-10-09' }, HQ, tinyComparisonReport());
    expect(data.list.map((r) => r.org_code)).toEqual(['S3']);
    expect(totals).toMatchObject({ sales: 0, sales_2: 0 });
  });

  it('adjacent comparison ranges: each measure over its own range (rules 127, C20)', async () => {
    const { data } = await run({ date_start: '2026-11-11', date_end: '2026-11-21', date_start_2: '2026-10-10', end_2: '2026-11-10' }, HQ, tinyComparisonReport());
    expect(data.list.map((r) => [r.org_code, r.sales, r.sales_2])).toEqual([
      ['S2', 0, 15],
      ['S3', 0, 0],
      ['S1', -50, 133.34],
    ]);
  });

  it('sorting by an indicator (rules 116–117)', async () => {
    const { data } = await run({ ...NOV, order_by: 'gm_rate asc' });
    expect(data.list.map((r) => r.org_code)).toEqual(['S2', 'S1', 'S3']);
  });

  it('rows whose aggregates are all zero are hidden, the totals are unchanged (rules 165, C14)', async () => {
    const report = { ...tinyReport(), hide_zero_rows: true };
    report.indicators = report.indicators.filter((i) => i.measure !== 'orders');
    const { data, totals } = await run(NOV, HQ, report);
    expect(data.list.map((r) => r.org_code)).toEqual(['S1', 'S2']);
    expect(data.total).toBe(2);
    expect(totals.sales).toBe(93.34);
  });

  it('a number range on an aggregate keeps groups; the totals cover only their rows (rules 145–147)', async () => {
    const { data, totals, total } = await run({ ...NOV, whereList: [{ where_id: 'sales_qty', operator_id: 6, operation_value: [5] }] });
    expect(data.list.map((r) => r.org_code)).toEqual(['S2']);
    expect(totals).toMatchObject({ qty: 10, sales: 10, orders: 1 });
    expect(total).toBe(1);
  });

  it('a store user sees only its org; another tenant never shows up (C25)', async () => {
    const store = await run(NOV, STORE);
    expect(store.data.list.map((r) => r.org_code)).toEqual(['S1']);
    expect(store.totals.sales).toBe(83.34);
    const other = await run(NOV, { ...HQ, tenant_id: 2 });
    expect(other.data.list).toEqual([expect.objectContaining({ org_code: 'S1', sales: 99999 })]);
  });

  it('a chip with an enumeration shows its label', async () => {
    const { data } = await run({ ...NOV, dimensionIds: 'order_source' });
    expect(data.list[0]).toMatchObject({ order_source: '线下门店' });
  });
});

describe('report 166 on known rows: every store organisation, even without sales (rules 171, C16)', () => {
  const { catalogue } = loadCatalogueFromDir();
  const report = catalogue.reports.get(166)!;
  const idx = catalogue.indexes.get(report.dataset)!;
  const run166 = async (body: Record<string, unknown>, session: ScopeSession = HQ) => {
    const query = validateQuery(report, idx, body, { client: session.client });
    const compiled = compileReport({ report, index: idx, query, session, today: '2026-11-22' });
    return { data: await runData(db, report, compiled), totals: (await runTotals(db, compiled)).list[0] };
  };

  it('lists S1–S4 (not the warehouse), zero-sales orgs with 0 and "-" margin rate', async () => {
    const { data, totals } = await run166({ date_start: '2026-11-10', date_end: '2026-11-10' });
    expect(data.list.map((r) => [r.org_code, r.sales, r.orders, r.gm_rate === null ? '-' : 'x'])).toEqual([
      ['S1', 133.34, 1, 'x'],
      ['S2', 10, 1, 'x'],
      ['S3', 0, 0, '-'],
      ['S4', 0, 0, '-'],
    ]);
    expect(totals).toMatchObject({ sales: 143.34, orders: 2, cost: 110 });
  });

  it('an order-source filter narrows the sales, not the organisations', async () => {
    const { data } = await run166({
      date_start: '2026-11-10',
      date_end: '2026-11-10',
      whereList: [{ where_id: 'order_source', operator_id: 1, operation_value: ['2'] }],
    });
    expect(data.list.map((r) => [r.org_code, r.sales])).toEqual([
      ['S1', 0],
      ['S2', 0],
      ['S3', 0],
      ['S4', 0],
    ]);
  });

  it('a store user gets its own org only, even with no sales in the range', async () => {
    const { data } = await run166({ date_start: '2026-01-01', date_end: '2026-01-01' }, STORE);
    expect(data.list).toEqual([expect.objectContaining({ org_code: 'S1', sales: 0 })]);
  });
});

describe('the totals row summed from the groups (rollUpTotals, DuckDB) answers as the grouping set over the facts', () => {
  // counts with and without a condition and extremes beside the sums: each rolls up its own way
  const ds = tinyDataset();
  ds.measures = [
    ...ds.measures.filter((m) => m.id !== 'orders'),
    { id: 'lines', label: { zh: '行数', en: 'Lines' }, format: 'int', agg: 'count' },
    { id: 'returns', label: { zh: '退货行数', en: 'Returns' }, format: 'int', agg: 'count', filter: 'o.is_return = 1' },
    { id: 'top_sale', label: { zh: '最大销售额', en: 'Top sale' }, format: 'money', agg: 'max', expr: 'i.sale_amount' },
    { id: 'low_cost', label: { zh: '最小成本', en: 'Low cost' }, format: 'money', agg: 'min', expr: 'i.cost_amount' },
  ];
  const idx = indexDataset(ds);
  const report: ReportFile = {
    ...tinyReport(),
    indicators: ['qty', 'sales', 'gm', 'gm_rate', 'lines', 'returns', 'top_sale', 'low_cost'].map((measure) => ({ measure })),
  };
  const answer = async (body: Record<string, unknown>, rollUpTotals: boolean, r: ReportFile = report, ix = idx) => {
    const query = validateQuery(r, ix, body, { client: 'HMT' });
    const compiled = compileReport({ report: r, index: ix, query, session: HQ, today: '2026-11-22', rollUpTotals });
    const [data, totals] = await Promise.all([runData(db, r, compiled), runTotals(db, compiled)]);
    return { sql: compiled.screen!.sql, data, totals };
  };

  it.each([
    ['the default chips', NOV],
    ['two chips', { ...NOV, dimensionIds: 'org,sku' }],
    ['a range without facts', { date_start: '2026-01-01', date_end: '2026-01-02' }],
    ['a store scope filter', { ...NOV, org_code: 'S1' }],
  ])('%s: the same rows, count and totals', async (_, body) => {
    const rolled = await answer(body, true);
    const grouped = await answer(body, false);
    expect(rolled.sql).not.toContain('GROUPING SETS');
    expect(grouped.sql).toContain('GROUPING SETS');
    expect(rolled.data).toEqual(grouped.data);
    expect(rolled.totals).toEqual(grouped.totals);
  });

  it('over no facts a plain count totals 0, a conditional count and the sums stay empty', async () => {
    const { totals } = await answer({ date_start: '2026-01-01', date_end: '2026-01-02' }, true);
    expect(totals.list[0]).toMatchObject({ lines: 0, returns: null, sales: null, top_sale: null });
  });

  it('known totals: 5 lines, 1 return, the largest sale and the smallest cost across the groups', async () => {
    const { totals } = await answer(NOV, true);
    expect(totals.list[0]).toMatchObject({ qty: 12, sales: 93.34, lines: 5, returns: 1, top_sale: 100, low_cost: -30 });
  });

  it('a distinct count does not add up over groups: that screen keeps the grouping set', async () => {
    const { sql, totals } = await answer(NOV, true, tinyReport(), index);
    expect(sql).toContain('GROUPING SETS');
    expect(totals.list[0]).toMatchObject({ orders: 3 });
  });
});

describe('a union whose rows and the totals row read different branches: one pass answers as the three statements', () => {
  // a day-end branch only under the day chip, a range-end branch only without it; the return line
  // has no day, so the range-end facts share the (org, no day) key with a row's facts under the day chip
  const ds: DatasetFile = {
    ...tinyDataset(),
    id: 'tiny-union',
    source: {
      union: [
        {
          id: 'lines',
          table: 'sales_order',
          alias: 'o',
          joins: [{ table: 'sales_order_item', alias: 'i', on: 'i.order_no = o.order_no', kind: 'inner' }],
          where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}'],
          select: {
            org_code: 'o.org_code',
            day: 'CASE WHEN o.is_return = 1 THEN NULL ELSE CAST(o.business_date AS VARCHAR) END',
            order_no: 'o.order_no',
            is_return: 'o.is_return',
            sale: 'i.sale_amount',
          },
        },
        {
          id: 'day_ends',
          table: 'sales_order',
          alias: 'o',
          where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}'],
          select: { org_code: 'o.org_code', day: 'CAST(o.business_date AS VARCHAR)', close: '10' },
          only_with_dimensions: ['day'],
        },
        {
          id: 'range_end',
          table: 'organisation',
          alias: 'g',
          where: ['g.org_type = 2'],
          select: { org_code: 'g.org_code', close: '100' },
          omit_when_dimensions: ['day'],
        },
      ],
      columns: [
        { name: 'org_code', type: 'VARCHAR(32)' },
        { name: 'day', type: 'VARCHAR(10)' },
        { name: 'order_no', type: 'VARCHAR(32)' },
        { name: 'is_return', type: 'SMALLINT' },
        { name: 'sale', type: 'DECIMAL(18,4)' },
        { name: 'close', type: 'DECIMAL(18,4)' },
      ],
      alias: 'u',
    },
    date_columns: undefined,
    dimensions: [
      { id: 'org', label: { zh: '组织', en: 'Org' }, columns: [{ value: 'org_code', label: { zh: '组织编码', en: 'Org code' }, expr: 'u.org_code' }], value_type: 'text' },
      { id: 'day', label: { zh: '日期', en: 'Day' }, columns: [{ value: 'day', label: { zh: '日期', en: 'Day' }, expr: 'u.day' }], value_type: 'text' },
    ],
    fields: [],
    measures: [
      { id: 'sales', label: { zh: '销售额', en: 'Sales' }, format: 'money', agg: 'sum', expr: 'u.sale' },
      { id: 'close', label: { zh: '期末', en: 'Close' }, format: 'money', agg: 'sum', expr: 'u.close' },
      { id: 'facts', label: { zh: '行数', en: 'Facts' }, format: 'int', agg: 'count' },
      { id: 'returns', label: { zh: '退货行数', en: 'Returns' }, format: 'int', agg: 'count', filter: 'u.is_return = 1' },
      { id: 'refunds', label: { zh: '退款额', en: 'Refunds' }, format: 'money', agg: 'sum', expr: 'u.sale', filter: 'u.is_return = 1' },
      { id: 'orders', label: { zh: '订单数', en: 'Orders' }, format: 'int', agg: 'count_distinct', expr: 'u.order_no', filter: 'u.is_return = 0' },
      { id: 'top_close', label: { zh: '最大期末', en: 'Top close' }, format: 'money', agg: 'max', expr: 'u.close' },
    ],
    derived: [{ id: 'per_order', label: { zh: '单均', en: 'Per order' }, format: 'money', op: 'ratio', args: ['sales', 'orders'] }],
    scope: {},
  };
  const idx = indexDataset(ds);
  const report: ReportFile = {
    ...tinyReport(),
    dataset: 'tiny-union',
    clients: ['HMT'],
    chips: [{ dimension: 'org', active: true }, { dimension: 'day' }],
    filters: [],
    indicators: ['sales', 'close', 'facts', 'returns', 'refunds', 'orders', 'top_close', 'per_order'].map((measure) => ({ measure })),
    dates: [{ index: 1, label: { zh: '日期', en: 'Date' }, granularity: 'day', required: true, default_kind: 'yesterday', restriction: 'to_yesterday' }],
    default_order_by: undefined,
  };
  const answer = (body: Record<string, unknown>, fused: boolean) => answerWith(idx, report, body, fused);
  const answerWith = async (ix: DatasetIndex, r: ReportFile, body: Record<string, unknown>, fused: boolean) => {
    const query = validateQuery(r, ix, { ...NOV, ...body }, { client: 'HMT' });
    const compiled = compileReport({ report: r, index: ix, query, session: HQ, today: '2026-11-22', rollUpTotals: true });
    const run = fused ? compiled : { ...compiled, screen: null };
    const [data, totals] = await Promise.all([runData(db, r, run), runTotals(db, run)]);
    return { screen: compiled.screen, data, totals };
  };

  it.each([
    ['org', {}],
    ['org and day', { dimensionIds: 'org,day' }],
    ['day', { dimensionIds: 'day' }],
    ['org and day, second page', { dimensionIds: 'org,day', page_num: 2, page_size: 10 }],
    ['a range without sales', { date_start: '2026-01-01', date_end: '2026-01-02', dimensionIds: 'org,day' }],
  ])('%s: the same rows, count and totals', async (_, body) => {
    const one = await answer(body, true);
    const three = await answer(body, false);
    // one pass: the grouping set over the facts (org), or over the branches grouped first
    expect(one.screen?.sql).toMatch(/GROUPING SETS|j AS MATERIALIZED/);
    expect(one.data).toEqual(three.data);
    expect(one.totals).toEqual(three.totals);
  });

  it('known answers under the day chip: day ends per row, the range end and no day-end on the totals row', async () => {
    const { data, totals } = await answer({ dimensionIds: 'org,day' }, true);
    expect(data.list.map((r) => [r.org_code, r.day, r.sales, r.close, r.facts, r.returns, r.refunds, r.orders])).toEqual([
      ['S1', '2026-11-10', 133.34, 10, 3, 0, 0, 1],
      ['S1', '2026-11-11', null, 10, 1, 0, 0, 0],
      ['S1', null, -50, null, 1, 1, -50, 0],
      ['S2', '2026-11-10', 10, 10, 2, 0, 0, 1],
      ['S3', '2026-11-12', 0, 10, 2, 0, 0, 1],
    ]);
    // 5 lines and 4 range-end organisations; the day ends (10 each) are no part of it
    expect(totals.total).toBe(5);
    expect(totals.list[0]).toMatchObject({ sales: 93.34, close: 400, facts: 9, returns: 1, refunds: -50, orders: 3, top_close: 100 });
  });

  it('an aggregate reads its own set only when a branch of one set could reach it', async () => {
    const { screen } = await answer({ dimensionIds: 'org,day' }, true);
    expect(screen!.sql).toContain('SUM("__mr_close") AS "__m_close"');
    expect(screen!.sql).toContain('SUM("__mt_close") AS "__m_close"');
    expect(screen!.sql).toContain('SUM("__m_sales") AS "__m_sales"');
    expect(screen!.sql).not.toContain('__mr_sales');
    expect(screen!.sql).toContain('SUM("__mr_refunds") AS "__m_refunds"');
    expect(screen!.sql).toContain('CAST(COALESCE(SUM("__mt_facts"), 0) AS BIGINT) AS "__m_facts"');
    // the rows' chips hold every key and one branch carries the orders: distinct (keys, order) pairs
    expect(screen!.sql).toContain('COUNT("__d_orders") AS "__m_orders"');
    expect(screen!.sql).toContain('COUNT(DISTINCT "__d_orders") AS "__m_orders"');
  });

  it('branches over the same table, joins and keys are read by one scan, each aggregate by its own branch\'s conditions', async () => {
    // a branch of both sets beside the day ends (rows only): the same orders, only the returns' days
    const returnDays: UnionPart = {
      id: 'return_days',
      table: 'sales_order',
      alias: 'o',
      where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}', 'o.is_return = 1'],
      select: { org_code: 'o.org_code', day: 'CAST(o.business_date AS VARCHAR)', return_days: '1' },
    };
    const source = ds.source as UnionSource;
    const merged: DatasetFile = {
      ...ds,
      source: { ...source, union: [...source.union, returnDays], columns: [...source.columns, { name: 'return_days', type: 'DECIMAL(18,4)' }] },
      measures: [...ds.measures, { id: 'return_days', label: { zh: '退货天数', en: 'Return days' }, format: 'int', agg: 'sum', expr: 'u.return_days' }],
    };
    const withDays = { ...report, indicators: ['sales', 'close', 'top_close', 'orders', 'return_days'].map((measure) => ({ measure })) };
    for (const body of [{ dimensionIds: 'org,day' }, { dimensionIds: 'day' }, { dimensionIds: 'org,day', date_start: '2026-01-01', date_end: '2026-01-02' }]) {
      const one = await answerWith(indexDataset(merged), withDays, body, true);
      const three = await answerWith(indexDataset(merged), withDays, body, false);
      expect(one.screen!.sql.match(/FROM sales_order o WHERE/g)).toHaveLength(1);
      expect(one.screen!.sql).toContain('SUM(CASE WHEN o.is_return = 1 THEN CAST(1 AS DECIMAL(18,4)) END) AS "__m_return_days"');
      expect(one.data).toEqual(three.data);
      expect(one.totals).toEqual(three.totals);
    }
  });

  it('the branches are grouped first only when every sum adds up exactly: a division per fact reads the facts', async () => {
    const grouped = await answer({ dimensionIds: 'org,day' }, true);
    expect(grouped.screen!.sql).toContain('j AS MATERIALIZED');
    const halves: MeasureDef = { id: 'half', label: { zh: '半', en: 'Half' }, format: 'money', agg: 'sum', expr: 'u.sale / 3' };
    ds.measures.push(halves);
    try {
      const withDivision = { ...report, indicators: [...report.indicators, { measure: 'half' }] };
      const one = await answerWith(indexDataset(ds), withDivision, { dimensionIds: 'org,day' }, true);
      const three = await answerWith(indexDataset(ds), withDivision, { dimensionIds: 'org,day' }, false);
      expect(one.screen!.sql).not.toContain('j AS MATERIALIZED');
      expect(one.screen!.sql).toContain('SUM(u.close) FILTER (WHERE u."__t")');
      expect(one.data).toEqual(three.data);
      expect(one.totals).toEqual(three.totals);
    } finally {
      ds.measures.pop();
    }
  });
});
