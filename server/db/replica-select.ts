/**
 * Which streaming standby answers the next report scan: pure decisions over what the background probe
 * last saw, so they can be tested without a cluster (the I/O lives in replicas.ts).
 */

/** ok: usable; lagging: replay behind the bound; down: did not answer; not-standby: not in recovery. */
export type ReplicaStatus = 'unknown' | 'ok' | 'lagging' | 'down' | 'not-standby';

export interface ReplicaState {
  status: ReplicaStatus;
  /** seconds of replay lag the last probe measured; null when unknown or infinite */
  lagSeconds: number | null;
  /** when the state was last set (ms since epoch) */
  checkedAt: number;
  /** a down replica is not tried before this time (ms since epoch) */
  retryAfter: number;
}

/** What the probe statement returns (see PROBE_SQL in replicas.ts). */
export interface ProbeRow {
  standby: boolean;
  /** receive LSN = replay LSN: everything streamed is applied; null when not streaming */
  caught_up: boolean | null;
  /** now() − pg_last_xact_replay_timestamp(), seconds; null before the first replayed transaction */
  since_replay: number | null;
}

export const initialState = (now: number): ReplicaState => ({ status: 'unknown', lagSeconds: null, checkedAt: now, retryAfter: 0 });

/**
 * Replay lag of a standby. The time since the last replayed transaction grows on an idle primary
 * although nothing is missing, so a standby that has applied all it received counts as lag 0.
 */
export function lagOf(row: ProbeRow): number | null {
  if (row.caught_up === true) return 0;
  return row.since_replay === null ? null : Math.max(0, Number(row.since_replay));
}

/** The state after a probe answered. */
export function stateFromProbe(row: ProbeRow, maxLagSeconds: number, now: number): ReplicaState {
  if (!row.standby) return { status: 'not-standby', lagSeconds: null, checkedAt: now, retryAfter: 0 };
  const lag = lagOf(row);
  const status = lag !== null && lag <= maxLagSeconds ? 'ok' : 'lagging';
  return { status, lagSeconds: lag, checkedAt: now, retryAfter: 0 };
}

/** The state after a probe or a scan could not reach the replica: skipped until `retryMs` has passed. */
export function stateDown(previous: ReplicaState, now: number, retryMs: number): ReplicaState {
  return { status: 'down', lagSeconds: previous.lagSeconds, checkedAt: now, retryAfter: now + retryMs };
}

/**
 * The replica for the next scan, round robin from `cursor` over the usable ones (status ok), or null
 * when none is usable and the primary answers. Returns the index and the cursor to pass next time.
 */
export function pickReplica(states: readonly ReplicaState[], cursor: number): { index: number | null; next: number } {
  const n = states.length;
  for (let step = 0; step < n; step++) {
    const index = (cursor + step) % n;
    if (states[index].status === 'ok') return { index, next: (index + 1) % n };
  }
  return { index: null, next: n === 0 ? 0 : cursor % n };
}

/**
 * Errors after which the same statement is safe to run again on the primary: the replica could not be
 * reached or went away (connection classes 08, 57P), or replay cancelled the scan (conflict with
 * recovery, 40001 on a standby). A report scan only reads, so running it again changes nothing.
 */
export function isReplicaFailure(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? '';
  if (/^(08|57P)/.test(code) || code === '40001') return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message ?? '');
}

/** `HM_REPLICA_URLS`: a comma list, blanks ignored. */
export function parseReplicaUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `HM_REPLICA_MAX_LAG_S`: seconds, default 5; a value that is not a non-negative number is refused. */
export function parseMaxLag(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`HM_REPLICA_MAX_LAG_S must be a number of seconds ≥ 0, not "${value}"`);
  return n;
}
