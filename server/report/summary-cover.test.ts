/**
 * Aggregate awareness (PostgreSQL ≤ 3× DuckDB, docs/performance.md): which queries the sales summary
 * may answer and which must read the facts, on the committed definitions, and what the compiled
 * statement over the summary keeps (tenant, row scope, comparison ranges, look-ups).
 */
import { describe, expect, it } from 'vitest';
import { indexDataset } from '../../engine/definition/dataset-index';
import { tinyDataset, tinyReport } from '../../engine/definition/fixtures';
import type { ReportFile } from '../../engine/definition/types';
import type { ClientType } from '../../engine/wire';
import { loadCatalogueFromDir } from './catalogue-fs';
import { compileReport } from './compile';
import { summaryInsertSql } from './summary-refresh';
import { summaryPlan } from './summary-cover';
import type { ScopeSession } from './types';
import { validateQuery } from './validate';

const { catalogue } = loadCatalogueFromDir();
const HQ: ScopeSession = { tenant_id: 10139, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null, account_org_relation: [] };
const STORE: ScopeSession = { ...HQ, client: 'HMD', org_code: 'S001', store_no: 'S001', account_org_relation: ['S001', 'S002'] };
const SUPPLIER: ScopeSession = { ...HQ, client: 'HMS', org_code: 'V001', supplier_no: 'V001' };
const MONTHS = { date_start: '2026-10-01', date_end: '2026-10-31', date_start_2: '2026-09-01', end_2: '2026-09-30' };
const where = (id: string, operator: number, values: string[]) => JSON.stringify([{ where_id: id, operator_id: operator, operation_value: values }]);

function plan(id: number, body: Record<string, unknown>, session: ScopeSession = HQ, over: Partial<ReportFile> = {}) {
  const report = { ...catalogue.reports.get(id)!, ...over };
  const index = catalogue.indexes.get(report.dataset)!;
  const query = validateQuery(report, index, { ...MONTHS, ...body }, { client: session.client as ClientType, today: '2026-11-24' });
  const chosen = summaryPlan(report, index, query, session.client);
  const compiled = compileReport({ report: chosen?.report ?? report, index: chosen?.index ?? index, query, session, today: '2026-11-24' });
  return { chosen, compiled };
}

describe('summaryPlan: queries the sales summary answers', () => {
  it('report 70 by organisation over two months reads the summary, both required ranges in one pass (rule 127)', () => {
    const { chosen, compiled } = plan(70, {});
    expect(chosen?.table).toBe('sales_org_day');
    const sql = compiled.screen!.sql;
    expect(sql).toContain('FROM sales_org_day o LEFT JOIN organisation org ON org.tenant_id = o.tenant_id AND (org.org_code = o.org_code)');
    expect(sql).not.toMatch(/sales_order|i\./);
    expect(sql).toMatch(/WHERE o\.tenant_id = CAST\(\$\d+ AS BIGINT\) AND o\.business_date >= /);
    expect(sql).toMatch(/SUM\(CASE WHEN \(o\.business_date >= CAST\(\$\d+ AS DATE\)\) THEN o\.sales ELSE 0 END\)/);
    // the comparison measures are the same sums over range 2
    expect(sql).toMatch(/SUM\(CASE WHEN \(o\.business_date <= CAST\(\$\d+ AS DATE\)\) THEN o\.cost ELSE 0 END\)/);
    expect(compiled.screen!.params).toEqual(expect.arrayContaining([10139, '2026-09-01', '2026-10-31']));
  });

  it('chips and filters on the kept keys and look-ups through them stay on the summary', () => {
    const { chosen, compiled } = plan(70, {
      dimensionIds: 'org,store_type,order_source',
      whereList: JSON.stringify([
        { where_id: 'store_type', operator_id: 8, operation_value: ['1', '2'] },
        { where_id: 'order_source', operator_id: 1, operation_value: ['1'] },
        { where_id: 'org_code', operator_id: 8, operation_value: ['S001'] },
      ]),
    });
    expect(chosen).not.toBeNull();
    expect(compiled.screen!.sql).toContain('LEFT JOIN store st ON st.tenant_id = o.tenant_id AND (st.org_code = o.org_code)');
    expect(compiled.screen!.sql).toContain('o.order_source = CAST(');
  });

  it("a store user's row scope is applied on the summary's organisation, as on the facts", () => {
    const { chosen, compiled } = plan(35, { indexIds: 'gross_sales,gross_discount,refund' }, STORE);
    expect(chosen).not.toBeNull();
    expect(compiled.screen!.sql).toMatch(/o\.org_code = CAST\(\$(\d+) AS VARCHAR\)/);
    expect(compiled.screen!.params).toContain('S001');
  });

  it('the refresh groups the facts by the keys and sums each measure with its own filter', () => {
    const index = catalogue.indexes.get('sales')!;
    const sql = summaryInsertSql(index, index.dataset.summaries![0]);
    expect(sql).toContain('INSERT INTO sales_org_day (tenant_id, org_code, order_source, business_date, qty, sales, cost,');
    expect(sql).toContain('FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND (i.order_no = o.order_no)');
    expect(sql).toContain('SUM(CASE WHEN (o.is_return = 0) THEN i.sale_amount ELSE 0 END)');
    expect(sql).toContain('GROUP BY 1, 2, 3, 4 ORDER BY 4, 1, 2, 3');
  });
});

