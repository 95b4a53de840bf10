import type { DbConfig } from './open';
import { parseShards } from './shard-map';
import { moveMerchant } from './tenant-move';

/** The demo tenants that live on the second shard when two or more are configured. */
export const DEMO_MOVED_MERCHANTS = ['266', '30001'] as const;

/**
 * After the demo seed (which fills the first shard): tenants 266 and 30001 move to the second shard,
 * so a sharded demo serves tenants from two clusters. The move is the product's own (tenant:move).
 */
export async function spreadDemoTenants(config: DbConfig, log: (line: string) => void): Promise<void> {
  if (!config.databaseUrl || !config.shards) return;
  const shards = parseShards(config.databaseUrl, config.replicaUrls ?? [], config.shards);
  if (shards.length < 2) return;
  for (const merchant of DEMO_MOVED_MERCHANTS) await moveMerchant(shards, merchant, shards[1].name, log);
}
