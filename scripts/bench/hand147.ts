/**
 * Report 147 (members ranked by spend: orders, spend, ticket, last purchase and points earned per
 * member) written by hand, as the reference its compiled statement is timed against. The members'
 * orders are grouped per member from the order headers alone (a member's lines belong to orders
 * already counted, so they add no member), the points ledger per member beside them, the two joined
 * on the member and the names joined to the groups; the totals row's orders are the sum of the
 * members' (an order has one member). The totals row also reads every sale line of the range, for
 * one thing only: its points are 0, not empty, when there are sales but no member facts.
 * Parameters: $1 the tenant, $2 the first day, $3 the last day, $4 the day after it, $5 the page size.
 */
import { dayAfter, screenDifference } from './hand-screen';

const measures = (p: string) => `
  ${p}orders AS orders, ROUND(${p}spend, 2) AS spend,
  ROUND(CAST(${p}spend * 1.0 / NULLIF(${p}orders, 0) AS DECIMAL(38,6)), 2) AS atv,
  ${p}last_order_time AS last_order_time, ROUND(${p}points, 3) AS points_earned`;

export const screenSql147 = `
  WITH ord AS (
    SELECT o.member_no, COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders, SUM(o.pay_amount) AS spend,
           MAX(o.order_time) AS last_order_time
      FROM sales_order_all o
     WHERE o.tenant_id = CAST($1 AS BIGINT) AND o.member_no IS NOT NULL
       AND o.business_date >= CAST($2 AS DATE) AND o.business_date <= CAST($3 AS DATE)
     GROUP BY 1),
  pts AS (
    SELECT p.member_no, SUM(CASE WHEN p.points > 0 THEN p.points ELSE 0 END) AS points
      FROM member_points_ledger p
     WHERE p.tenant_id = CAST($1 AS BIGINT) AND p.biz_time >= CAST($2 AS DATE) AND p.biz_time < CAST($4 AS DATE)
     GROUP BY 1),
  g AS (
    SELECT COALESCE(ord.member_no, pts.member_no) AS member_no, m.member_name, m.phone, COALESCE(ord.orders, 0) AS orders,
           ord.spend, ord.last_order_time, COALESCE(pts.points, 0) AS points
      FROM ord FULL JOIN pts ON pts.member_no = ord.member_no
      LEFT JOIN member m ON m.tenant_id = CAST($1 AS BIGINT) AND m.member_no = COALESCE(ord.member_no, pts.member_no)),
  t AS (
    SELECT COALESCE(SUM(orders), 0) AS orders, SUM(spend) AS spend, MAX(last_order_time) AS last_order_time,
           CASE WHEN COUNT(*) > 0 OR EXISTS (
             SELECT 1 FROM sales_order_all o JOIN sales_order_item_all i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no
              WHERE o.tenant_id = CAST($1 AS BIGINT) AND o.business_date >= CAST($2 AS DATE) AND o.business_date <= CAST($3 AS DATE)
                AND i.business_date >= CAST($2 AS DATE) AND i.business_date <= CAST($3 AS DATE))
             THEN COALESCE(SUM(points), 0) END AS points,
           COUNT(*) AS n
      FROM g)
  SELECT * FROM (
    SELECT * FROM (
      SELECT g.member_no, g.member_name, g.phone, RANK() OVER (ORDER BY g.spend DESC NULLS LAST) AS spend_rank, ${measures('g.')},
             0 AS total, CAST(NULL AS BIGINT) AS n
        FROM g ORDER BY ROUND(g.spend, 2) DESC NULLS LAST, g.member_no NULLS LAST, g.member_name NULLS LAST, g.phone NULLS LAST
       LIMIT CAST($5 AS BIGINT)) p
    UNION ALL
    SELECT NULL, NULL, NULL, CAST(NULL AS BIGINT), ${measures('t.')}, 1 AS total, t.n FROM t) s
  ORDER BY total, ROUND(spend, 2) DESC NULLS LAST, member_no NULLS LAST, member_name NULLS LAST, phone NULLS LAST`;

/** The hand-written statement's values for a range of days ('YYYY-MM-DD', both ends included). */
export function values147(tenant: number, start: string, end: string, pageSize: number): unknown[] {
  return [tenant, start.slice(0, 10), end.slice(0, 10), dayAfter(end), pageSize];
}

const KEYS = ['member_no', 'member_name', 'phone', 'last_order_time'] as const;
const MEASURES = ['spend_rank', 'orders', 'spend', 'atv', 'points_earned'] as const;

/** What differs first between the compiled screen of report 147 and the hand-written one, or null. */
export function screenDifference147(compiled: Record<string, unknown>[], hand: Record<string, unknown>[]): string | null {
  return screenDifference(compiled, hand, KEYS, MEASURES);
}
