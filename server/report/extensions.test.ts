/**
 * The language extensions of the sales/member reports, compiled and run on an in-memory DuckDB over
 * rows whose answers are known by hand: total(a) (a whole-set denominator), cumulative(a) along a
 * chip, rank following the sort, fields applied in several union branches, and branches that are in
 * the rows only while a chip is active (period-end balances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/definition/catalogue';
import type { DatasetIndex } from '../../engine/definition/dataset-index';
import type { DatasetFile, ReportFile } from '../../engine/definition/types';
import { openDuckDb } from '../db/duckdb';
import { migrate } from '../db/migrate';
import type { Db } from '../db/types';
import { compileReport } from './compile';
import { runData, runTotals } from './runner';
import type { ScopeSession } from './types';
import { validateQuery } from './validate';

const HQ: ScopeSession = { tenant_id: 1, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null, account_org_relation: [] };
const L = (zh: string) => ({ zh, en: zh });
const DAYS = { date_start: '2026-11-01', date_end: '2026-11-02' };

// order, org, member, time, lines [qty, sale]
const ORDERS: [string, string, string | null, string, [number, number][]][] = [
  ['O1', 'S1', 'M1', '2026-11-01 10:15:00', [[2, 100]]],
  ['O2', 'S1', null, '2026-11-01 11:05:00', [[5, 30], [1, 20]]],
  ['O3', 'S2', 'M2', '2026-11-01 10:40:00', [[1, 30]]],
  ['O4', 'S1', 'M1', '2026-11-02 10:20:00', [[1, 20]]],
];
// snapshot rows: day, org, qty
const SNAPSHOT: [string, string, number][] = [
  ['2026-11-01', 'S1', 7],
  ['2026-11-01', 'S2', 3],
  ['2026-11-02', 'S1', 5],
  ['2026-11-02', 'S2', 4],
];

const lines: DatasetFile = {
  $schema: '../../schemas/dataset.schema.json',
  id: 'ext-lines',
  title: L('明细'),
  source: {
    table: 'sales_order',
    alias: 'o',
    joins: [{ table: 'sales_order_item', alias: 'i', on: 'i.order_no = o.order_no', kind: 'inner' }],
  },
  date_columns: { business_date: { expr: 'o.business_date', type: 'date' } },
  dimensions: [
    { id: 'org', label: L('组织'), columns: [{ value: 'org_code', label: L('组织'), expr: 'o.org_code' }], value_type: 'text' },
    { id: 'day', label: L('日期'), columns: [{ value: 'day', label: L('日期'), expr: 'o.business_date' }], value_type: 'date' },
    { id: 'hour', label: L('时段'), columns: [{ value: 'hour', label: L('时段'), expr: 'CAST(EXTRACT(HOUR FROM o.order_time) AS INTEGER)' }], value_type: 'int' },
  ],
  measures: [
    { id: 'qty', label: L('数量'), format: 'qty', agg: 'sum', expr: 'i.qty' },
    { id: 'sales', label: L('销售额'), format: 'money', agg: 'sum', expr: 'i.sale_amount' },
    { id: 'member_sales', label: L('会员销售额'), format: 'money', agg: 'sum', expr: 'i.sale_amount', filter: 'o.member_no IS NOT NULL' },
  ],
  derived: [
    { id: 'all_sales', label: L('全部销售额'), format: 'money', op: 'total', args: ['sales'] },
    { id: 'share_of_all', label: L('占全部'), format: 'rate', op: 'ratio', args: ['member_sales', 'all_sales'] },
    { id: 'running', label: L('累计'), format: 'money', op: 'cumulative', args: ['sales'], along: 'hour' },
    { id: 'rank', label: L('排名'), format: 'int', op: 'rank', args: ['sales'], follow_sort: true },
  ],
  scope: {},
};

const branches: DatasetFile = {
  $schema: '../../schemas/dataset.schema.json',
  id: 'ext-branches',
  title: L('分支'),
  source: {
    union: [
      {
        id: 'orders',
        table: 'sales_order',
        alias: 'o',
        where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}'],
        select: { org_code: 'o.org_code', day: 'o.business_date', member_no: 'o.member_no', orders: '1' },
      },
      {
        id: 'lines',
        table: 'sales_order',
        alias: 'o',
        joins: [{ table: 'sales_order_item', alias: 'i', on: 'i.order_no = o.order_no', kind: 'inner' }],
        where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}'],
        select: { org_code: 'o.org_code', day: 'o.business_date', member_no: 'o.member_no', sale_amount: 'i.sale_amount' },
      },
      {
        id: 'all',
        table: 'sales_order',
        alias: 'o',
        joins: [{ table: 'sales_order_item', alias: 'i', on: 'i.order_no = o.order_no', kind: 'inner' }],
        where: ['o.business_date >= {date_start}', 'o.business_date <= {date_end}'],
        select: { org_code: 'o.org_code', day: 'o.business_date', all_amount: 'i.sale_amount' },
      },
      {
        id: 'range_end',
        table: 'stock_daily_snapshot',
        alias: 'z',
        where: ['z.biz_date = {date_end}'],
        select: { org_code: 'z.org_code', end_qty: 'z.qty' },
        omit_when_dimensions: ['day'],
      },
      {
        id: 'day_end',
        table: 'stock_daily_snapshot',
        alias: 'z',
        where: ['z.biz_date >= {date_start}', 'z.biz_date <= {date_end}'],
        select: { org_code: 'z.org_code', day: 'z.biz_date', end_qty: 'z.qty' },
        only_with_dimensions: ['day'],
      },
    ],
    columns: [
      { name: 'org_code', type: 'VARCHAR(32)' },
      { name: 'day', type: 'DATE' },
      { name: 'member_no', type: 'VARCHAR(32)' },
      { name: 'orders', type: 'INTEGER' },
      { name: 'sale_amount', type: 'DECIMAL(18,4)' },
      { name: 'all_amount', type: 'DECIMAL(18,4)' },
      { name: 'end_qty', type: 'DECIMAL(18,3)' },
    ],
    alias: 'u',
  },
  dimensions: [
    { id: 'org', label: L('组织'), columns: [{ value: 'org_code', label: L('组织'), expr: 'u.org_code' }], value_type: 'text' },
    { id: 'day', label: L('日期'), columns: [{ value: 'day', label: L('日期'), expr: 'u.day' }], value_type: 'date' },
  ],
  fields: [{ id: 'member', value_type: 'text', exprs: ['o.member_no'], parts: ['orders', 'lines'] }],
  measures: [
    { id: 'orders', label: L('订单数'), format: 'int', agg: 'sum', expr: 'u.orders' },
    { id: 'sales', label: L('销售额'), format: 'money', agg: 'sum', expr: 'u.sale_amount' },
    { id: 'all_sales', label: L('全部销售额'), format: 'money', agg: 'sum', expr: 'u.all_amount' },
    { id: 'end_qty', label: L('期末库存'), format: 'qty', agg: 'sum', expr: 'u.end_qty' },
  ],
  scope: {},
};

function report(id: number, dataset: string, chips: string[], indicators: string[], extra: Partial<ReportFile> = {}): ReportFile {
  return {
    $schema: '../../schemas/report.schema.json',
    id,
    title: L(`报表${id}`),
    clients: ['HMT'],
    area: 'sales',
    dataset,
    chips: chips.map((c) => ({ dimension: c, active: true })),
    filters: [],
    indicators: indicators.map((measure) => ({ measure })),
    dates: [{ index: 1, label: L('日期'), granularity: 'day', required: true, default_kind: 'yesterday', restriction: 'none' }],
    sortable: true,
    ...extra,
  };
}

const REPORTS: ReportFile[] = [
  report(951, 'ext-lines', ['org', 'hour'], ['qty', 'sales', 'member_sales', 'all_sales', 'share_of_all', 'running', 'rank'], {
    dates: [{ index: 1, label: L('日期'), column: 'business_date', granularity: 'day', required: true, default_kind: 'yesterday', restriction: 'none' }],
    filters: [{ id: 'qty_range', label: L('数量'), widget: 'number_range', target: { measure: 'qty' } }],
    default_order_by: 'sales desc',
  }),
  report(952, 'ext-branches', ['org', 'day'], ['orders', 'sales', 'all_sales', 'end_qty'], {
    filters: [{ id: 'member', label: L('会员'), widget: 'text', target: { field: 'member' } }],
  }),
];

let db: Db;
let indexes: Map<string, DatasetIndex>;

beforeAll(async () => {
  const loaded = loadCatalogue(
    [lines, branches].map((json) => ({ path: `defs/datasets/${json.id}.json`, json })),
    REPORTS.map((json) => ({ path: `defs/reports/${json.id}-ext.json`, json })),
  );
  expect(loaded.errors).toEqual([]);
  indexes = loaded.catalogue.indexes;
  db = await openDuckDb(':memory:');
  await migrate(db);
  for (const [no, org, member, time, items] of ORDERS) {
    await db.query(
      `INSERT INTO sales_order (tenant_id, order_no, org_code, member_no, order_source, order_kind, is_return, order_time, business_date,
         total_amount, discount_amount, pay_amount, is_mixed_payment, order_status)
       VALUES (1, $1, $2, $3, 1, 1, 0, CAST($4 AS TIMESTAMP), CAST($5 AS DATE), 0, 0, 0, 0, 4)`,
      [no, org, member, time, time.slice(0, 10)],
    );
    for (const [i, [qty, sale]] of items.entries()) {
      await db.query(
        'INSERT INTO sales_order_item (tenant_id, order_no, line_no, sku_no, qty, sale_amount, discount_amount, cost_amount) VALUES (1, $1, $2, $3, $4, $5, 0, 0)',
        [no, i + 1, 'A', qty, sale],
      );
    }
  }
  for (const [day, org, qty] of SNAPSHOT) {
    await db.query(
      "INSERT INTO stock_daily_snapshot (tenant_id, biz_date, org_code, center_code, sku_no, qty, amount) VALUES (1, CAST($1 AS DATE), $2, 'C', 'A', $3, 0)",
      [day, org, qty],
    );
  }
});

afterAll(() => db?.close());

async function run(id: number, body: Record<string, unknown>) {
  const rep = REPORTS.find((r) => r.id === id)!;
  const index = indexes.get(rep.dataset)!;
  const query = validateQuery(rep, index, { ...DAYS, ...body }, { client: 'HMT' });
  const compiled = compileReport({ report: rep, index, query, session: HQ, today: '2026-11-22' });
  const [data, totals] = await Promise.all([runData(db, rep, compiled), runTotals(db, compiled)]);
  return { compiled, rows: data.list, totals: totals.list[0] };
}

describe('total(a): the whole filtered set on every row', () => {
  it('is the same denominator on every row and on the totals row, so member shares add up', async () => {
    const { rows, totals } = await run(951, { dimensionIds: 'org' });
    expect(rows.map((r) => [r.org_code, r.member_sales, r.all_sales])).toEqual([
      ['S1', 120, 200],
      ['S2', 30, 200],
    ]);
    expect(rows[0].share_of_all).toBeCloseTo(0.6, 9);
    expect(totals.all_sales).toBe(200);
    expect(totals.share_of_all).toBeCloseTo(0.75, 9);
  });

  it('a number range on an aggregate narrows the rows, not the denominator', async () => {
    const { rows, totals } = await run(951, { dimensionIds: 'org', whereList: [{ where_id: 'qty_range', operator_id: 6, operation_value: [5] }] });
    expect(rows.map((r) => r.org_code)).toEqual(['S1']);
    expect(rows[0].all_sales).toBe(200);
    expect(totals.sales).toBe(170);
    expect(totals.all_sales).toBe(200);
  });
});

describe('cumulative(a) along a chip', () => {
  it('runs along the hour within each org; equals a on the totals row and without the hour chip', async () => {
    const { rows, totals } = await run(951, {});
    expect(rows.map((r) => [r.org_code, r.hour, r.sales, r.running])).toEqual([
      ['S1', 10, 120, 120],
      ['S1', 11, 50, 170],
      ['S2', 10, 30, 30],
    ]);
    expect(totals.running).toBe(200);
    const byOrg = await run(951, { dimensionIds: 'org' });
    expect(byOrg.rows.map((r) => r.running)).toEqual([170, 30]);
  });
});

describe('rank following the sort', () => {
  it('ranks by the sort column and direction when the sort is another indicator, else by its own measure', async () => {
    const byQty = await run(951, { dimensionIds: 'org', order_by: 'qty asc' });
    expect(byQty.rows.map((r) => [r.org_code, r.qty, r.rank])).toEqual([
      ['S2', 1, 1],
      ['S1', 9, 2],
    ]);
    const byOrg = await run(951, { dimensionIds: 'org', order_by: 'org_code desc' });
    expect(byOrg.rows.map((r) => [r.org_code, r.rank])).toEqual([
      ['S2', 2],
      ['S1', 1],
    ]);
    expect(byOrg.totals.rank).toBeNull();
  });
});

describe('fields in several branches', () => {
  it('filters the branches it names and leaves the others whole', async () => {
    const { compiled, rows, totals } = await run(952, { dimensionIds: 'org', whereList: [{ where_id: 'member', operator_id: 7, operation_value: ['M1'] }] });
    const [orders, linesPart, all] = compiled.page.sql.split('UNION ALL');
    expect(orders).toContain('o.member_no ILIKE');
    expect(linesPart).toContain('o.member_no ILIKE');
    expect(all).not.toContain('member_no ILIKE');
    expect(rows.map((r) => [r.org_code, r.orders, r.sales, r.all_sales])).toEqual([
      ['S1', 2, 120, 170],
      ['S2', null, null, 30],
    ]);
    expect([totals.orders, totals.sales, totals.all_sales]).toEqual([2, 120, 200]);
  });
});

describe('branches only with a chip (period-end balances)', () => {
  it('each day shows its own closing stock; without the day chip and on the totals row, the range end only', async () => {
    const byDay = await run(952, { dimensionIds: 'org,day' });
    expect(byDay.rows.map((r) => [r.org_code, r.day, r.end_qty])).toEqual([
      ['S1', '2026-11-01', 7],
      ['S1', '2026-11-02', 5],
      ['S2', '2026-11-01', 3],
      ['S2', '2026-11-02', 4],
    ]);
    expect(byDay.totals.end_qty).toBe(9);
    expect(byDay.compiled.totals.sql).not.toContain('z.biz_date >= ');
    const byOrg = await run(952, { dimensionIds: 'org' });
    expect(byOrg.rows.map((r) => [r.org_code, r.end_qty])).toEqual([
      ['S1', 5],
      ['S2', 4],
    ]);
    expect(byOrg.compiled.page.sql).not.toContain('z.biz_date >= ');
  });
});

describe('validation of the extensions', () => {
  it('names what is wrong', () => {
    const bad: DatasetFile = structuredClone(lines);
    bad.id = 'ext-bad';
    bad.derived = [
      { id: 'c1', label: L('x'), format: 'money', op: 'cumulative', args: ['sales'] },
      { id: 'c2', label: L('x'), format: 'money', op: 'cumulative', args: ['sales'], along: 'nowhere' },
      { id: 'r1', label: L('x'), format: 'money', op: 'ratio', args: ['sales', 'qty'], follow_sort: true },
      { id: 't1', label: L('x'), format: 'money', op: 'total', args: ['sales', 'qty'] },
      { id: 'w1', label: L('x'), format: 'money', op: 'ratio', args: ['c1', 'sales'] },
    ];
    const badUnion: DatasetFile = structuredClone(branches);
    badUnion.id = 'ext-bad-union';
    badUnion.fields = [
      { id: 'f1', value_type: 'text', exprs: ['o.member_no'], parts: ['orders', 'nothing'] },
      { id: 'f2', value_type: 'text', exprs: ['i.sku_no'], parts: ['orders', 'lines'] },
      { id: 'f3', value_type: 'text', exprs: ['o.member_no'], part: 'orders', parts: ['lines'] },
    ];
    (badUnion.source as { union: { only_with_dimensions?: string[] }[] }).union[4].only_with_dimensions = ['month'];
    const { errors } = loadCatalogue(
      [bad, badUnion].map((json) => ({ path: `defs/datasets/${json.id}.json`, json })),
      [],
    );
    expect(errors.map((e) => `${e.file.split('/').pop()}: ${e.pointer}: ${e.message}`)).toEqual(
      expect.arrayContaining([
        'ext-bad.json: /derived/0: op "cumulative" needs along (a dimension)',
        'ext-bad.json: /derived/1/along: unknown dimension "nowhere"',
        'ext-bad.json: /derived/2/follow_sort: follow_sort applies to op "rank" only',
        'ext-bad.json: /derived/3/args: op "total" takes 1 measures',
        'ext-bad.json: /derived/4: "c1" is a window measure and cannot be used in another measure',
        'ext-bad-union.json: /fields/0/parts: unknown part "nothing"',
        'ext-bad-union.json: /fields/1/exprs/0: unknown alias "i"',
        'ext-bad-union.json: /fields/2: a field has either part or parts',
        'ext-bad-union.json: /source/union/4/only_with_dimensions/0: unknown dimension "month"',
      ]),
    );
  });
});
