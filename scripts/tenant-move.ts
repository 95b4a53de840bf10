/**
 * `npm run tenant:move -- <merchant> <shard> [--job-wait <s>]`: moves a merchant's tenant to another
 * shard. Shards: HM_DATABASE_URL is `main` (it keeps the shard map), HM_SHARDS names the others
 * (docs/scaling.md). What an earlier move of the tenant left unfinished is finished first; the target
 * is migrated; the tenant is marked moving, its running jobs are waited for (stopped after
 * `--job-wait` seconds, default 60), its rows are copied, checked (counts and sums per table), the map
 * is switched, then the old rows are removed. Run again, the same command finishes a failed removal.
 */
import { parseArgs } from 'node:util';
import { parseReplicaUrls } from '../server/db/replica-select';
import { parseShards } from '../server/db/shard-map';
import { moveMerchant } from '../server/db/tenant-move';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'job-wait': { type: 'string' } } });
const [merchant, shard] = positionals;
const jobWaitS = Number(values['job-wait'] ?? 60);
if (!merchant || !shard || positionals.length !== 2 || !(jobWaitS >= 0)) {
  console.error('usage: npm run tenant:move -- <merchant_no> <shard> [--job-wait <seconds>]');
  process.exit(2);
}
if (!process.env.HM_DATABASE_URL) {
  console.error('tenant:move needs HM_DATABASE_URL (the main shard) and HM_SHARDS (the others)');
  process.exit(2);
}
try {
  const shards = parseShards(process.env.HM_DATABASE_URL, parseReplicaUrls(process.env.HM_REPLICA_URLS), process.env.HM_SHARDS);
  const started = Date.now();
  const result = await moveMerchant(shards, merchant, shard, (line) => console.log(`tenant:move: ${line}`), { jobWaitMs: jobWaitS * 1000 });
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  console.log(
    result.moved
      ? `tenant:move: done in ${took}: ${result.rows} rows in ${result.tables} tables`
      : `tenant:move: done in ${took}: the tenant was on ${shard} already; what an earlier move left is removed`,
  );
} catch (err) {
  console.error(`tenant:move: ${(err as Error).message}`);
  process.exit(1);
}
