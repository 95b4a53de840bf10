/**
 * The small language additions the stock / purchase / logistics / finance reports need:
 * the {today} placeholder (191 remaining shelf-life days), ratios that need a positive
 * denominator (61 days of stock, 118 days of cover) and a report whose second range is range 3
 * (191 sends its expiration-date range as date_start_3 / end_3).
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/definition/catalogue';
import { indexDataset } from '../../engine/definition/dataset-index';
import { tinyDataset, tinyReport } from '../../engine/definition/fixtures';
import type { DatasetFile, ReportFile } from '../../engine/definition/types';
import { compileReport } from './compile';
import type { ScopeSession } from './types';
import { validateQuery } from './validate';

const HQ: ScopeSession = { tenant_id: 10139, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null, account_org_relation: [] };

function withOps(): { ds: DatasetFile; report: ReportFile } {
  const ds = tinyDataset();
  ds.dimensions.push({
    id: 'age',
    label: { zh: '距今天数', en: 'Age' },
    columns: [{ value: 'age_days', label: { zh: '距今天数', en: 'Age' }, expr: '{today} - o.business_date' }],
    value_type: 'int',
  });
  ds.derived!.push({
    id: 'qty_per_sale',
    label: { zh: '单位销售数量', en: 'Qty per sales' },
    format: 'qty',
    op: 'ratio',
    args: ['qty', 'sales'],
    positive_denominator: true,
  });
  const report = tinyReport();
  report.chips.push({ dimension: 'age' });
  report.indicators.push({ measure: 'qty_per_sale' });
  report.dates.push({
    index: 3,
    label: { zh: '第二日期', en: 'Second range' },
    column: 'business_date',
    granularity: 'day',
    required: false,
    default_kind: 'today',
    restriction: 'none',
  });
  return { ds, report };
}

function compile(body: Record<string, unknown>) {
  const { ds, report } = withOps();
  const index = indexDataset(ds);
  const query = validateQuery(report, index, { date_start: '2026-11-01', date_end: '2026-11-21', ...body }, { client: 'HMT' });
  return compileReport({ report, index, query, session: HQ, today: '2026-11-22' });
}

/** The value bound to the parameter right after `prefix` in the SQL. */
function boundAfter(sql: string, params: unknown[], prefix: string): unknown {
  const at = sql.indexOf(prefix);
  if (at < 0) throw new Error(`no ${prefix} in ${sql}`);
  const m = /CAST\(\$(\d+) AS DATE\)/.exec(sql.slice(at + prefix.length));
  return params[Number(m![1]) - 1];
}

describe('language additions for the operations reports', () => {
  it('validates: {today} anywhere, positive_denominator on ratios only, range 3 without range 2', () => {
    const { ds, report } = withOps();
    const ok = loadCatalogue([{ path: 'tiny.json', json: ds }], [{ path: '901-r.json', json: report }]);
    expect(ok.errors).toEqual([]);
    const bad = structuredClone(ds);
    bad.derived!.find((m) => m.id === 'gm')!.positive_denominator = true;
    const noFirst = structuredClone(report);
    noFirst.dates = noFirst.dates.filter((d) => d.index !== 1);
    const res = loadCatalogue([{ path: 'tiny.json', json: bad }], [{ path: '901-r.json', json: noFirst }]);
    expect(res.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['positive_denominator applies to op "ratio" only', 'a report with date ranges needs range 1']),
    );
  });

  it('{today} binds the tenant\'s today as a DATE parameter, also inside a dimension', () => {
    const { page } = compile({ dimensionIds: 'org,age' });
    expect(boundAfter(page.sql, page.params, 'AS "org_name", ')).toBe('2026-11-22');
  });

  it('a positive-denominator ratio is null unless the denominator is > 0, on rows and totals', () => {
    const { page, totals } = compile({});
    const expected = '(SUM(i.qty)) * 1.0 / CASE WHEN (SUM(i.sale_amount)) > 0 THEN (SUM(i.sale_amount)) END';
    expect(page.sql).toContain(expected);
    expect(totals.sql).toContain(expected);
  });

  it('range 3 filters its own column and is read as date_start_3 / end_3', () => {
    const { page } = compile({ date_start_3: '2026-11-05', end_3: '2026-11-06' });
    expect(page.params).toEqual(expect.arrayContaining(['2026-11-05', '2026-11-06', '2026-11-01', '2026-11-21']));
    expect(page.sql.match(/o\.business_date >= CAST/g)).toHaveLength(2);
  });
});
