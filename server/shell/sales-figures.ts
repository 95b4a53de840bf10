/**
 * Sales figures within the session's row scope: headquarters the whole tenant, a store
 * user its own store org, a supplier user the lines of its own goods. Used by the dashboard and the
 * data screen; every value is a bound parameter.
 */
import type { DashboardGoods, SalesFigures } from '../../engine/shell';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';

export type ScopeKind = 'tenant' | 'store' | 'supplier';

export interface ScopeSql {
  kind: ScopeKind;
  /** conditions on `o` (sales_order) and `i` (sales_order_item), starting with the tenant */
  where: string;
  params: unknown[];
}

type ScopeSession = Pick<ServerSession, 'tenant_id' | 'client' | 'org_code' | 'supplier_no'>;

/** Conditions for the session's rows; placeholders start at $1, so callers append theirs after. */
export function salesScope(session: ScopeSession): ScopeSql {
  if (session.client === 'HMD') {
    return { kind: 'store', where: 'o.tenant_id = $1 AND o.org_code = $2', params: [session.tenant_id, session.org_code] };
  }
  if (session.client === 'HMS') {
    // a supplier account without a supplier number sees nothing rather than everything
    return { kind: 'supplier', where: 'o.tenant_id = $1 AND i.supplier_no = $2', params: [session.tenant_id, session.supplier_no ?? ''] };
  }
  return { kind: 'tenant', where: 'o.tenant_id = $1', params: [session.tenant_id] };
}

export const SALES_FROM = `sales_order o JOIN sales_order_item i ON i.tenant_id = o.tenant_id AND i.order_no = o.order_no`;

/** orders = distinct non-return orders, as in the reports; sales and cost are net of returns. */
export const FIGURE_COLUMNS = `SUM(i.sale_amount) AS sales, SUM(i.cost_amount) AS cost,
  COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders`;

export interface RawFigures {
  sales: number | null;
  cost: number | null;
  orders: number | null;
}

const money = (v: number) => Math.round(v * 100) / 100;

/** Ratios of sums, null when the denominator is 0 (C13, C17). */
export function toFigures(raw: RawFigures | undefined): SalesFigures {
  const sales = raw?.sales ?? 0;
  const cost = raw?.cost ?? 0;
  const orders = raw?.orders ?? 0;
  const gm = sales - cost;
  return {
    sales: money(sales),
    orders,
    atv: orders ? money(sales / orders) : null,
    gm: money(gm),
    gm_rate: sales ? Math.round((gm / sales) * 10000) / 10000 : null,
  };
}


/** 'YYYY-MM-DD' shifted by whole days (calendar arithmetic in UTC, so no DST drift). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The session's scope narrowed to some stores (by store_no): a narrowing only, so a store number
 * outside the session's scope or tenant adds no rows. No stores: the scope as it is.
 */
export function narrowToStores(scope: ScopeSql, storeNos: readonly string[]): ScopeSql {
  if (storeNos.length === 0) return scope;
  const n = scope.params.length;
  const slots = storeNos.map((_, k) => `$${n + k + 1}`).join(', ');
  return {
    kind: scope.kind,
    where: `${scope.where} AND o.org_code IN (SELECT st.org_code FROM store st WHERE st.tenant_id = o.tenant_id AND st.store_no IN (${slots}))`,
    params: [...scope.params, ...storeNos],
  };
}

/** Figures per business date over [from, to]; days without sales are absent. */
export async function dailyFigures(
  db: Db,
  session: ScopeSession,
  from: string,
  to: string,
  storeNos: readonly string[] = [],
): Promise<Map<string, RawFigures>> {
  const scope = narrowToStores(salesScope(session), storeNos);
  const n = scope.params.length;
  const rows = await db.query<RawFigures & { day: string }>(
    `SELECT o.business_date AS day, ${FIGURE_COLUMNS}
       FROM ${SALES_FROM}
      WHERE ${scope.where} AND o.business_date >= CAST($${n + 1} AS DATE) AND o.business_date <= CAST($${n + 2} AS DATE)
      GROUP BY o.business_date`,
    [...scope.params, from, to],
  );
  return new Map(rows.map((r) => [r.day, r]));
}

/**
 * The day's best-selling goods by net sales amount in the (narrowed) scope, best first, ties by code.
 * Lines without goods (services, stored-value cards) form one row with `sku_no` null: they are no goods.
 */
export async function topGoods(db: Db, session: ScopeSession, day: string, limit: number, storeNos: readonly string[] = []): Promise<DashboardGoods[]> {
  const scope = narrowToStores(salesScope(session), storeNos);
  const n = scope.params.length;
  const rows = await db.query<DashboardGoods>(
    `SELECT i.sku_no, MAX(k.sku_name) AS sku_name, SUM(i.sale_amount) AS sales, SUM(i.qty) AS qty
       FROM ${SALES_FROM}
       LEFT JOIN sku k ON k.tenant_id = i.tenant_id AND k.sku_no = i.sku_no
      WHERE ${scope.where} AND o.business_date = CAST($${n + 1} AS DATE)
      GROUP BY i.sku_no
      ORDER BY SUM(i.sale_amount) DESC, i.sku_no
      LIMIT ${limit}`,
    [...scope.params, day],
  );
  return rows.map((r) => {
    const skuNo = r.sku_no === null ? null : String(r.sku_no);
    return { sku_no: skuNo, sku_name: r.sku_name ?? skuNo, sales: Math.round(Number(r.sales) * 100) / 100, qty: Number(r.qty) };
  });
}
