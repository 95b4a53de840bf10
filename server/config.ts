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
  logLevel: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: Number(env.PORT || 8080),
    db: dbConfigFromEnv(env),
    staticDir: env.HM_STATIC_DIR || join(ROOT_DIR, 'dist', 'app'),
    sessionTtlHours: Number(env.HM_SESSION_TTL_HOURS || 12),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
