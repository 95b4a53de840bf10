import type { FastifyInstance } from 'fastify';
import type { DataScreenEntry, SalesScreenData } from '../../engine/shell';
import { nowIn, today } from '../clock';
import { ok } from '../http/envelope';
import { FIGURE_COLUMNS, SALES_FROM, salesScope, toFigures, type RawFigures } from './sales-figures';
import { tenantTimeZone } from '../tenant-clock';

export const SALES_SCREEN: DataScreenEntry = { id: 'builtin:sales', screen_name: '今日销售实时大屏', url: '/data-screen', is_rotating: 0 };
/** C5: the special tenant's extra rotating entry, the data-swiper page. */
export const ROTATING_SCREEN: DataScreenEntry = { id: 'builtin:swiper', screen_name: '轮播数据大屏', url: '/data-swiper', is_rotating: 1 };

export const SCREEN_REFRESH_SECONDS = 30;
const TOP_STORES = 20;
const TOP_CATEGORIES = 10;

/**
 * The header's data-screen list: the built-in sales screen, then the tenant's configured screens. The
 * rotating entry is the special tenant's only (rules 8, 9, C5) and opens the data-swiper page.
 */
export function dataScreenList(rows: DataScreenEntry[], isSpecialTenant: boolean): DataScreenEntry[] {
  const own = rows
    .filter((r) => isSpecialTenant || !r.is_rotating)
    .map((r) => (r.is_rotating ? { ...r, url: ROTATING_SCREEN.url } : r));
  const list = own.some((r) => r.url === SALES_SCREEN.url) ? own : [SALES_SCREEN, ...own];
  if (isSpecialTenant && !list.some((r) => r.is_rotating)) list.push(ROTATING_SCREEN);
  return list;
}

export async function dataScreenRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/data-screens', async (req) => {
    const session = req.session!;
    const rows = await app.db.query<{ id: number; screen_name: string; url: string; is_rotating: number }>(
      'SELECT id, screen_name, url, is_rotating FROM data_screen WHERE tenant_id = $1 ORDER BY sort, id',
      [session.tenant_id],
    );
    const entries = rows.map((r) => ({ id: String(r.id), screen_name: r.screen_name, url: r.url, is_rotating: r.is_rotating ? 1 : 0 }) as DataScreenEntry);
    return ok({ list: dataScreenList(entries, session.is_special_tenant) });
  });

  /** Today's sales in the session's scope: totals, by store, by first-level category and by hour. */
  app.get('/api/data-screens/sales-today', async (req) => {
    const session = req.session!;
    const zone = await tenantTimeZone(app.db, session.tenant_id);
    const date = today(zone);
    const now = nowIn(zone);
    const scope = salesScope(session);
    const n = scope.params.length;
    // a live screen shows what has happened: orders stamped later today (pre-dated, or clocks ahead) wait their turn
    const where = `${scope.where} AND o.business_date = CAST($${n + 1} AS DATE) AND o.order_time <= CAST($${n + 2} AS TIMESTAMP)`;
    const params = [...scope.params, date, now];
    const [totals] = await app.db.query<RawFigures>(`SELECT ${FIGURE_COLUMNS} FROM ${SALES_FROM} WHERE ${where}`, params);
    const byStore = await app.db.query<{ org_code: string; name: string; sales: number; orders: number }>(
      `SELECT o.org_code, COALESCE(MAX(s.store_name), MAX(g.org_name), o.org_code) AS name, SUM(i.sale_amount) AS sales,
              COUNT(DISTINCT CASE WHEN o.is_return = 0 THEN o.order_no END) AS orders
         FROM ${SALES_FROM}
         LEFT JOIN store s ON s.tenant_id = o.tenant_id AND s.org_code = o.org_code
         LEFT JOIN organisation g ON g.tenant_id = o.tenant_id AND g.org_code = o.org_code
        WHERE ${where}
        GROUP BY o.org_code ORDER BY sales DESC, o.org_code LIMIT ${TOP_STORES}`,
      params,
    );
    const byCategory = await app.db.query<{ code: string; name: string; sales: number }>(
      `SELECT COALESCE(c1.cate_code, c2.cate_code, c3.cate_code, '-') AS code,
              COALESCE(MAX(c1.cate_name), MAX(c2.cate_name), MAX(c3.cate_name), '其他') AS name,
              SUM(i.sale_amount) AS sales
         FROM ${SALES_FROM}
         LEFT JOIN sku k ON k.tenant_id = i.tenant_id AND k.sku_no = i.sku_no
         LEFT JOIN category c3 ON c3.tenant_id = k.tenant_id AND c3.cate_code = k.back_cate_code
         LEFT JOIN category c2 ON c2.tenant_id = c3.tenant_id AND c2.cate_code = c3.parent_cate_code
         LEFT JOIN category c1 ON c1.tenant_id = c2.tenant_id AND c1.cate_code = c2.parent_cate_code
        WHERE ${where}
        GROUP BY COALESCE(c1.cate_code, c2.cate_code, c3.cate_code, '-')
        ORDER BY sales DESC LIMIT ${TOP_CATEGORIES}`,
      params,
    );
    const byHour = await app.db.query<{ hour: number; sales: number }>(
      `SELECT CAST(EXTRACT(HOUR FROM o.order_time) AS INTEGER) AS hour, SUM(i.sale_amount) AS sales
         FROM ${SALES_FROM} WHERE ${where}
        GROUP BY CAST(EXTRACT(HOUR FROM o.order_time) AS INTEGER) ORDER BY hour`,
      params,
    );
    const round = (v: number) => Math.round(v * 100) / 100;
    const body: SalesScreenData = {
      date,
      generated_at: now,
      totals: toFigures(totals),
      by_store: byStore.map((r) => ({ ...r, sales: round(r.sales) })),
      by_category: byCategory.map((r) => ({ ...r, sales: round(r.sales) })),
      by_hour: byHour.map((r) => ({ hour: r.hour, sales: round(r.sales) })),
      refresh_seconds: SCREEN_REFRESH_SECONDS,
    };
    return ok(body);
  });
}
