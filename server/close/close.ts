/**
 * The daily close (docs/daily-close.md): when a tenant's business day ends, the product itself
 * - moves the rows now older than the 3-month cut-off into the archives (archives.ts),
 * - writes the T+1 payment copy of the day that ended (payment-daily.ts),
 * - carries the daily stock and lot snapshots forward into the new day (server/stock/snapshots.ts),
 * - brings the report summaries of the day that ended up to date (incrementally).
 * Every step is idempotent and commits on its own; the day counts as closed only when all are done,
 * so a close stopped anywhere (a crash, kill -9) is finished by the next run, and a day closed twice
 * changes nothing. Missed days (downtime) are closed one by one, oldest first.
 */
import { addDays } from '../../engine/dates/calendar';
import { threeMonthCutoff } from '../../engine/dates';
import type { Catalogue } from '../../engine/definition/catalogue';
import { MAIN_SHARD } from '../db/shard-map';
import type { Db } from '../db/types';
import { lockTenant } from '../db/tenant-lock';
import { refreshSummaryDays } from '../report/summary-refresh';
import { carrySnapshotsForward } from '../stock/snapshots';
import { tenantToday } from '../tenant-clock';
import { rotateArchives } from './archives';
import { buildPaymentDaily } from './payment-daily';
import { claimLease, closedThrough, logDone, logFailed, logStarted, recordClosedThrough, releaseLease, type CloseOutcome } from './state';

/** Where a test stops a close, to kill or race it (never set in production). */
export type CloseStep = 'archive-batch' | 'payment-daily' | 'snapshots' | 'summaries';

export interface CloseOptions {
  catalogue: Catalogue;
  instanceId: string;
  afterStep?: (step: CloseStep, tenantId: number, day: string) => Promise<void>;
  /** true once the process is shutting down: no further day or tenant is started */
  stopped?: () => boolean;
}

/** Closes one business day of a tenant (the day that ended; the next is the new today). */
export async function closeDay(db: Db, tenantId: number, day: string, opts: CloseOptions): Promise<CloseOutcome> {
  const started = performance.now();
  const next = addDays(day, 1);
  const step = (s: CloseStep) => opts.afterStep?.(s, tenantId, day) ?? Promise.resolve();
  const rowsArchived = await rotateArchives(db, tenantId, threeMonthCutoff(next), { afterBatch: () => step('archive-batch') });
  let rowsDaily = await buildPaymentDaily(db, tenantId, day, day);
  await step('payment-daily');
  rowsDaily += await db.transaction(async (tx) => {
    await lockTenant(tx, 'posting', tenantId);
    return carrySnapshotsForward(tx, tenantId, next);
  });
  await step('snapshots');
  rowsDaily += await refreshSummaryDays(db, opts.catalogue, tenantId, day, day);
  await step('summaries');
  const outcome = { durationMs: performance.now() - started, rowsArchived, rowsDaily };
  await db.transaction(async (tx) => {
    await recordClosedThrough(tx, tenantId, day);
    await logDone(tx, tenantId, day, outcome);
  });
  return outcome;
}

export interface TenantCloseResult {
  tenantId: number;
  closed: string[];
  /** set when another instance holds the tenant's close */
  skipped?: 'leased';
  failed?: { day: string; message: string };
}

/**
 * Closes every day of the tenant from the one after its last closed day through yesterday (its own
 * time zone), in order, under the tenant's lease; stops at the first failure (logged, retried on the
 * next run).
 */
export async function closeTenant(db: Db, tenantId: number, opts: CloseOptions): Promise<TenantCloseResult> {
  const result: TenantCloseResult = { tenantId, closed: [] };
  if (!(await claimLease(db, tenantId, opts.instanceId))) return { ...result, skipped: 'leased' };
  try {
    const today = await tenantToday(db, tenantId);
    for (let day = addDays(await closedThrough(db, tenantId, today), 1); day < today; day = addDays(day, 1)) {
      if (opts.stopped?.()) return result;
      // a long catch-up keeps its claim
      if (!(await claimLease(db, tenantId, opts.instanceId))) return { ...result, skipped: 'leased' };
      await logStarted(db, tenantId, day, opts.instanceId);
      const started = performance.now();
      try {
        await closeDay(db, tenantId, day, opts);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await logFailed(db, tenantId, day, message, performance.now() - started);
        return { ...result, failed: { day, message } };
      }
      result.closed.push(day);
    }
    return result;
  } finally {
    await releaseLease(db, tenantId, opts.instanceId);
  }
}

/**
 * Closes what is due for every tenant one database (a shard) holds: the first shard's tenant table
 * lists every tenant, so there the tenants its map places elsewhere, or that are moving, are left out.
 */
export async function closeDueDays(db: Db, opts: CloseOptions): Promise<TenantCloseResult[]> {
  const tenants = await db.query<{ tenant_id: number }>(
    `SELECT t.tenant_id FROM tenant t
      WHERE NOT EXISTS (SELECT 1 FROM tenant_shard m WHERE m.tenant_id = t.tenant_id AND (m.shard <> $1 OR m.state = 'moving'))
      ORDER BY t.tenant_id`,
    [MAIN_SHARD],
  );
  const out: TenantCloseResult[] = [];
  for (const t of tenants) {
    if (opts.stopped?.()) break;
    out.push(await closeTenant(db, Number(t.tenant_id), opts));
  }
  return out;
}
