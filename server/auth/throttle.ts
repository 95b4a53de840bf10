import { sqlTimestamp } from '../clock';
import type { Db } from '../db/types';

/**
 * Login throttling with backoff, on three counters of failed logins (successful ones never count):
 * - the account from one address: the usual typo budget, then a doubling wait;
 * - the address over all accounts: a large budget, so one office behind one address is not locked
 *   out by its colleagues' typos, while one machine guessing many accounts is slowed;
 * - the account over all addresses: slows guessing spread over many addresses, with a short cap,
 *   so nobody can keep a known user out for long by guessing from elsewhere.
 * Each wait doubles with every further failure up to its cap; a quiet WINDOW starts a counter afresh.
 */
export interface Limit {
  kind: 'account-address' | 'address' | 'account';
  /** failures allowed before the first wait */
  free: number;
  /** the first wait, doubled by each further failure */
  baseMs: number;
  capMs: number;
}

export const LIMITS: readonly Limit[] = [
  { kind: 'account-address', free: 5, baseMs: 30_000, capMs: 5 * 60_000 },
  { kind: 'address', free: 50, baseMs: 30_000, capMs: 5 * 60_000 },
  { kind: 'account', free: 20, baseMs: 15_000, capMs: 60_000 },
];

/** Wrong passwords an account may type from one address before it waits. */
export const MAX_FAILURES = LIMITS[0].free;
const WINDOW_MS = 15 * 60_000;

export interface LoginKeys {
  account: string;
  address: string;
}

const keyOf = (limit: Limit, k: LoginKeys) =>
  limit.kind === 'account' ? `acct:${k.account}` : limit.kind === 'address' ? `ip:${k.address}` : `acct-ip:${k.account}@${k.address}`;

/** The wait after `count` failures: none within the free budget, then doubling up to the cap. */
export function backoffMs(limit: Limit, count: number): number {
  if (count < limit.free) return 0;
  return Math.min(limit.capMs, limit.baseMs * 2 ** Math.min(30, count - limit.free));
}

interface Attempt {
  key: string;
  failed_count: number;
  first_failed_at: string;
  locked_until: string | null;
}

/** Milliseconds until a login of these keys may be tried again; 0 when it may now. */
export async function waitMs(db: Db, keys: LoginKeys, now = new Date()): Promise<number> {
  const rows = await db.query<Attempt>(
    'SELECT key, failed_count, first_failed_at, locked_until FROM login_attempt WHERE key IN ($1, $2, $3)',
    LIMITS.map((l) => keyOf(l, keys)),
  );
  const stamp = sqlTimestamp(now);
  const until = rows.map((r) => r.locked_until).filter((u): u is string => !!u && u > stamp);
  if (!until.length) return 0;
  const latest = until.sort().at(-1)!;
  return Math.max(1_000, Date.parse(`${latest.replace(' ', 'T')}Z`) - Date.parse(`${stamp.replace(' ', 'T')}Z`));
}

/** Per key, one read-modify-write at a time: concurrent UPDATEs of one row conflict in DuckDB. */
const queue = new Map<string, Promise<void>>();

function serialised(key: string, work: () => Promise<void>): Promise<void> {
  const run = (queue.get(key) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  queue.set(key, tail);
  void tail.then(() => {
    if (queue.get(key) === tail) queue.delete(key);
  });
  return run;
}

async function countFailure(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  const [a] = await db.query<Attempt>('SELECT key, failed_count, first_failed_at, locked_until FROM login_attempt WHERE key = $1', [key]);
  const fresh = !a || a.first_failed_at < sqlTimestamp(new Date(now.getTime() - WINDOW_MS));
  const count = fresh ? 1 : a.failed_count + 1;
  const firstAt = fresh ? sqlTimestamp(now) : a.first_failed_at;
  const wait = backoffMs(limit, count);
  const lockedUntil = wait ? sqlTimestamp(new Date(now.getTime() + wait)) : null;
  const params = [key, count, firstAt, lockedUntil];
  if (!a) {
    await db.query(
      'INSERT INTO login_attempt (key, failed_count, first_failed_at, locked_until) VALUES ($1, $2, CAST($3 AS TIMESTAMP), CAST($4 AS TIMESTAMP))',
      params,
    );
  } else {
    await db.query(
      'UPDATE login_attempt SET failed_count = $2, first_failed_at = CAST($3 AS TIMESTAMP), locked_until = CAST($4 AS TIMESTAMP) WHERE key = $1',
      params,
    );
  }
}

export async function recordFailure(db: Db, keys: LoginKeys, now = new Date()): Promise<void> {
  for (const limit of LIMITS) {
    const key = keyOf(limit, keys);
    await serialised(key, () => countFailure(db, limit, key, now));
  }
}

/** A good password clears the account's counters; the address's stays, so it cannot be reset by one known login. */
export async function clearFailures(db: Db, keys: LoginKeys): Promise<void> {
  for (const limit of LIMITS.filter((l) => l.kind !== 'address')) {
    const key = keyOf(limit, keys);
    await serialised(key, () => db.query('DELETE FROM login_attempt WHERE key = $1', [key]).then(() => undefined));
  }
}
