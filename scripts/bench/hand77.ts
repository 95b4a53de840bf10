/**
 * Report 77 (store returns by organisation and reason, with the return rate against the
 * distribution receipts on the totals row) written by hand, as the reference its compiled statement
 * is timed against. The returns are grouped to (organisation, reason) with their distinct documents
 * (a return document has one organisation and one reason, so the totals row's documents are the
 * sum of the groups'), the names joined to the groups; the receipts, which only the totals row reads,
 * are one sum beside them. Parameters: $1 the tenant, $2 the first day, $3 the day after the last,
 * $4 the page size.
 */
import { dayAfter, screenDifference } from './hand-screen';

const measures = (p: string, rate: string) => `
  ${p}docs AS return_docs, ROUND(${p}qty, 3) AS return_qty, ROUND(${p}amount, 2) AS return_amount,
  ROUND(${p}rejected_qty, 3) AS rejected_qty, ROUND(${p}rejected_amount, 2) AS rejected_amount, ${rate} AS return_rate`;

export const screenSql77 = `
  WITH ret AS (
    SELECT r.org_code, r.reason_code, COUNT(DISTINCT r.return_no) AS docs, SUM(ri.qty) AS qty, SUM(ri.amount) AS amount,
           SUM(ri.rejected_qty) AS rejected_qty, SUM(ri.rejected_amount) AS rejected_amount
      FROM store_return_order r JOIN store_return_item ri ON ri.tenant_id = r.tenant_id AND ri.return_no = r.return_no
     WHERE r.tenant_id = CAST($1 AS BIGINT) AND r.return_time >= CAST($2 AS DATE) AND r.return_time < CAST($3 AS DATE)
     GROUP BY 1, 2),
  g AS (
    SELECT ret.*, org.org_name, rd.display_name_cn AS reason_name
      FROM ret
      LEFT JOIN organisation org ON org.tenant_id = CAST($1 AS BIGINT) AND org.org_code = ret.org_code
      LEFT JOIN dictionary rd ON rd.tenant_id = CAST($1 AS BIGINT) AND rd.dic_code = 'RORDER_OPTION' AND rd.dic_value = ret.reason_code),
  rec AS (
    SELECT SUM(di.amount) AS receipt, COUNT(*) AS n
      FROM distribution_order d JOIN distribution_order_item di ON di.tenant_id = d.tenant_id AND di.oub_no = d.oub_no
     WHERE d.tenant_id = CAST($1 AS BIGINT) AND d.ship_time >= CAST($2 AS DATE) AND d.ship_time < CAST($3 AS DATE)),
  t AS (
    -- over receipts alone the returns' sums are 0 (a receipt line returns nothing), over nothing empty
    SELECT COALESCE(SUM(g.docs), 0) AS docs,
           COALESCE(SUM(g.qty), CASE WHEN MAX(rec.n) > 0 THEN 0 END) AS qty, COALESCE(SUM(g.amount), CASE WHEN MAX(rec.n) > 0 THEN 0 END) AS amount,
           COALESCE(SUM(g.rejected_qty), CASE WHEN MAX(rec.n) > 0 THEN 0 END) AS rejected_qty,
           COALESCE(SUM(g.rejected_amount), CASE WHEN MAX(rec.n) > 0 THEN 0 END) AS rejected_amount,
           MAX(rec.receipt) AS receipt, COUNT(g.docs) AS n
      FROM rec LEFT JOIN g ON TRUE)
  SELECT * FROM (
    SELECT * FROM (
      SELECT g.org_code, g.org_name, g.reason_code, g.reason_name, ${measures('g.', 'CAST(NULL AS DOUBLE PRECISION)')}, 0 AS total, CAST(NULL AS BIGINT) AS n
        FROM g ORDER BY g.org_code NULLS LAST, g.org_name NULLS LAST, g.reason_code NULLS LAST, g.reason_name NULLS LAST LIMIT CAST($4 AS BIGINT)) p
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, ${measures('t.', 't.amount * 1.0 / NULLIF(t.receipt, 0)')}, 1 AS total, t.n FROM t) s
  ORDER BY total, org_code NULLS LAST, org_name NULLS LAST, reason_code NULLS LAST, reason_name NULLS LAST`;

/** The hand-written statement's values for a range of days ('YYYY-MM-DD', both ends included). */
export function values77(tenant: number, start: string, end: string, pageSize: number): unknown[] {
  return [tenant, start.slice(0, 10), dayAfter(end), pageSize];
}

const KEYS = ['org_code', 'org_name', 'reason_code', 'reason_name'] as const;
const MEASURES = ['return_docs', 'return_qty', 'return_amount', 'rejected_qty', 'rejected_amount', 'return_rate'] as const;

/** What differs first between the compiled screen of report 77 and the hand-written one, or null. */
export function screenDifference77(compiled: Record<string, unknown>[], hand: Record<string, unknown>[]): string | null {
  return screenDifference(compiled, hand, KEYS, MEASURES);
}
