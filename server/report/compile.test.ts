import { describe, expect, it } from 'vitest';
import { indexDataset } from '../../engine/definition/dataset-index';
import { tinyComparisonReport, tinyDataset, tinyReport } from '../../engine/definition/fixtures';
import type { ReportFile } from '../../engine/definition/types';
import { loadCatalogueFromDir } from './catalogue-fs';
import { atPage, compileReport, ScopeError } from './compile';
import type { ScopeSession } from './types';
import { validateQuery } from './validate';

const HQ: ScopeSession = { tenant_id: 10139, client: 'HMT', org_code: '1000', store_no: null, supplier_no: null, account_org_relation: [] };
const STORE: ScopeSession = { ...HQ, client: 'HMD', org_code: 'S001', store_no: 'S001', account_org_relation: ['S001', 'S002'] };
const SUPPLIER: ScopeSession = { ...HQ, client: 'HMS', org_code: 'V001', supplier_no: 'V001' };

const DATES = { date_start: '2026-11-01', date_end: '2026-11-21' };
const index = indexDataset(tinyDataset());

function compile(body: Record<string, unknown>, session: ScopeSession = HQ, report: ReportFile = tinyReport()) {
  const query = validateQuery(report, index, { ...DATES, ...body }, { client: session.client });
  return compileReport({ report, index, query, session, today: '2026-11-22' });
}

/** The SQL text a $n parameter stands for, e.g. CAST($3 AS VARCHAR) → params[2]. */
function paramOf(sql: string, params: unknown[], pattern: RegExp): unknown {
  const m = pattern.exec(sql);
  if (!m) throw new Error(`no match for ${pattern} in ${sql}`);
  return params[Number(m[1]) - 1];
}

