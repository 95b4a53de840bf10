import type { FastifyInstance } from 'fastify';
import { DASHBOARD_MAX_STORES, parseStoreNos, type DashboardData, type DashboardLink } from '../../engine/shell';
import { today } from '../clock';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { buildMenu } from './menu.logic';
import type { ReportLeaf } from './report-leaves';
import { addDays, dailyFigures, salesScope, toFigures, topGoods } from './sales-figures';
import { tenantTimeZone } from '../tenant-clock';

export const TREND_DAYS = 14;
export const DASHBOARD_LINKS = 8;
export const DASHBOARD_TOP_GOODS = 10;

/**
 * GET /api/dashboard: yesterday's key figures in the session's scope (sales, orders, ATV, gross
 * margin), the day before for comparison, a 14-day trend, the day's best-selling goods and links to the
 * user's first reports.
 * `store_no` (a comma list) narrows the figures to those stores within the session's scope.
 */
export async function dashboardRoutes(app: FastifyInstance, opts: { leaves: ReportLeaf[] }): Promise<void> {
  app.get<{ Querystring: { store_no?: string } }>('/api/dashboard', async (req) => {
    const session = req.session!;
    const storeNos = parseStoreNos(req.query.store_no);
    if (!storeNos) throw badRequest('BAD_STORE_LIST', `门店编号格式不正确（最多${DASHBOARD_MAX_STORES}个，以逗号分隔）`);
    const zone = await tenantTimeZone(app.db, session.tenant_id);
    const date = addDays(today(zone), -1);
    const from = addDays(date, -(TREND_DAYS - 1));
    const daily = await dailyFigures(app.db, session, from, date, storeNos);
    const trend = Array.from({ length: TREND_DAYS }, (_, k) => {
      const day = addDays(from, k);
      return { date: day, ...toFigures(daily.get(day)) };
    });
    const menu = buildMenu(opts.leaves, session);
    const links: DashboardLink[] = menu
      .flatMap((node) => node.children)
      .filter((leaf) => leaf.kind === 'report' && leaf.route && leaf.table_id)
      .slice(0, DASHBOARD_LINKS)
      .map((leaf) => ({ table_id: leaf.table_id!, title: leaf.title, title_en: leaf.title_en, route: leaf.route! }));
    const body: DashboardData = {
      date,
      scope: salesScope(session).kind,
      figures: toFigures(daily.get(date)),
      previous: toFigures(daily.get(addDays(date, -1))),
      trend,
      links,
      top_goods: await topGoods(app.db, session, date, DASHBOARD_TOP_GOODS, storeNos),
      store_nos: storeNos,
    };
    return ok(body);
  });
}
