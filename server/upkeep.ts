/**
 * Work that is not a request, kept up on every database the process serves. Outside a request the
 * shard router answers from `main` alone, yet with HM_SHARDS each shard holds its own tenants' jobs,
 * job leases, sessions and report summaries (docs/scaling.md), so each shard gets its own upkeep:
 * - at start-up, the jobs a previous run or a stopped process left unfinished are failed, and report
 *   summaries left empty beside their facts are filled;
 * - then the job heartbeat (this process's leases renewed, a stopped process's jobs failed) and the
 *   sweep of expired sessions and of idempotency keys past their day run on a timer.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sqlTimestamp } from './clock';
import { shardHandles } from './db/sharded';
import type { Db } from './db/types';
import { JobRunner } from './export/jobs';
import { purgeIdempotencyKeys } from './http/idempotency';
import { fillEmptySummaries, type RefreshedSummary } from './report/summary-refresh';

/** Expired sessions and old idempotency keys are already refused when read: sweeping them only keeps the tables small. */
export const SESSION_SWEEP_MS = 10 * 60_000;

export interface Upkeep {
  /** the jobs failed at start-up, per shard that had any */
  interrupted: { shard: string; jobs: string[] }[];
  stop(): void;
}

/**
 * The job runner doing each shard's job upkeep. On one database it is the app's own; with shards a
 * runner per shard's handle, under the app's instance id: a job a request started on a shard holds
 * its lease there under that id, and only that shard's runner sees it.
 */
function jobRunners(app: FastifyInstance): [shard: string, runner: JobRunner][] {
  const handles = shardHandles(app.db);
  if (handles.length === 1) return [[handles[0][0], app.jobs]];
  const dir = join(app.config.filesDir, 'exports');
  return handles.map(([shard, db]) => [shard, new JobRunner(db, dir, 1, app.jobs.instanceId)]);
}

/** Deletes the sessions past their expiry; how many. */
export async function sweepSessions(db: Db, now = new Date()): Promise<number> {
  const gone = await db.query('DELETE FROM account_session WHERE expires_at < CAST($1 AS TIMESTAMP) RETURNING token_hash', [sqlTimestamp(now)]);
  return gone.length;
}

/** Fails the jobs left unfinished and starts the timers, on every shard; `stop` ends the timers. */
export async function startUpkeep(app: FastifyInstance, sessionSweepMs = SESSION_SWEEP_MS): Promise<Upkeep> {
  const runners = jobRunners(app);
  const interrupted: Upkeep['interrupted'] = [];
  for (const [shard, runner] of runners) {
    const jobs = await runner.failInterrupted();
    if (jobs.length) interrupted.push({ shard, jobs });
  }
  for (const [, runner] of runners) runner.startHeartbeat();
  const shards = shardHandles(app.db);
  const sweep = setInterval(() => {
    for (const [shard, db] of shards) {
      void sweepSessions(db).catch((err) => app.log.error({ err, shard }, 'session sweep failed'));
      void purgeIdempotencyKeys(db).catch((err) => app.log.error({ err, shard }, 'idempotency key sweep failed'));
    }
  }, sessionSweepMs);
  sweep.unref();
  return {
    interrupted,
    stop() {
      for (const [, runner] of runners) runner.stop();
      clearInterval(sweep);
    },
  };
}

/** Fills the report summaries left empty beside their facts, shard by shard. */
export async function fillEmptySummariesEverywhere(app: FastifyInstance): Promise<(RefreshedSummary & { shard: string })[]> {
  const filled: (RefreshedSummary & { shard: string })[] = [];
  for (const [shard, db] of shardHandles(app.db)) {
    for (const summary of await fillEmptySummaries(db, app.reports.catalogue)) filled.push({ shard, ...summary });
  }
  return filled;
}
