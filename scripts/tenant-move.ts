/**
 * `npm run tenant:move -- <merchant> <shard>`: moves a merchant's tenant to another shard.
 * Shards: HM_DATABASE_URL is `main` (it keeps the shard map), HM_SHARDS names the others
 * (docs/scaling.md). The target is migrated first; the tenant's rows are copied, checked (counts and
 * sums per table), the map is switched, then the old rows are removed.
 */
import { parseArgs } from 'node:util';
import { parseReplicaUrls } from '../server/db/replica-select';
import { parseShards } from '../server/db/shard-map';
import { moveMerchant } from '../server/db/tenant-move';

const { positionals } = parseArgs({ allowPositionals: true });
const [merchant, shard] = positionals;
if (!merchant || !shard || positionals.length !== 2) {
  console.error('usage: npm run tenant:move -- <merchant_no> <shard>');
  process.exit(2);
}
if (!process.env.HM_DATABASE_URL) {
  console.error('tenant:move needs HM_DATABASE_URL (the main shard) and HM_SHARDS (the others)');
  process.exit(2);
}
try {
  const shards = parseShards(process.env.HM_DATABASE_URL, parseReplicaUrls(process.env.HM_REPLICA_URLS), process.env.HM_SHARDS);
  const started = Date.now();
  const result = await moveMerchant(shards, merchant, shard, (line) => console.log(`tenant:move: ${line}`));
  console.log(`tenant:move: done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.rows} rows in ${result.tables} tables`);
} catch (err) {
  console.error(`tenant:move: ${(err as Error).message}`);
  process.exit(1);
}