describe('compileReport: shape (rules 88–98, C17)', () => {
  it('groups by the active chips, dimension columns before indicators, one page', () => {
    const { page, columns } = compile({ page_num: 3, page_size: 20 });
    expect(page.sql).toMatch(/^SELECT o\.org_code AS "org_code", org\.org_name AS "org_name", ROUND\(CAST\(SUM\(i\.qty\)/);
    expect(page.sql).toContain('GROUP BY 1, 2');
    expect(page.sql).toMatch(/LIMIT 20 OFFSET 40$/);
    expect(columns.map((c) => [c.key, c.type])).toEqual([
      ['org_code', '1'],
      ['org_name', '1'],
      ['qty', '2'],
      ['sales', '2'],
      ['gm', '2'],
      ['gm_rate', '2'],
      ['orders', '2'],
    ]);
  });

  it('the totals row is the same SELECT without GROUP BY, ratios as ratios of sums (C17)', () => {
    const { totals } = compile({});
    expect(totals.sql).not.toContain('GROUP BY');
    expect(totals.sql).not.toContain('LIMIT');
    expect(totals.sql).toContain(
      '((SUM(i.sale_amount)) - (SUM(i.cost_amount))) * 1.0 / NULLIF(SUM(i.sale_amount), 0) AS "gm_rate"',
    );
    expect(totals.sql).toContain('COUNT(DISTINCT CASE WHEN (o.is_return = 0) THEN o.order_no END) AS "orders"');
  });

  it('money is rounded to 2 decimals and quantities to 3 by the database', () => {
    const { page } = compile({});
    expect(page.sql).toContain('ROUND(CAST(SUM(i.sale_amount) AS DECIMAL(38,6)), 2) AS "sales"');
    expect(page.sql).toContain('ROUND(CAST(SUM(i.qty) AS DECIMAL(38,6)), 3) AS "qty"');
  });

  it('counts grouped rows for the pager', () => {
    const { count } = compile({ dimensionIds: 'org,sku' });
    expect(count.sql).toMatch(/^SELECT COUNT\(\*\) AS total FROM \(SELECT o\.org_code AS "org_code", org\.org_name AS "org_name", i\.sku_no AS "sku_no" FROM /);
    expect(count.sql).toContain('GROUP BY 1, 2, 3');
  });

  it('leaves out look-up joins nothing uses, keeps them when a filter needs them', () => {
    const plain = compile({ dimensionIds: 'order_source', indexIds: 'qty,sales' });
    expect(plain.totals.sql).not.toContain('LEFT JOIN sku');
    expect(plain.totals.sql).not.toContain('LEFT JOIN organisation');
    const filtered = compile({ whereList: JSON.stringify([{ where_id: 'sku_keyword', operator_id: 7, operation_value: ['690'] }]) });
    expect(filtered.totals.sql).toContain('LEFT JOIN sku s ON s.tenant_id = o.tenant_id AND (s.sku_no = i.sku_no)');
  });
});

describe('compileReport: values are bound, never in the SQL text', () => {
  it('binds filter values as typed parameters', () => {
    const evil = "x' OR 1=1; DROP TABLE sku; --";
    const { page } = compile({
      whereList: JSON.stringify([
        { where_id: 'sku_keyword', operator_id: 7, operation_value: [evil] },
        { where_id: 'order_source', operator_id: 1, operation_value: ['2'] },
        { where_id: 'org_code', operator_id: 8, operation_value: ['S001', 'S002'] },
      ]),
    });
    expect(page.sql).not.toContain('DROP');
    expect(page.sql).toContain(`(i.sku_no ILIKE CAST($4 AS VARCHAR) ESCAPE '\\' OR s.barcode ILIKE CAST($5 AS VARCHAR) ESCAPE '\\')`);
    expect(page.params).toContain(`%${evil}%`);
    expect(page.sql).toMatch(/o\.order_source = CAST\(\$\d+ AS BIGINT\)/);
    expect(page.sql).toMatch(/o\.org_code IN \(CAST\(\$\d+ AS VARCHAR\), CAST\(\$\d+ AS VARCHAR\)\)/);
    expect(page.params.length).toBe((page.sql.match(/\$\d+/g) ?? []).reduce((n, p) => Math.max(n, Number(p.slice(1))), 0));
  });

  it('escapes LIKE wildcards in a contains filter', () => {
    const { page } = compile({ whereList: [{ where_id: 'sku_keyword', operator_id: 7, operation_value: ['50%_off'] }] });
    expect(page.params).toContain('%50\\%\\_off%');
  });

  it('binds dates as DATE parameters, inclusive ends', () => {
    const { page } = compile({});
    expect(page.sql).toContain('o.business_date >= CAST($2 AS DATE) AND o.business_date <= CAST($3 AS DATE)');
    expect(page.params.slice(0, 3)).toEqual([10139, '2026-11-01', '2026-11-21']);
  });
});

describe('compileReport: tenant and client scope from the session (C25, rules 176, 213–214)', () => {
  it('every statement is tenant-scoped and every join repeats the tenant equality', () => {
    const c = compile({ dimensionIds: 'org,sku' });
    for (const s of [c.page, c.count, c.totals]) {
      expect(s.sql).toContain('WHERE o.tenant_id = CAST($1 AS BIGINT)');
      expect(s.params[0]).toBe(10139);
      for (const join of s.sql.match(/JOIN \w+ (\w+) ON/g) ?? []) {
        const alias = join.split(' ')[2];
        expect(s.sql).toContain(`${alias}.tenant_id = o.tenant_id`);
      }
    }
  });

  it('a store user sees its own org, whatever the body asks', () => {
    const c = compile({ org_code: 'S009', whereList: [{ where_id: 'org_code', operator_id: 8, operation_value: ['S009'] }] }, STORE);
    for (const s of [c.page, c.count, c.totals]) {
      expect(paramOf(s.sql, s.params, /o\.org_code = CAST\(\$(\d+) AS VARCHAR\)/)).toBe('S001');
    }
  });

  it('a supplier user sees its own supplier_no', () => {
    const c = compile({}, SUPPLIER);
    expect(paramOf(c.totals.sql, c.totals.params, /i\.supplier_no = CAST\(\$(\d+) AS VARCHAR\)/)).toBe('V001');
  });

  it('a session without the value its scope needs is refused', () => {
    expect(() => compile({}, { ...STORE, org_code: null })).toThrow(ScopeError);
  });

  it('org-restricted reports read the related orgs, intersected with the request org_code (rule 176)', () => {
    const report = { ...tinyReport(), org_restricted: true, scope: { HMD: [{ expr: 'o.org_code', session: 'org_codes' as const }] } };
    const all = compile({}, STORE, report);
    expect(all.page.sql).toContain('o.org_code IN (CAST($4 AS VARCHAR), CAST($5 AS VARCHAR))');
    expect(all.page.params.slice(3, 5)).toEqual(['S001', 'S002']);
    const one = compile({ org_code: 'S002,S777' }, STORE, report);
    expect(one.page.sql).toContain('o.org_code IN (CAST($4 AS VARCHAR))');
    expect(one.page.params[3]).toBe('S002');
    const none = compile({ org_code: 'S777' }, STORE, report);
    expect(none.page.sql).toContain('1 = 0');
  });
});

describe('compileReport: comparison range, windows, order, hidden rows', () => {
  /** The dates bound to `col >= …` / `col <= …` in `sql`, in order of appearance. */
  const boundsOn = (sql: string, params: unknown[], col: string) =>
    [...sql.matchAll(new RegExp(`${col.replace('.', '\\.')} ([<>]=) CAST\\(\\$(\\d+)`, 'g'))].map((m) => `${m[1]} ${params[Number(m[2]) - 1]}`);

  it('adjacent ranges are read as one date range; each measure tests only the bound inside it (rules 127, C20)', () => {
    const report = tinyComparisonReport();
    const { page, totals } = compile({ date_start_2: '2026-10-11', end_2: '2026-10-31' }, HQ, report);
    const whereOnly = page.sql.split(' GROUP BY ')[0].split(' WHERE ')[1];
    expect(boundsOn(whereOnly, page.params, 'o.business_date')).toEqual(['>= 2026-10-11', '<= 2026-11-21']);
    expect(whereOnly).not.toContain(' OR ');
    expect(page.sql).toMatch(/SUM\(CASE WHEN \(o\.business_date >= CAST\(\$\d+ AS DATE\)\) THEN i\.sale_amount ELSE 0 END\) AS DECIMAL\(38,6\)\), 2\) AS "sales"/);
    expect(page.sql).toMatch(/SUM\(CASE WHEN \(o\.business_date <= CAST\(\$\d+ AS DATE\)\) THEN i\.sale_amount ELSE 0 END\) AS DECIMAL\(38,6\)\), 2\) AS "sales_2"/);
    expect(totals.sql).toMatch(/\(\(SUM\(CASE WHEN .* THEN i\.sale_amount ELSE 0 END\)\) - \(SUM\(CASE WHEN .*\)\)\) \* 1\.0 \/ NULLIF\(ABS\(SUM\(CASE WHEN/);
  });

  it('ranges with a gap: the hull as a plain range, then either range (rules 127, C20)', () => {
    const report = tinyComparisonReport();
    const { page } = compile({ date_start_2: '2026-10-01', end_2: '2026-10-20' }, HQ, report);
    const whereOnly = page.sql.split(' GROUP BY ')[0].split(' WHERE ')[1];
    expect(boundsOn(whereOnly, page.params, 'o.business_date')).toEqual([
      '>= 2026-10-01',
      '<= 2026-11-21',
      '>= 2026-11-01',
      '<= 2026-11-21',
      '>= 2026-10-01',
      '<= 2026-10-20',
    ]);
    expect(whereOnly).toContain(') OR (o.business_date >= ');
    // inside the hull, range 1 needs only its start and range 2 only its end
    const measure = (name: string) => new RegExp(`SUM\\(CASE WHEN \\(o\\.business_date ([<>]=) CAST\\(\\$(\\d+) AS DATE\\)\\) THEN i\\.sale_amount ELSE 0 END\\) AS DECIMAL\\(38,6\\)\\), 2\\) AS "${name}"`).exec(page.sql);
    expect([measure('sales'), measure('sales_2')].map((m) => `${m![1]} ${page.params[Number(m![2]) - 1]}`)).toEqual(['>= 2026-11-01', '<= 2026-10-20']);
  });

  it('a date column with copies filters each copy with the same bound values, in the WHERE only', () => {
    const ds = tinyDataset();
    ds.date_columns!.business_date.also = ['i.business_date'];
    const report = tinyComparisonReport();
    const query = validateQuery(report, indexDataset(ds), { ...DATES, date_start_2: '2026-10-01', end_2: '2026-10-20' }, { client: 'HMT' });
    const { page } = compileReport({ report, index: indexDataset(ds), query, session: HQ, today: '2026-11-22' });
    const [where] = page.sql.split(' GROUP BY ');
    const bounds = ['>= 2026-10-01', '<= 2026-11-21', '>= 2026-11-01', '<= 2026-11-21', '>= 2026-10-01', '<= 2026-10-20'];
    // both tables get the hull and both ranges, each an OR group of its own so each scan can use it
    expect(boundsOn(where, page.params, 'i.business_date')).toEqual(bounds);
    expect(boundsOn(where.split(' WHERE ')[1], page.params, 'o.business_date')).toEqual(bounds);
    expect(where).toContain(') OR (i.business_date >= ');
    // the per-range measures test the date column alone
    expect(page.sql).not.toMatch(/CASE WHEN \([^)]*i\.business_date/);
  });

  it('share is over all rows, rank is by the measure and empty on the totals row', () => {
    const report = tinyComparisonReport();
    const { page, totals } = compile({ date_start_2: '2026-10-11', end_2: '2026-10-31' }, HQ, report);
    expect(page.sql).toContain('NULLIF(SUM(SUM(CASE WHEN');
    expect(page.sql).toContain('RANK() OVER (ORDER BY SUM(CASE WHEN');
    expect(totals.sql).toContain('CAST(NULL AS BIGINT) AS "rank"');
  });

  it('orders by the requested column, then by every dimension column (rules 116–117)', () => {
    expect(compile({ order_by: 'gm desc' }).page.sql).toContain('ORDER BY "gm" DESC NULLS LAST, "org_code" ASC NULLS LAST, "org_name" ASC NULLS LAST');
    expect(compile({}).page.sql).toContain('ORDER BY "sales" DESC NULLS LAST, "org_code" ASC NULLS LAST');
  });

  it('hides rows whose indicator aggregates are all zero (rules 165, C14)', () => {
    const { page, count, totals } = compile({}, HQ, { ...tinyReport(), hide_zero_rows: true });
    const having = 'HAVING NOT (COALESCE(SUM(i.qty), 0) = 0 AND COALESCE(SUM(i.sale_amount), 0) = 0 AND COALESCE(SUM(i.cost_amount), 0) = 0';
    expect(page.sql).toContain(having);
    expect(count.sql).toContain(having);
    expect(totals.sql).not.toContain('HAVING');
  });

  it('a number range on an aggregate filters groups, and the totals read only the kept groups (rules 145–147)', () => {
    const { page, totals } = compile({
      whereList: [
        { where_id: 'sales_qty', operator_id: 6, operation_value: [10] },
        { where_id: 'sales_qty', operator_id: 4, operation_value: [100] },
      ],
    });
    expect(page.sql).toContain('HAVING SUM(i.qty) >= CAST($4 AS DECIMAL(18,4)) AND SUM(i.qty) <= CAST($5 AS DECIMAL(18,4))');
    expect(totals.sql).toMatch(/^WITH kept AS MATERIALIZED \(SELECT CAST\(o\.org_code AS VARCHAR\) AS k0, CAST\(org\.org_name AS VARCHAR\) AS k1 FROM .* HAVING SUM\(i\.qty\) >= .*\) SELECT .* JOIN kept ON /);
    expect(totals.sql).toContain("COALESCE(kept.k0, '') = COALESCE(CAST(o.org_code AS VARCHAR), '') AND (kept.k0 IS NULL) = (CAST(o.org_code AS VARCHAR) IS NULL)");
    expect(totals.params).toEqual([10139, '2026-11-01', '2026-11-21', '10', '100']);
  });
});

describe('compileReport: union sources (the committed datasets)', () => {
  const { catalogue } = loadCatalogueFromDir();
  const real = (id: number, body: Record<string, unknown>, session: ScopeSession = HQ) => {
    const report = catalogue.reports.get(id)!;
    const idx = catalogue.indexes.get(report.dataset)!;
    const query = validateQuery(report, idx, body, { client: session.client });
    return compileReport({ report, index: idx, query, session, today: '2026-11-22' });
  };

  it('166 filters the order source inside the sales branch, so organisations without sales stay (C16)', () => {
    const { page } = real(166, { ...DATES, whereList: [{ where_id: 'order_source', operator_id: 1, operation_value: ['2'] }] });
    const [orgs, sales] = page.sql.split('UNION ALL');
    expect(orgs).toContain('WHERE g.tenant_id = CAST($1 AS BIGINT) AND g.org_type = 2');
    expect(orgs).not.toContain('order_source');
    expect(sales).toMatch(
      /o\.business_date >= CAST\(\$2 AS DATE\) AND o\.business_date <= CAST\(\$3 AS DATE\) AND i\.business_date >= CAST\(\$2 AS DATE\) AND i\.business_date <= CAST\(\$3 AS DATE\) AND o\.order_source = CAST\(\$4 AS BIGINT\)/,
    );
  });

  it('102 reads opening at date_start − 1 and closing at date_end (C22)', () => {
    const { page } = real(102, DATES);
    expect(page.sql).toContain('a.biz_date = CAST($2 AS DATE)');
    expect(page.params[1]).toBe('2026-10-31');
    expect(paramOf(page.sql, page.params, /z\.biz_date = CAST\(\$(\d+) AS DATE\)/)).toBe('2026-11-21');
  });

  it('107 leaves advances out of the rows by AR/AP type and shows the prepaid balance as "-" there, not on the totals row', () => {
    const byType = real(107, { dimensionIds: 'supplier,arap_type' });
    expect(byType.page.sql).not.toContain('advance_payment');
    expect(byType.page.sql).toContain('CAST(NULL AS DECIMAL(18,4)) AS DECIMAL(38,6)), 2) AS "prepaid"');
    expect(byType.totals.sql).toContain('advance_payment');
    const bySupplier = real(107, {});
    expect(bySupplier.page.sql).toContain('advance_payment');
    // the default 1970 range: open ends are 1970-01-01 .. today
    expect(bySupplier.page.params).toContain('1970-01-01');
  });

  it('182 by organisation and month is one pass: sales, receipts, daily stock and month ends in one scan for the rows, the range end for the totals row, each grouped first', () => {
    const { screen } = real(182, { date_start: '2026-09-01', date_end: '2026-10-31' });
    const sql = screen!.sql;
    expect(sql.match(/FROM sales_order_all o /g)).toHaveLength(1);
    expect(sql.match(/FROM purchase_receipt_all r /g)).toHaveLength(1);
    // the daily stock and the month ends read one scan of the snapshots, the range end its own
    expect(sql.match(/FROM stock_daily_snapshot z /g)).toHaveLength(2);
    expect(sql).toContain('SUM(CASE WHEN (EXTRACT(DAY FROM z.biz_date + 1) = 1 OR z.biz_date = CAST($3 AS DATE)) THEN CAST(z.amount AS DECIMAL(18,4)) END) AS "__mr_month_end_stock"');
    // the sales grouped by organisation, month and the order a distinct count counts, before the union
    expect(sql).toMatch(/AS "__d_orders", SUM\(CAST\(i\.sale_amount AS DECIMAL\(18,4\)\)\) AS "__m_sales", .* GROUP BY 2, 3, 4\) UNION ALL/);
    expect(sql).toContain('FROM j GROUP BY 1, 2, 3 UNION ALL');
    // a row's orders are its distinct (organisation, month, order) groups; the totals row counts distinct orders
    expect(sql).toContain('COUNT("__d_orders") AS "__m_orders"');
    expect(sql).toContain('COUNT(DISTINCT "__d_orders") AS "__m_orders"');
    // only the month-end stock reads a branch of one set: the month ends on the rows, the range end on the totals row
    expect(sql).toContain('SUM("__mr_month_end_stock") AS "__m_month_end_stock"');
    expect(sql).toContain('SUM("__mt_month_end_stock") AS "__m_month_end_stock"');
    expect(sql).toContain('SUM("__m_sales") AS "__m_sales"');
    expect(sql).toContain('WHERE "__g" = 1 OR "__facts" > 0');
  });

  it('a supplier user of 107 is limited to its own party_no', () => {
    const { totals } = real(107, {}, SUPPLIER);
    expect(paramOf(totals.sql, totals.params, /u\.party_no = CAST\(\$(\d+) AS VARCHAR\)/)).toBe('V001');
  });
});

describe('compileReport: one pass per screen', () => {
  it('rows, count and totals come from one grouped pass; the totals row is the () grouping set (C17)', () => {
    const { screen } = compile({ page_num: 3, page_size: 20 });
    expect(screen!.sql).toContain('GROUP BY GROUPING SETS ((o.org_code, org.org_name), ())');
    expect(screen!.sql).toContain('COUNT(CASE WHEN "__g" = 0 THEN 1 END) OVER () AS "__rows"');
    // the page: rows numbered in the sort order after the offset, up to offset + page size
    expect(paramOf(screen!.sql, screen!.params, /"__rn" > CAST\(\$(\d+) AS BIGINT\)/)).toBe(40);
    expect(paramOf(screen!.sql, screen!.params, /\+ CAST\(\$(\d+) AS BIGINT\)/)).toBe(20);
    // the facts are read once: one FROM over the fact table
    expect(screen!.sql.match(/FROM sales_order o /g)).toHaveLength(1);
  });

  it('a screen ends with the ORDER BY it names, in either shape and at any page (an export moves it out)', () => {
    const report = tinyReport();
    const query = validateQuery(report, index, { ...DATES, page_num: 3, page_size: 20 }, { client: 'HMT' });
    const windowed = compileReport({ report, index, query, session: HQ, today: '2026-11-22' });
    const windowless = compileReport({ report, index, query: { ...query, indicators: ['qty', 'sales', 'gm'] }, session: HQ, today: '2026-11-22', rollUpTotals: true });
    for (const compiled of [windowed, windowless, atPage(windowed, { pageNum: 1, pageSize: 5 })]) {
      const { sql, order } = compiled.screen!;
      expect(order[0]).toBe('"__g"');
      expect(order.slice(-2)).toEqual(['"org_code" ASC NULLS LAST', '"org_name" ASC NULLS LAST']);
      expect(sql.endsWith(` ORDER BY ${order.join(', ')}`)).toBe(true);
    }
  });

  it('a date column is found by its own name only: `constructor` is no column', () => {
    const report = tinyReport();
    const query = validateQuery(report, index, { ...DATES }, { client: 'HMT' });
    report.dates[0].column = 'constructor';
    expect(() => compileReport({ report, index, query, session: HQ, today: '2026-11-22' }).page).toThrow('dataset has no date column constructor');
  });

  it('summed from the groups (rollUpTotals) without a rank or running sum: no window, the page a LIMIT, the row count an aggregate', () => {
    const report = tinyReport();
    const query = validateQuery(report, index, { ...DATES, page_num: 3, page_size: 20 }, { client: 'HMT' });
    const { screen } = compileReport({ report, index, query: { ...query, indicators: ['qty', 'sales', 'gm'] }, session: HQ, today: '2026-11-22', rollUpTotals: true });
    expect(screen!.sql).not.toContain(' OVER (');
    expect(screen!.sql).toMatch(/t AS \(SELECT .*, 1 AS "__g", COUNT\(\*\) AS "__rows" FROM \(SELECT \*, 0 AS "__g" FROM r\) g\)/);
    expect(paramOf(screen!.sql, screen!.params, /LIMIT CAST\(\$(\d+) AS BIGINT\)/)).toBe(20);
    expect(paramOf(screen!.sql, screen!.params, /OFFSET CAST\(\$(\d+) AS BIGINT\)/)).toBe(40);
    // a distinct count does not roll up: the grouping set and its windows
    const distinct = compileReport({ report, index, query, session: HQ, today: '2026-11-22', rollUpTotals: true });
    expect(distinct.screen!.sql).toContain('GROUPING SETS');
    expect(distinct.screen!.sql).toContain(' OVER (');
  });

  it('summed from the groups (rollUpTotals): plain sums when exact, in key order when a sum divides per line', () => {
    const report = tinyReport();
    const query = validateQuery(report, index, DATES, { client: 'HMT' });
    const exact = compileReport({ report, index, query: { ...query, indicators: ['qty', 'sales', 'gm'] }, session: HQ, today: '2026-11-22', rollUpTotals: true });
    expect(exact.screen!.sql).toContain('r AS MATERIALIZED (');
    expect(exact.screen!.sql).toContain('SUM("__m_sales") AS "__m_sales"');
    expect(exact.screen!.sql).not.toContain('ORDER BY "org_code", "org_name"');
    const dividing = indexDataset({
      ...tinyDataset(),
      measures: tinyDataset().measures.map((m) => (m.id === 'sales' ? { ...m, expr: 'i.sale_amount / (1 + i.tax_rate)' } : m)),
    });
    const ordered = compileReport({ report, index: dividing, query: { ...query, indicators: ['qty', 'sales'] }, session: HQ, today: '2026-11-22', rollUpTotals: true });
    expect(ordered.screen!.sql).toContain('SUM("__m_sales" ORDER BY "org_code", "org_name") AS "__m_sales"');
  });

  it('derived measures read the base aggregates instead of repeating their text', () => {
    const { screen } = compile({});
    expect(screen!.sql).toContain('"__m_sales"');
    expect(screen!.sql.match(/SUM\(i\.sale_amount\)/g)).toHaveLength(1);
  });

  it('a share without a rank is its value over the shown rows\' sum, one more aggregate beside the row count (rule 127)', () => {
    const report = tinyComparisonReport();
    const query = validateQuery(report, index, { ...DATES, date_start_2: '2026-10-11', end_2: '2026-10-31' }, { client: 'HMT' });
    const { screen } = compileReport({ report, index, query: { ...query, indicators: query.indicators.filter((i) => i !== 'rank') }, session: HQ, today: '2026-11-22', rollUpTotals: true });
    expect(screen!.sql).not.toContain(' OVER (');
    expect(screen!.sql).toMatch(/SUM\(.*\) AS "__share_share"/);
    expect(screen!.sql).toContain('NULLIF("__s_share", 0) AS "share"');
  });

  it('windows never mix the rows with the totals row: share and rank are partitioned by level (rules 127, C20)', () => {
    const { screen } = compile({ date_start_2: '2026-10-11', end_2: '2026-10-31' }, HQ, tinyComparisonReport());
    expect(screen!.sql).toContain('OVER (PARTITION BY "__g")');
    expect(screen!.sql).toContain('CASE WHEN "__g" = 0 THEN RANK() OVER (PARTITION BY "__g" ORDER BY');
  });

  it('another page of a compiled query is the statements compiled for that page, for the screen and the three statements', () => {
    for (const body of [{}, { whereList: [{ where_id: 'sales_qty', operator_id: 6, operation_value: [5] }] }]) {
      const first = compile({ ...body, page_num: 1, page_size: 50 });
      const third = compile({ ...body, page_num: 3, page_size: 20 });
      const moved = atPage(first, { pageNum: 3, pageSize: 20 });
      expect(moved.screen).toEqual(third.screen);
      expect(moved.page).toEqual(third.page);
      expect(moved.count).toEqual(third.count);
      expect(moved.totals).toEqual(third.totals);
      // the query it was compiled for is left as it was
      expect(first.page.sql).toMatch(/LIMIT 50 OFFSET 0$/);
    }
  });

  it('a number range on an aggregate keeps the three statements: its totals cover only the kept groups (rule 147)', () => {
    const { screen } = compile({ whereList: [{ where_id: 'sales_qty', operator_id: 6, operation_value: [5] }] });
    expect(screen).toBeNull();
  });
});
