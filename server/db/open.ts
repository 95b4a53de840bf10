import { join } from 'node:path';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import type { Db } from './types';

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
}

export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  return { databaseUrl: env.HM_DATABASE_URL || undefined, dataDir: env.HM_DATA_DIR || './data' };
}

/** PostgreSQL when a URL is configured, else the embedded DuckDB file in the data folder. */
export function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openDuckDb(join(config.dataDir, 'hm.duckdb'));
}
