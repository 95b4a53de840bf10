import { join } from 'node:path';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import { parseMaxLag, parseReplicaUrls } from './replica-select';
import type { Db } from './types';

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL streaming standbys of `databaseUrl` that answer report scans (HM_REPLICA_URLS) */
  replicaUrls?: string[];
  /** seconds of replay lag past which a standby is skipped (HM_REPLICA_MAX_LAG_S, default 5) */
  replicaMaxLagSeconds?: number;
}

export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  return {
    databaseUrl: env.HM_DATABASE_URL || undefined,
    dataDir: env.HM_DATA_DIR || './data',
    replicaUrls: parseReplicaUrls(env.HM_REPLICA_URLS),
    replicaMaxLagSeconds: parseMaxLag(env.HM_REPLICA_MAX_LAG_S),
  };
}

/** PostgreSQL when a URL is configured (with its standbys, if any), else the embedded DuckDB file in the data folder. */
export function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) {
    const urls = config.replicaUrls ?? [];
    return openPostgres(config.databaseUrl, undefined, undefined, urls.length ? { urls, maxLagSeconds: config.replicaMaxLagSeconds ?? 5 } : undefined);
  }
  if (config.replicaUrls?.length) throw new Error('HM_REPLICA_URLS needs HM_DATABASE_URL (standbys of a PostgreSQL primary)');
  return openDuckDb(join(config.dataDir, 'hm.duckdb'));
}
