/**
 * What the daily close keeps per tenant (day_close: the last day closed, the lease) and how each day's
 * close went (day_close_log). Lease times are system time (UTC), business days the tenant's calendar.
 */
import { addDays } from '../../engine/dates/calendar';
import { sqlTimestamp } from '../clock';
import type { CloseLogEntry } from '../../engine/day-close';
import type { Db } from '../db/types';

/** How long a claim on a tenant's close lasts without being renewed; a stopped process's claim lapses after it. */
export const LEASE_MS = 5 * 60_000;

async function ensureRow(db: Db, tenantId: number): Promise<void> {
  await db.transaction((tx) => tx.query('INSERT INTO day_close (tenant_id) VALUES ($1) ON CONFLICT (tenant_id) DO NOTHING', [tenantId]));
}

/**
 * Claims (or renews) the tenant's close for this instance until now + LEASE_MS; false while another
 * instance's claim is in force. One conditional update: of two instances claiming at once, the
 * second re-reads the row the first wrote and finds it taken.
 */
export async function claimLease(db: Db, tenantId: number, instanceId: string, now = new Date()): Promise<boolean> {
  await ensureRow(db, tenantId);
  const rows = await db.transaction((tx) =>
    tx.query(
      `UPDATE day_close SET lease_owner = $2, lease_until = CAST($3 AS TIMESTAMP)
        WHERE tenant_id = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until < CAST($4 AS TIMESTAMP))
       RETURNING tenant_id`,
      [tenantId, instanceId, sqlTimestamp(new Date(now.getTime() + LEASE_MS)), sqlTimestamp(now)],
    ),
  );
  return rows.length === 1;
}

export async function releaseLease(db: Db, tenantId: number, instanceId: string): Promise<void> {
  await db.transaction((tx) =>
    tx.query('UPDATE day_close SET lease_owner = NULL, lease_until = NULL WHERE tenant_id = $1 AND lease_owner = $2', [tenantId, instanceId]),
  );
}

/**
 * The last business day closed. A tenant never closed (a database seeded before the close existed)
 * counts as closed through the last day its T+1 payment copy reaches, else the day before its
 * snapshots end, else yesterday: the days the seed built need no close.
 */
export async function closedThrough(db: Db, tenantId: number, today: string): Promise<string> {
  const [kept] = await db.query<{ d: string | null }>('SELECT closed_through AS d FROM day_close WHERE tenant_id = $1', [tenantId]);
  if (kept?.d) return kept.d;
  const [paid] = await db.query<{ d: string | null }>('SELECT MAX(business_date) AS d FROM sales_payment_daily WHERE tenant_id = $1', [tenantId]);
  if (paid?.d) return paid.d;
  const [built] = await db.query<{ d: string | null }>('SELECT MAX(biz_date) AS d FROM stock_daily_snapshot WHERE tenant_id = $1', [tenantId]);
  return built?.d ? addDays(built.d, -1) : addDays(today, -1);
}

export async function recordClosedThrough(tx: Db, tenantId: number, day: string): Promise<void> {
  await tx.query(
    `INSERT INTO day_close (tenant_id, closed_through) VALUES ($1, CAST($2 AS DATE))
     ON CONFLICT (tenant_id) DO UPDATE SET closed_through = excluded.closed_through`,
    [tenantId, day],
  );
}

/** Marks a day's close started (again, after a failure or a crash: its attempts count up). */
export async function logStarted(db: Db, tenantId: number, day: string, instanceId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query('SELECT attempts FROM day_close_log WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE)', [tenantId, day]);
    if (row) {
      await tx.query(
        `UPDATE day_close_log SET instance_id = $3, started_at = CAST($4 AS TIMESTAMP), finished_at = NULL, duration_ms = NULL, status = 'running',
                message = NULL, attempts = attempts + 1
          WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE)`,
        [tenantId, day, instanceId, sqlTimestamp(now)],
      );
    } else {
      await tx.query(
        `INSERT INTO day_close_log (tenant_id, biz_date, instance_id, started_at, status, attempts) VALUES ($1, CAST($2 AS DATE), $3, CAST($4 AS TIMESTAMP), 'running', 1)`,
        [tenantId, day, instanceId, sqlTimestamp(now)],
      );
    }
  });
}

export interface CloseOutcome {
  durationMs: number;
  rowsArchived: number;
  rowsDaily: number;
}

/** Records a day's close finished, in the transaction that moves closed_through. */
export async function logDone(tx: Db, tenantId: number, day: string, outcome: CloseOutcome, now = new Date()): Promise<void> {
  await tx.query(
    `UPDATE day_close_log SET finished_at = CAST($3 AS TIMESTAMP), duration_ms = $4, rows_archived = $5, rows_daily = $6, status = 'done', message = NULL
      WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE)`,
    [tenantId, day, sqlTimestamp(now), Math.round(outcome.durationMs), outcome.rowsArchived, outcome.rowsDaily],
  );
}

export async function logFailed(db: Db, tenantId: number, day: string, message: string, durationMs: number, now = new Date()): Promise<void> {
  await db.transaction((tx) =>
    tx.query(
      `UPDATE day_close_log SET finished_at = CAST($3 AS TIMESTAMP), duration_ms = $4, status = 'failed', message = $5
        WHERE tenant_id = $1 AND biz_date = CAST($2 AS DATE)`,
      [tenantId, day, sqlTimestamp(now), Math.round(durationMs), message.slice(0, 2000)],
    ),
  );
}

/** A tenant's closes, newest first. */
export async function closeLog(db: Db, tenantId: number, limit = 100): Promise<CloseLogEntry[]> {
  return db.query<CloseLogEntry>(
    `SELECT tenant_id, biz_date, instance_id, started_at, finished_at, duration_ms, rows_archived, rows_daily, status, message, attempts
       FROM day_close_log WHERE tenant_id = $1 ORDER BY biz_date DESC LIMIT ${Math.max(1, Math.min(limit, 1000))}`,
    [tenantId],
  );
}
