/**
 * Tenants on several PostgreSQL clusters: the shards, read from the environment. The first shard
 * (`main`) is HM_DATABASE_URL with HM_REPLICA_URLS; it keeps the map of which tenant lives where
 * (table tenant_shard; a tenant not listed lives on `main`). HM_SHARDS adds the others:
 * `name=primaryUrl[|replicaUrl…]` entries separated by commas or spaces.
 */
export interface Shard {
  name: string;
  url: string;
  replicaUrls: string[];
}

export const MAIN_SHARD = 'main';

export function parseShards(mainUrl: string, mainReplicas: readonly string[], value: string | undefined): Shard[] {
  const shards: Shard[] = [{ name: MAIN_SHARD, url: mainUrl, replicaUrls: [...mainReplicas] }];
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^([a-z][a-z0-9_-]{0,62})=(.+)$/.exec(entry);
    if (!m) throw new Error(`HM_SHARDS: "${entry}" is not name=postgres://…`);
    const [primary, ...replicas] = m[2].split('|').filter(Boolean);
    if (!/^postgres(ql)?:\/\//.test(primary)) throw new Error(`HM_SHARDS: shard ${m[1]} needs a postgres:// URL`);
    if (shards.some((s) => s.name === m[1])) throw new Error(`HM_SHARDS: shard ${m[1]} is named twice`);
    shards.push({ name: m[1], url: primary, replicaUrls: replicas });
  }
  return shards;
}

export interface MapRow {
  tenant_id: number;
  shard: string;
  state: string;
}

/** Where a tenant lives and whether it may be served now (not while it is being moved). */
export function placeOf(rows: readonly MapRow[], tenantId: number): { shard: string; moving: boolean } {
  const row = rows.find((r) => Number(r.tenant_id) === tenantId);
  return row ? { shard: row.shard, moving: row.state === 'moving' } : { shard: MAIN_SHARD, moving: false };
}
