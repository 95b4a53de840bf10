/**
 * A tenant move waits for the tenant's background jobs (exports, imports: import_log with a job_lease,
 * server/export/jobs.ts) before it copies: a job runs on the source shard to its end, so a job still
 * running after the copy would write where nobody reads any more. The wait is bounded; past it the
 * jobs are stopped with a message their user sees in the import/export log.
 */
import type pg from 'pg';
import { sqlTimestamp } from '../clock';
import { STALE_MS } from '../export/jobs';

/** What a job stopped by a move tells its user (stored as the job's error). */
export const JOB_STOPPED_BY_MOVE = {
  export: '商户数据迁移，导出已中断，请重新导出',
  import: '商户数据迁移，导入已中断，请重新导入',
} as const;

export interface JobWait {
  /** how long the tenant's jobs may run on before they are stopped */
  waitMs: number;
  /** how long a stopped job may take to end (its runner sees the stop with its next progress) */
  stopWaitMs: number;
  log: (line: string) => void;
}

const POLL_MS = 250;

/**
 * The tenant's jobs some live process still runs or has queued: unfinished, their lease renewed
 * within the stale bound. A job whose process stopped is left as it is: the copy carries it and its
 * stale lease, and the upkeep of the new shard fails it and removes its partial file.
 */
async function liveJobs(c: pg.Client, tenantId: number): Promise<{ job_id: string; status: string }[]> {
  const stale = sqlTimestamp(new Date(Date.now() - STALE_MS));
  const { rows } = await c.query<{ job_id: string; status: string }>(
    `SELECT j.job_id, j.status FROM import_log j JOIN job_lease l ON l.tenant_id = j.tenant_id AND l.job_id = j.job_id
      WHERE j.tenant_id = $1 AND j.status IN ('queued', 'running') AND l.heartbeat_at >= CAST($2 AS TIMESTAMP)`,
    [tenantId, stale],
  );
  return rows;
}

async function settled(c: pg.Client, tenantId: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if ((await liveJobs(c, tenantId)).length === 0) return true;
    if (Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The error that asks a running job to stop, or fails a queued one: per kind. */
const STOP_MESSAGE = `CASE WHEN kind = 'import' THEN $2 ELSE $3 END`;

/**
 * Waits until the tenant (already refused new requests) has no live job on `source`. Past `waitMs`,
 * queued jobs are failed at once (their runner skips a job no longer queued) and running ones are asked
 * to stop; if one still runs after `stopWaitMs` (stuck in one long statement), the request is taken back
 * and the move fails, the tenant left where it is. Nothing here removes a file: the runner removes its
 * own partial file when it stops.
 */
export async function settleTenantJobs(source: pg.Client, tenantId: number, o: JobWait): Promise<void> {
  if (await settled(source, tenantId, o.waitMs)) return;
  const live = await liveJobs(source, tenantId);
  o.log(`${live.length} job(s) of tenant ${tenantId} still running after ${o.waitMs} ms: stopping them`);
  const messages = [JOB_STOPPED_BY_MOVE.import, JOB_STOPPED_BY_MOVE.export];
  const failed = await source.query<{ job_id: string }>(
    `UPDATE import_log SET status = 'failed', error = ${STOP_MESSAGE}, finished_at = CAST($4 AS TIMESTAMP)
      WHERE tenant_id = $1 AND status = 'queued' RETURNING job_id`,
    [tenantId, ...messages, sqlTimestamp()],
  );
  if (failed.rows.length) {
    await source.query('DELETE FROM job_lease WHERE tenant_id = $1 AND job_id = ANY($2)', [tenantId, failed.rows.map((r) => r.job_id)]);
  }
  await source.query(`UPDATE import_log SET error = ${STOP_MESSAGE} WHERE tenant_id = $1 AND status = 'running' AND error IS NULL`, [tenantId, ...messages]);
  if (await settled(source, tenantId, o.stopWaitMs)) return;
  await source.query(`UPDATE import_log SET error = NULL WHERE tenant_id = $1 AND status = 'running' AND error IN ($2, $3)`, [tenantId, ...messages]);
  const stuck = (await liveJobs(source, tenantId)).map((j) => j.job_id);
  throw new Error(`job(s) ${stuck.join(', ')} of tenant ${tenantId} did not stop within ${o.stopWaitMs} ms of being asked; nothing was moved, run the move again later`);
}
