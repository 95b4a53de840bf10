import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';

/** After MAX_FAILURES wrong passwords within WINDOW, the login key is locked for LOCK. */
export const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 5 * 60_000;

interface Attempt {
  failed_count: number;
  first_failed_at: string;
  locked_until: string | null;
}

export async function isLocked(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [a] = await db.query<Attempt>('SELECT failed_count, first_failed_at, locked_until FROM login_attempt WHERE key = $1', [key]);
  return !!a?.locked_until && a.locked_until > sqlTimestamp(now);
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<void> {
  const [a] = await db.query<Attempt>('SELECT failed_count, first_failed_at, locked_until FROM login_attempt WHERE key = $1', [key]);
  const windowStart = sqlTimestamp(new Date(now.getTime() - WINDOW_MS));
  const fresh = !a || a.first_failed_at < windowStart;
  const count = fresh ? 1 : a.failed_count + 1;
  const firstAt = fresh ? sqlTimestamp(now) : a.first_failed_at;
  const lockedUntil = count >= MAX_FAILURES ? sqlTimestamp(new Date(now.getTime() + LOCK_MS)) : null;
  if (!a) {
    await db.query(
      'INSERT INTO login_attempt (key, failed_count, first_failed_at, locked_until) VALUES ($1, $2, CAST($3 AS TIMESTAMP), CAST($4 AS TIMESTAMP))',
      [key, count, firstAt, lockedUntil],
    );
  } else {
    await db.query(
      'UPDATE login_attempt SET failed_count = $2, first_failed_at = CAST($3 AS TIMESTAMP), locked_until = CAST($4 AS TIMESTAMP) WHERE key = $1',
      [key, count, firstAt, lockedUntil],
    );
  }
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_attempt WHERE key = $1', [key]);
}
