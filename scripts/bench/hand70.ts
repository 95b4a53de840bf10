/**
 * Report 70 (store gross margin, last month against the month before) written by hand, as the
 * references the compiled statement is timed against. Parameters: $1 first day of the current
 * month, $2 its last day, $3 first day of the comparison month, $4 the tenant, $5 the page size.
 * `from` has the alias `a` carrying the tenant, organisation and business date.
 */
interface Source {
  from: string;
  sales: string;
  cost: string;
  dates: string;
}

const grouped = ({ from, sales, cost, dates }: Source) => `
  SELECT a.org_code, org.org_name,
         SUM(CASE WHEN a.business_date >= CAST($1 AS DATE) THEN ${sales} ELSE 0 END) AS sales,
         SUM(CASE WHEN a.business_date >= CAST($1 AS DATE) THEN ${cost} ELSE 0 END) AS cost,
         SUM(CASE WHEN a.business_date < CAST($1 AS DATE) THEN ${sales} ELSE 0 END) AS sales_2,
         SUM(CASE WHEN a.business_date < CAST($1 AS DATE) THEN ${cost} ELSE 0 END) AS cost_2
    FROM ${from}
    LEFT JOIN organisation org ON org.tenant_id = a.tenant_id AND org.org_code = a.org_code
   WHERE a.tenant_id = CAST($4 AS BIGINT) AND ${dates}`;

/** The grouped sums and their totals only: no derived measures, no order, no page, no count. */
export const bareSql = (source: Source) => `${grouped(source)}
   GROUP BY GROUPING SETS ((a.org_code, org.org_name), ())`;

/** The measures of the screen from the sums of `p`; `share` is the gross margin all shown rows make. */
const measures = (p: string, share: string) => `
  ROUND(${p}sales, 2) AS sales, ROUND(${p}cost, 2) AS cost, ROUND(${p}sales - ${p}cost, 2) AS gm,
  (${p}sales - ${p}cost) / NULLIF(${p}sales, 0) AS gm_rate,
  ROUND(${p}sales_2, 2) AS sales_2, ROUND(${p}cost_2, 2) AS cost_2, ROUND(${p}sales_2 - ${p}cost_2, 2) AS gm_2,
  (${p}sales_2 - ${p}cost_2) / NULLIF(${p}sales_2, 0) AS gm_rate_2,
  (${p}sales - ${p}sales_2) / NULLIF(ABS(${p}sales_2), 0) AS sales_growth,
  ((${p}sales - ${p}cost) - (${p}sales_2 - ${p}cost_2)) / NULLIF(ABS(${p}sales_2 - ${p}cost_2), 0) AS gm_growth,
  (${p}sales - ${p}cost) / NULLIF(${p}sales, 0) - (${p}sales_2 - ${p}cost_2) / NULLIF(${p}sales_2, 0) AS gm_rate_change,
  (${p}sales - ${p}cost) / NULLIF(${share}, 0) AS gm_share`;

/**
 * The whole screen as a person would write it for one page: the stores ordered by sales, one page
 * of them with every measure of the report (growth, rate change, share of the margin), then the
 * totals row with the store count for the pager: the answer the compiled statement gives.
 */
export const screenSql = (source: Source) => `
  WITH g AS (${grouped(source)}
   GROUP BY a.org_code, org.org_name),
  t AS (SELECT SUM(sales) AS sales, SUM(cost) AS cost, SUM(sales_2) AS sales_2, SUM(cost_2) AS cost_2, COUNT(*) AS n FROM g)
  SELECT * FROM (
  SELECT * FROM (
    SELECT g.org_code, g.org_name, ${measures('g.', 't.sales - t.cost')}, 0 AS total, CAST(NULL AS BIGINT) AS n
      FROM g CROSS JOIN t
     ORDER BY g.sales DESC NULLS LAST, g.org_code, g.org_name
     LIMIT CAST($5 AS BIGINT)) p
  UNION ALL
  SELECT NULL, NULL, ${measures('t.', 't.sales - t.cost')}, 1 AS total, n FROM t) s
  ORDER BY total, sales DESC NULLS LAST, org_code, org_name`;

export const SUMMARY: Source = { from: 'sales_org_day a', sales: 'a.sales', cost: 'a.cost', dates: 'a.business_date BETWEEN CAST($3 AS DATE) AND CAST($2 AS DATE)' };

export const FACTS: Source = {
  from: 'sales_order_all a JOIN sales_order_item_all i ON i.tenant_id = a.tenant_id AND i.order_no = a.order_no',
  sales: 'i.sale_amount',
  cost: 'i.cost_amount',
  dates: 'a.business_date BETWEEN CAST($3 AS DATE) AND CAST($2 AS DATE) AND i.business_date BETWEEN CAST($3 AS DATE) AND CAST($2 AS DATE)',
};

const KEYS = ['sales', 'cost', 'gm', 'gm_rate', 'sales_2', 'cost_2', 'gm_2', 'gm_rate_2', 'sales_growth', 'gm_growth', 'gm_rate_change', 'gm_share'] as const;

/**
 * Whether the compiled screen (rows, then the totals row marked `__g` = 1 with `__rows`) and the
 * hand-written one (`total` = 1 with `n`) give the same answer: the same stores in the same order,
 * every measure equal to 1e-9, the same store count. Returns what differs first, or null.
 */
export function screenDifference(compiled: Record<string, unknown>[], hand: Record<string, unknown>[]): string | null {
  if (compiled.length !== hand.length) return `${compiled.length} rows against ${hand.length}`;
  for (let i = 0; i < compiled.length; i++) {
    const [c, h] = [compiled[i], hand[i]];
    if (Number(c.__g) !== Number(h.total)) return `row ${i}: totals mark ${String(c.__g)} against ${String(h.total)}`;
    if ((c.org_code ?? null) !== (h.org_code ?? null)) return `row ${i}: ${String(c.org_code)} against ${String(h.org_code)}`;
    for (const k of KEYS) {
      const [a, b] = [c[k] === null ? null : Number(c[k]), h[k] === null ? null : Number(h[k])];
      if (a === null || b === null ? a !== b : Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b))) return `row ${i} ${k}: ${a} against ${b}`;
    }
    if (Number(c.__g) === 1 && Number(c.__rows) !== Number(h.n)) return `store count ${String(c.__rows)} against ${String(h.n)}`;
  }
  return null;
}
