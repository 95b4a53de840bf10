/**
 * Report endpoints (docs/architecture.md, 'How a report screen works'): GET /api/reports/:table_id/config,
 * POST …/data, POST …/totals.
 * The catalogue is loaded and validated when the plugin registers; a broken definition stops the
 * server from starting rather than failing one request later.
 */
import type { FastifyInstance } from 'fastify';
import { ok, okText } from '../http/envelope';
import { notFound } from '../http/errors';
import { TenantOverlay } from '../studio/overlay';
import { validCatalogueFromDir } from './catalogue-fs';
import { textLangOf } from './config';
import { ReportService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportService;
    /** shipped reports plus the session tenant's own (studio) reports */
    tenantReports: TenantOverlay;
  }
}

function tableId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('REPORT_NOT_FOUND', '报表不存在');
  return Number(raw);
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const catalogue = validCatalogueFromDir();
  const service = new ReportService(catalogue, app.db, undefined, { summaries: app.config.reportSummaries });
  app.decorate('reports', service);
  const overlay = new TenantOverlay(service, app.db);
  app.decorate('tenantReports', overlay);

  app.get<{ Params: { table_id: string }; Querystring: { is_history?: string } }>('/api/reports/:table_id/config', async (req) => {
    const view = await overlay.forSession(req.session!);
    return ok(view.service.config(view.session, tableId(req.params.table_id), req.query.is_history, textLangOf(req.headers['accept-language'])));
  });

  // the answer is written as text (its title once per query); Fastify sends JSON text as it is
  app.post<{ Params: { table_id: string } }>('/api/reports/:table_id/data', async (req, reply) => {
    const view = await overlay.forSession(req.session!);
    const lang = textLangOf(req.headers['accept-language']);
    const text = okText(await view.service.dataJson(view.session, tableId(req.params.table_id), req.body, lang));
    return reply.type('application/json; charset=utf-8').send(text);
  });

  app.post<{ Params: { table_id: string } }>('/api/reports/:table_id/totals', async (req) => {
    const view = await overlay.forSession(req.session!);
    return ok(await view.service.totals(view.session, tableId(req.params.table_id), req.body, textLangOf(req.headers['accept-language'])));
  });
}

// not encapsulated: `app.reports` is shared with other plugins (export uses `prepare`)
Object.assign(reportRoutes, { [Symbol.for('skip-override')]: true });
