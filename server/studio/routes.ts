/**
 * Report studio endpoints: datasets and reports, validate, preview (data, its
 * config and its export), save with versions, revert, delete and export of a tenant's own report.
 * Every call needs an HQ session with the report-designer permission.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { exportPrepared } from '../export/report-export';
import { textLangOf } from '../report/config';
import { StudioService } from './service';
import { idempotent } from '../http/idempotency';

const withReport = {
  body: { type: 'object', required: ['report'], properties: { report: { type: 'object' } } },
} as const;
const withPreview = {
  body: { type: 'object', required: ['report'], properties: { report: { type: 'object' }, query: { type: 'object' } } },
} as const;
const withVersion = {
  body: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 1 } } },
} as const;

interface ReportBody {
  report: unknown;
  query?: unknown;
}

function reportId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('REPORT_NOT_FOUND', '报表不存在');
  return Number(raw);
}

export async function studioRoutes(app: FastifyInstance): Promise<void> {
  const studio = new StudioService(app.tenantReports, app.db);
  const session = (req: FastifyRequest) => {
    studio.guard(req.session!);
    return req.session!;
  };
  type WithId = { Params: { id: string } };

  app.get('/api/studio/datasets', async (req) => ok({ list: await studio.datasets(session(req)) }));

  app.get('/api/studio/reports', async (req) => ok(await studio.list(session(req))));

  app.get<WithId>('/api/studio/reports/:id', async (req) => ok(await studio.detail(session(req), reportId(req.params.id))));

  app.post<{ Body: ReportBody }>('/api/studio/validate', { schema: withReport }, async (req) =>
    ok({ errors: await studio.validate(session(req), req.body.report, textLangOf(req.headers['accept-language'])) }),
  );

  app.post<{ Body: ReportBody }>('/api/studio/preview', { schema: withPreview }, async (req) =>
    ok(await studio.preview(session(req), req.body.report, req.body.query ?? {})),
  );

  app.post<{ Body: ReportBody }>('/api/studio/preview/config', { schema: withReport }, async (req) =>
    ok(await studio.previewConfig(session(req), req.body.report)),
  );

  app.post<{ Body: ReportBody }>('/api/studio/preview/export', { schema: withPreview }, async (req) => {
    const s = session(req);
    return ok(await exportPrepared(app, s, await studio.preparePreviewExport(s, req.body.report, req.body.query ?? {}), textLangOf(req.headers['accept-language'])));
  });

  app.post<{ Body: ReportBody }>(
    '/api/studio/reports',
    { schema: withReport },
    idempotent(async (req, _reply, seal) => ok(await studio.create(session(req), req.body.report, (tx, saved) => seal(tx, ok(saved))))),
  );

  app.put<WithId & { Body: ReportBody }>('/api/studio/reports/:id', { schema: withReport }, async (req) =>
    ok(await studio.update(session(req), reportId(req.params.id), req.body.report)),
  );

  app.delete<WithId>('/api/studio/reports/:id', async (req) => {
    await studio.remove(session(req), reportId(req.params.id));
    return ok(null);
  });

  app.get<WithId>('/api/studio/reports/:id/versions', async (req) =>
    ok({ list: await studio.versions(session(req), reportId(req.params.id)) }),
  );

  app.post<WithId & { Body: { version: number } }>('/api/studio/reports/:id/revert', { schema: withVersion }, async (req) =>
    ok(await studio.revert(session(req), reportId(req.params.id), req.body.version)),
  );

  app.get<WithId>('/api/studio/reports/:id/export', async (req, reply) => {
    const file = await studio.exportFile(session(req), reportId(req.params.id));
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(`${JSON.stringify(file.json, null, 2)}\n`);
  });
}
