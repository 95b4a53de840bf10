/**
 * Runs the daily close on a timer, on every shard: each run closes what is due for each tenant (at
 * its midnight, in its time zone, a day becomes due), so a process that was down closes the missed
 * days at start. Runs never overlap within a process; across processes the tenant's lease decides.
 */
import type { FastifyInstance } from 'fastify';
import { shardHandles } from '../db/sharded';
import { closeDueDays } from './close';

/** How often a process looks for due days: a day ends at most this long before its close starts. */
export const CLOSE_INTERVAL_MS = 60_000;

export interface DailyCloseTimer {
  /** one run over every shard now (waits for a run already going) */
  runNow(): Promise<void>;
  /** no new run starts; resolves when the one going has stopped at its next tenant */
  stop(): Promise<void>;
}

export function startDailyClose(app: FastifyInstance, intervalMs = CLOSE_INTERVAL_MS): DailyCloseTimer {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = async () => {
    for (const [shard, db] of shardHandles(app.db)) {
      if (stopped) return;
      try {
        const opts = { catalogue: app.reports.catalogue, instanceId: app.jobs.instanceId, stopped: () => stopped };
        for (const r of await closeDueDays(db, opts)) {
          if (r.closed.length) app.log.info({ shard, tenant: r.tenantId, days: r.closed }, 'daily close done');
          if (r.failed) app.log.error({ shard, tenant: r.tenantId, day: r.failed.day, message: r.failed.message }, 'daily close failed');
        }
      } catch (err) {
        app.log.error({ err, shard }, 'daily close run failed');
      }
    }
  };
  const runNow = async () => {
    while (running) await running;
    running = runOnce().finally(() => (running = null));
    await running;
  };
  const timer = setInterval(() => {
    if (!running) void runNow();
  }, intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
