import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from './db/types';
import type { ServerConfig } from './config';
import { configFromEnv } from './config';
import { HttpError } from './http/errors';
import { errorBody, ok } from './http/envelope';
import type { ServerSession } from './auth/session';
import { registerAuthGuard } from './auth/guard';
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

/** Fastify's own refusals of a request body, in the words a user reads. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
};

/** Every API plugin of the product; each registers its own routes under /api (reportRoutes before its users). */
const API_PLUGINS = [authRoutes, jobRoutes, optionRoutes, tableColumnRoutes, passwordRoutes, shellRoutes, reportRoutes, reportExportRoutes, aiRoutes, printRoutes, pickerRoutes, documentRoutes, studioRoutes];

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

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string; validation?: unknown }, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.code, err.message));
    }
    if (err.validation) {
      return reply.status(400).send(errorBody(400, 'BAD_REQUEST', `请求参数错误：${err.message}`));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429
          ? '请求过于频繁，请稍后再试'
          : status === 415
            ? '不支持的内容类型'
            : status === 413
              ? '请求内容过大'
              : err.code && BODY_ERRORS[err.code]
                ? BODY_ERRORS[err.code]
                : `请求无效：${err.message}`;
      const code = status === 429 ? 'RATE_LIMITED' : (err.code ?? 'BAD_REQUEST');
      return reply.status(status).send(errorBody(status, code, message));
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody(500, 'INTERNAL_ERROR', '服务器内部错误，请稍后重试'));
  });

  await app.register(rateLimit, { global: false });

  registerAuthGuard(app);

  // with streaming standbys, each one's state and replay lag (reports fall back to the primary meanwhile)
  app.get('/api/health', { config: { public: true } }, async () =>
    ok({ database: db.dialect, ready: true, ...(db.replicaHealth ? { replicas: db.replicaHealth() } : {}) }),
  );

  for (const plugin of API_PLUGINS) await app.register(plugin);

  await registerSpa(app, config.staticDir);

  return app;
}
