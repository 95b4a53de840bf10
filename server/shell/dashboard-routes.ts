import type { FastifyInstance } from 'fastify';
import type { DashboardData, DashboardLink } from '../../engine/shell';
import { todayIn } from '../clock';
import { ok } from '../http/envelope';
import { buildMenu } from './menu.logic';
import type { ReportLeaf } from './report-leaves';
import { addDays, dailyFigures, salesScope, tenantTimeZone, toFigures } from './sales-figures';

export const TREND_DAYS = 14;
export const DASHBOARD_LINKS = 8;

/**
 * GET /api/dashboard: yesterday's key figures in the session's scope (sales, orders, ATV, gross
 * margin), the day before for comparison, a 14-day trend, and links to the user's first reports.
 */
export async function dashboardRoutes(app: FastifyInstance, opts: { leaves: ReportLeaf[] }): Promise<void> {
  app.get('/api/dashboard', async (req) => {
    const session = req.session!;
    const zone = await tenantTimeZone(app.db, session.tenant_id);
    const date = addDays(todayIn(zone), -1);
    const from = addDays(date, -(TREND_DAYS - 1));
    const daily = await dailyFigures(app.db, session, from, date);
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
    };
    return ok(body);
  });
}
