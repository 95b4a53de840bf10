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

const msBetween = (from: string, to: string) => Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`);

/**
 * DuckDB (one process owns the file) fails concurrent writes of one row instead of waiting, so there
 * claims and settlements run one at a time; on PostgreSQL the row locks taken below order them,
 * across processes too.
 */
let chain: Promise<unknown> = Promise.resolve();
function serialised<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'duckdb') return work();
  const run = chain.then(work, work);
  chain = run.catch(() => undefined);
  return run;
}

/** Locks the counter row (inserting it empty when missing) for the rest of the transaction and reads it. */
async function lockRow(tx: Db, key: string, stamp: string): Promise<Attempt> {
  const [row] = await tx.query<Attempt>(
    `INSERT INTO login_attempt (key, failed_count, first_failed_at, locked_until) VALUES ($1, 0, CAST($2 AS TIMESTAMP), NULL)
     ON CONFLICT (key) DO UPDATE SET failed_count = login_attempt.failed_count
     RETURNING key, failed_count, first_failed_at, locked_until`,
    [key, stamp],
  );
  return row;
}

/**
 * Counts a login attempt on every counter before its password is checked, in one transaction over
 * the locked counter rows, so parallel attempts cannot all pass before the first failure is written.
 * Answers 0 when the password may be checked; otherwise the milliseconds to wait, and the attempt is
 * not counted. A counter that reaches its budget with this attempt is locked by it; a right password
 * then settles the attempt (`settleSuccess`).
 */
export function claimAttempt(db: Db, keys: LoginKeys, now = new Date()): Promise<number> {
  const stamp = sqlTimestamp(now);
  const windowStart = sqlTimestamp(new Date(now.getTime() - WINDOW_MS));
  return serialised(db, () =>
    db.transaction(async (tx) => {
      const rows: [Limit, Attempt][] = [];
      for (const limit of LIMITS) rows.push([limit, await lockRow(tx, keyOf(limit, keys), stamp)]);
      const until = rows.map(([, a]) => a.locked_until).filter((u): u is string => !!u && u > stamp);
      if (until.length) return Math.max(1_000, ...until.map((u) => msBetween(stamp, u)));
      for (const [limit, a] of rows) {
        const fresh = a.failed_count === 0 || a.first_failed_at < windowStart;
        const count = fresh ? 1 : a.failed_count + 1;
        const wait = backoffMs(limit, count);
        await tx.query(
          'UPDATE login_attempt SET failed_count = $2, first_failed_at = CAST($3 AS TIMESTAMP), locked_until = CAST($4 AS TIMESTAMP) WHERE key = $1',
          [a.key, count, fresh ? stamp : a.first_failed_at, wait ? sqlTimestamp(new Date(now.getTime() + wait)) : null],
        );
      }
      return 0;
    }),
  );
}

/**
 * A right password: the account's counters are cleared; the address's attempt is taken back (a
 * successful login never counts) but its other failures stay, so one known login cannot reset it.
 */
export function settleSuccess(db: Db, keys: LoginKeys): Promise<void> {
  const address = LIMITS.find((l) => l.kind === 'address')!;
  return serialised(db, () =>
    db.transaction(async (tx) => {
      // rows in the order claims lock them, so a claim and a settlement never wait on each other in a cycle
      for (const limit of LIMITS) {
        if (limit !== address) await tx.query('DELETE FROM login_attempt WHERE key = $1', [keyOf(limit, keys)]);
        else {
          await tx.query(
            `UPDATE login_attempt SET failed_count = failed_count - 1,
                    locked_until = CASE WHEN failed_count - 1 < $2 THEN NULL ELSE locked_until END
              WHERE key = $1 AND failed_count > 0`,
            [keyOf(limit, keys), limit.free],
          );
        }
      }
    }),
  );
}
