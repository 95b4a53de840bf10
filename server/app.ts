import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from './db/types';
import type { ServerConfig } from './config';
import { configFromEnv } from './config';
import { ok } from './http/envelope';
import { handleError } from './http/error-handler';
import { registerPlainInput } from './http/plain-input';
import type { ServerSession } from './auth/session';
import { registerAuthGuard } from './auth/guard';
import { ingestRoutes } from './ingest/routes';
import { startSessionCache } from './auth/session-cache';
import { registerSecurityHeaders, requestId } from './http/security';
import { registerSpa } from './http/spa';
import { authRoutes } from './auth/routes';
import { JobRunner } from './export/jobs';
import { jobRoutes } from './export/routes';
import { optionRoutes } from './options/routes';
import { tableColumnRoutes } from './settings/table-columns';
import { passwordRoutes } from './auth/password-routes';
import { shellRoutes } from './shell';
import { reportRoutes } from './report/routes';
import { reportExportRoutes } from './export/report-export';
import { printRoutes } from './print/routes';
import { aiRoutes } from './ai/routes';
import { pickerRoutes } from './pickers';
import { documentRoutes } from './documents';
import { studioRoutes } from './studio/routes';
import { closeHealth, dayCloseRoutes } from './close';
import { shardHandles } from './db/sharded';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    jobs: JobRunner;
  }
  interface FastifyRequest {
    session: ServerSession | null;
  }
  interface FastifyContextConfig {
    /** reachable without a token */
    public?: boolean;
    /** reachable while the account must still change its initial password */
    beforePasswordChange?: boolean;
  }
}

/** Every API plugin of the product; each registers its own routes under /api (reportRoutes before its users). */
const API_PLUGINS = [authRoutes, jobRoutes, optionRoutes, tableColumnRoutes, passwordRoutes, shellRoutes, reportRoutes, reportExportRoutes, aiRoutes, printRoutes, pickerRoutes, documentRoutes, studioRoutes, dayCloseRoutes, ingestRoutes];

export interface BuildOptions {
  db: Db;
  config?: Partial<ServerConfig>;
  logger?: FastifyServerOptions['logger'];
}

export async function buildServer({ db, config: overrides, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...overrides };
  const app = Fastify({
    logger,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { allErrors: false, coerceTypes: true, removeAdditional: false } },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('jobs', new JobRunner(db, join(config.filesDir, 'exports'), 2, config.instanceId));
  app.decorateRequest('session', null);
  startSessionCache(db);

  registerSecurityHeaders(app);

  registerPlainInput(app);
  app.setErrorHandler(handleError);

  await app.register(rateLimit, { global: false });

  registerAuthGuard(app);

  // with streaming standbys, each one's state and replay lag (reports fall back to the primary meanwhile);
  // per tenant, how far its daily close has come and how its last close went
  app.get('/api/health', { config: { public: true } }, async () => {
    const close = [];
    for (const [shard, handle] of shardHandles(db)) for (const t of await closeHealth(handle)) close.push({ shard, ...t });
    return ok({ database: db.dialect, ready: true, ...(db.replicaHealth ? { replicas: db.replicaHealth() } : {}), close });
  });

  for (const plugin of API_PLUGINS) await app.register(plugin);

  await registerSpa(app, config.staticDir);

  return app;
}
