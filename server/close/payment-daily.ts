/**
 * The T+1 copy of the payments (sales_payment_daily, reports 76/78; rule 167): per business day,
 * organisation, pay type and cashier, the receipts, refunds, fees and count of the payment lines of
 * that day's orders. Built by the daily close for the day that ended, never for today.
 */
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';

/** Rebuilds the tenant's copy for the days [from, to] in one transaction; the rows written. */
export async function buildPaymentDaily(db: Db, tenantId: number, from: string, to: string): Promise<number> {
  return db.transaction(async (tx) => {
    // a load of sales for these days rebuilds them too: one after the other
    await lockTenant(tx, 'posting', tenantId);
    const range = [tenantId, from, to];
    await tx.query('DELETE FROM sales_payment_daily WHERE tenant_id = $1 AND business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)', range);
    const rows = await tx.query(
      `INSERT INTO sales_payment_daily (tenant_id, business_date, org_code, pay_type, show_status, cashier_account_id, receipt_amount, refund_amount, fee_amount, payment_count)
       SELECT o.tenant_id, o.business_date, o.org_code, p.pay_type, COALESCE(p.show_status, ''), COALESCE(o.cashier_account_id, 0),
              SUM(CASE WHEN p.pay_amount >= 0 THEN p.pay_amount ELSE 0 END),
              SUM(CASE WHEN p.pay_amount < 0 THEN -p.pay_amount ELSE 0 END),
              SUM(COALESCE(p.fee_amount, 0)), COUNT(*)
         FROM sales_order_all o JOIN sales_payment_all p ON p.tenant_id = o.tenant_id AND p.order_no = o.order_no
        WHERE o.tenant_id = $1 AND o.business_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
        GROUP BY o.tenant_id, o.business_date, o.org_code, p.pay_type, COALESCE(p.show_status, ''), COALESCE(o.cashier_account_id, 0)
        ORDER BY 2
       RETURNING 1 AS x`,
      range,
    );
    return rows.length;
  });
}