describe('summaryPlan: queries that must read the facts', () => {
  it.each([
    ['a chip on a line look-up (category)', 70, { dimensionIds: 'org,cate1' }],
    ['a filter on a line look-up (back category)', 70, { whereList: where('back_cate_code', 8, ['C01']) }],
    ['a distinct count (orders)', 142, {}],
    ['an archive table mapped by the report (history tab)', 40, { indexIds: 'qty,sales,cost' }],
    ['a condition on an order column the summary does not keep', 91, { dimensionIds: 'business_date', indexIds: 'qty,gross_sales' }],
    ['a measure summed per line through a division (excl. tax)', 128, { indexIds: 'sales_ex' }],
  ])('%s', (_what, id, body) => {
    expect(plan(id, body).chosen).toBeNull();
  });

  it('the same report without its distinct count reads the summary', () => {
    expect(plan(142, { indexIds: 'sales,gm,gm_rate,sales_share,sales_rank' }).chosen).not.toBeNull();
  });

  it("a supplier user's row scope reads the lines' supplier: the facts, while a store user's stays on the summary", () => {
    const clients: ReportFile['clients'] = ['HMT', 'HMD', 'HMS'];
    expect(plan(70, {}, STORE, { clients }).chosen).not.toBeNull();
    const supplier = plan(70, {}, SUPPLIER, { clients });
    expect(supplier.chosen).toBeNull();
    expect(supplier.compiled.screen!.sql).toContain('i.supplier_no = CAST(');
  });

  it('a condition the report switches on that reads the lines (goods lines only) keeps the facts', () => {
    expect(plan(117, { indexIds: 'gross_qty,sales,sales_share' }).chosen).toBeNull();
    expect(plan(117, { indexIds: 'gross_qty,sales,sales_share' }, HQ, { conditions: [] }).chosen).not.toBeNull();
  });

  it('a date range on a column the summary does not keep reads the facts; kept, the same query reads the summary', () => {
    const report = tinyReport();
    const body = { ...MONTHS, indexIds: 'qty,sales,gm' };
    const over = (dataset: ReturnType<typeof tinyDataset>, dimensions: string[]) => {
      const index = indexDataset({ ...dataset, summaries: [{ table: 'tiny_day', dimensions, measures: ['qty', 'sales', 'cost'] }] });
      return summaryPlan(report, index, validateQuery(report, index, body, { client: 'HMT' }), 'HMT');
    };
    expect(over(tinyDataset(), ['org'])).toBeNull();
    const dated = tinyDataset();
    const label = { zh: '日期', en: 'Day' };
    dated.dimensions.push({ id: 'business_date', label, value_type: 'date', columns: [{ value: 'business_date', label, expr: 'o.business_date' }] });
    expect(over(dated, ['org', 'business_date'])?.table).toBe('tiny_day');
  });
});
