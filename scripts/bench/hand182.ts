/**
 * Report 182 (store monthly operations: sales, receipts and stock per store and month) written by
 * hand, as the reference its compiled statement is timed against: the fastest correct single
 * statement we could write. Each source is aggregated on its own to (store, month) before the union
 * (the facts are never widened to one row type), the stock snapshots are read once for the daily sum,
 * the month ends and the range end together, the store names are joined to the groups, not to the
 * facts, and the orders of the totals row are the sum of the groups' distinct counts (an order has one
 * store and one business date, so it is in one group). Parameters: $1 the tenant, $2 the first day of
 * the range, $3 its last day, $4 the day after it, $5 the page size.
 */
import { screenDifference } from './hand-screen';

const measures = (p: string) => `
  ROUND(${p}sales, 2) AS sales, ROUND(${p}cost, 2) AS cost, ROUND(${p}sales - ${p}cost, 2) AS gm,
  (${p}sales - ${p}cost) * 1.0 / NULLIF(${p}sales, 0) AS gm_rate, ${p}orders AS orders,
  ROUND(CAST(${p}sales * 1.0 / NULLIF(${p}orders, 0) AS DECIMAL(38,6)), 2) AS atv,
  ROUND(${p}purchase, 2) AS purchase_amount, ROUND(${p}month_end, 2) AS month_end_stock,
  ROUND(CAST(${p}stock_days * 1.0 / NULLIF(${p}cost, 0) AS DECIMAL(38,6)), 3) AS turnover_days`;

/** an empty sum in the union of the sources' groups (PostgreSQL types a bare NULL as text) */
const NONE = 'CAST(NULL AS DECIMAL(38,4))';

export const screenSql182 = `
  WITH sales AS (
    SELECT o.org_code, SUBSTR(CAST(o.business_date AS VARCHAR), 1, 7) AS month,
           SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost,
           COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
      FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
     WHERE o.tenant_id = CAST($1 AS BIGINT)
       AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
       AND i.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
     GROUP BY 1, 2),
  receipts AS (
    SELECT r.org_code, SUBSTR(CAST(r.receive_time AS VARCHAR), 1, 7) AS month, SUM(ri.amount) AS purchase
      FROM purchase_receipt_all r JOIN purchase_receipt_item_all ri ON ri.tenant_id = r.tenant_id AND ri.receive_no = r.receive_no
     WHERE r.tenant_id = CAST($1 AS BIGINT) AND r.status = 2
       AND r.receive_time >= CAST($2 AS DATE) AND r.receive_time < CAST($4 AS DATE)
     GROUP BY 1, 2),
  stock AS (
    SELECT z.org_code, SUBSTR(CAST(z.biz_date AS VARCHAR), 1, 7) AS month, SUM(z.amount) AS stock_days,
           SUM(CASE WHEN EXTRACT(DAY FROM z.biz_date + 1) = 1 OR z.biz_date = CAST($3 AS DATE) THEN z.amount END) AS month_end,
           SUM(CASE WHEN z.biz_date = CAST($3 AS DATE) THEN z.amount END) AS range_end
      FROM stock_daily_snapshot z
     WHERE z.tenant_id = CAST($1 AS BIGINT) AND z.biz_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
     GROUP BY 1, 2),
  u AS (
    SELECT org_code, month, sales, cost, orders, ${NONE} AS purchase, ${NONE} AS stock_days, ${NONE} AS month_end, ${NONE} AS range_end FROM sales
    UNION ALL SELECT org_code, month, ${NONE}, ${NONE}, CAST(NULL AS BIGINT), purchase, ${NONE}, ${NONE}, ${NONE} FROM receipts
    UNION ALL SELECT org_code, month, ${NONE}, ${NONE}, CAST(NULL AS BIGINT), ${NONE}, stock_days, month_end, range_end FROM stock),
  g AS (
    SELECT u.org_code, org.org_name, u.month, SUM(sales) AS sales, SUM(cost) AS cost, COALESCE(SUM(orders), 0) AS orders,
           SUM(purchase) AS purchase, SUM(stock_days) AS stock_days, SUM(month_end) AS month_end, SUM(range_end) AS range_end
      FROM u JOIN organisation org ON org.tenant_id = CAST($1 AS BIGINT) AND org.org_code = u.org_code AND org.org_type = 2
     GROUP BY u.org_code, org.org_name, u.month),
  t AS (
    SELECT SUM(sales) AS sales, SUM(cost) AS cost, COALESCE(SUM(orders), 0) AS orders, SUM(purchase) AS purchase,
           SUM(stock_days) AS stock_days, SUM(range_end) AS month_end, COUNT(*) AS n FROM g)
  SELECT * FROM (
    SELECT * FROM (
      SELECT g.org_code, g.org_name, g.month, ${measures('g.')}, 0 AS total, CAST(NULL AS BIGINT) AS n
        FROM g ORDER BY g.org_code, g.org_name, g.month LIMIT CAST($5 AS BIGINT)) p
    UNION ALL
    SELECT NULL, NULL, NULL, ${measures('t.')}, 1 AS total, n FROM t) s
  ORDER BY total, org_code, org_name, month`;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The hand-written statement's values for a month range as the screen asks for it ('YYYY-MM' or a
 * day in the month, both ends included): the tenant, the first day, the last day, the day after, the page size.
 */
export function values182(tenant: number, start: string, end: string, pageSize: number): unknown[] {
  const [y, m] = end.split('-').map(Number);
  const next = day(new Date(Date.UTC(y, m, 1)));
  const last = day(new Date(Date.UTC(y, m, 0)));
  return [tenant, `${start.slice(0, 7)}-01`, last, next, pageSize];
}

const KEYS = ['org_code', 'org_name', 'month'] as const;
const MEASURES = ['sales', 'cost', 'gm', 'gm_rate', 'orders', 'atv', 'purchase_amount', 'month_end_stock', 'turnover_days'] as const;

/**
 * Whether the compiled screen (rows, then the totals row marked `__g` = 1 with `__rows`) and the
 * hand-written one (`total` = 1 with `n`) give the same answer: the same groups in the same order,
 * every measure equal to 1e-9, the same row count. Returns what differs first, or null.
 */
export function screenDifference182(compiled: Record<string, unknown>[], hand: Record<string, unknown>[]): string | null {
  return screenDifference(compiled, hand, KEYS, MEASURES);
}
