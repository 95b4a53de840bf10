import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dbConfigFromEnv, type DbConfig } from './db/open';

export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerConfig {
  host: string;
  port: number;
  db: DbConfig;
  /** built SPA; served with an index.html fallback when present */
  staticDir: string;
  /** how long a login token lives without use */
  sessionTtlHours: number;
  /** LOG_FORMAT=json: Fastify's JSON records; otherwise readable lines (server/startup/logger.ts) */
  logFormat: 'json' | 'human';
  /** LOG_LEVEL; by default `info` for JSON, `warn` for readable lines (a quiet start) */
  logLevel: string;
  /**
   * Job files and uploads (exports/, uploads/). Several instances on one PostgreSQL share it: the
   * same folder (a shared mount) at the same path on each, so a file written by one is served by all.
   */
  filesDir: string;
  /** this process among the instances sharing the database; keep it stable across restarts */
  instanceId: string;
  /** behind a reverse proxy: take the client address from X-Forwarded-For (login throttling uses it) */
  trustProxy: boolean;
  /**
   * Answer report queries from the datasets' summary tables where they cover them (default on).
   * Off (HM_REPORT_SUMMARIES=0) every query reads the facts: e.g. after loading sales by other
   * means until `npm run seed -- --refresh-summaries` has rebuilt the summaries.
   */
  reportSummaries: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.PORT || 8080),
    db: dbConfigFromEnv(env),
    staticDir: env.HM_STATIC_DIR || join(ROOT_DIR, 'dist', 'app'),
    sessionTtlHours: Number(env.HM_SESSION_TTL_HOURS || 12),
    logFormat: env.LOG_FORMAT === 'json' ? 'json' : 'human',
    logLevel: env.LOG_LEVEL || (env.LOG_FORMAT === 'json' ? 'info' : 'warn'),
    filesDir: env.HM_FILES_DIR || dbConfigFromEnv(env).dataDir,
    instanceId: env.HM_INSTANCE_ID || `${hostname()}:${env.PORT || 8080}`,
    trustProxy: env.HM_TRUST_PROXY === '1' || env.HM_TRUST_PROXY === 'true',
    reportSummaries: env.HM_REPORT_SUMMARIES !== '0' && env.HM_REPORT_SUMMARIES !== 'false',
  };
}
