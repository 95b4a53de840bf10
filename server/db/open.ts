import { join } from 'node:path';
import { openDuckDb } from './duckdb';
import { openPostgres } from './postgres';
import { parseMaxLag, parseReplicaUrls } from './replica-select';
import { ShardRouter } from './sharded';
import { parseShards } from './shard-map';
import type { Db } from './types';

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL streaming standbys of `databaseUrl` that answer report scans (HM_REPLICA_URLS) */
  replicaUrls?: string[];
  /** seconds of replay lag past which a standby is skipped (HM_REPLICA_MAX_LAG_S, default 5) */
  replicaMaxLagSeconds?: number;
  /** the other shards, `name=url[|standby…]` (HM_SHARDS); tenants are routed by the map on the first */
  shards?: string;
}

export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  return {
    databaseUrl: env.HM_DATABASE_URL || undefined,
    dataDir: env.HM_DATA_DIR || './data',
    replicaUrls: parseReplicaUrls(env.HM_REPLICA_URLS),
    replicaMaxLagSeconds: parseMaxLag(env.HM_REPLICA_MAX_LAG_S),
    shards: env.HM_SHARDS || undefined,
  };
}

/**
 * PostgreSQL when a URL is configured (with its standbys, if any; with HM_SHARDS, one handle that
 * routes each tenant to its shard), else the embedded DuckDB file in the data folder.
 */
export async function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) {
    const maxLagSeconds = config.replicaMaxLagSeconds ?? 5;
    const open = (url: string, urls: readonly string[]) =>
      openPostgres(url, undefined, undefined, urls.length ? { urls, maxLagSeconds } : undefined);
    if (!config.shards) return open(config.databaseUrl, config.replicaUrls ?? []);
    const shards = parseShards(config.databaseUrl, config.replicaUrls ?? [], config.shards);
    const dbs = new Map<string, Db>();
    for (const s of shards) dbs.set(s.name, await open(s.url, s.replicaUrls));
    return new ShardRouter(dbs);
  }
  if (config.replicaUrls?.length || config.shards) throw new Error('HM_REPLICA_URLS and HM_SHARDS need HM_DATABASE_URL (PostgreSQL)');
  return openDuckDb(join(config.dataDir, 'hm.duckdb'));
}
