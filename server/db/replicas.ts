import pg from 'pg';
import { initialState, isReplicaFailure, pickReplica, stateDown, stateFromProbe, type ProbeRow, type ReplicaState } from './replica-select';
import type { ReplicaHealth } from './types';

export interface ReplicaOptions {
  /** PostgreSQL streaming standbys of the primary */
  urls: readonly string[];
  /** a standby replaying further behind than this is skipped */
  maxLagSeconds: number;
  /** how often every standby is probed */
  probeMs?: number;
  /** how long a standby that did not answer is skipped before it is tried again */
  retryMs?: number;
}

/** Opens a pool of scan connections (postgres.ts: same types and session options as the primary's). */
export type OpenPool = (url: string, max: number, applicationName: string, connectTimeoutMs: number) => pg.Pool;

/**
 * `standby`, `caught_up` and `since_replay` as replica-select.ts reads them. On a primary the WAL
 * functions return null, which is fine: a primary is reported as not-standby and never used.
 */
const PROBE_SQL = `SELECT pg_is_in_recovery() AS standby,
  pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS caught_up,
  extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 AS since_replay`;

/** How long a probe may take to connect and answer before its standby counts as down. */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * The standbys that answer report scans: a scan pool per standby, and a background probe that keeps
 * each one's state (answering, replay lag) so a scan never waits on a standby that is gone or behind.
 */
export class ReplicaSet {
  readonly pools: pg.Pool[];
  /** one connection per standby for the probe, so a probe never queues behind scans */
  private readonly probePools: pg.Pool[];
  private states: ReplicaState[];
  private cursor = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private readonly probeMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly options: ReplicaOptions,
    scanPoolSize: number,
    openPool: OpenPool,
  ) {
    // scans wait for a busy standby's connection as they would for the primary's; a standby that is gone
    // refuses at once, one that hangs is found by the probe's timeout
    this.pools = options.urls.map((url) => openPool(url, scanPoolSize, 'hm-scan-replica', 0));
    this.probePools = options.urls.map((url) => openPool(url, 1, 'hm-probe', CONNECT_TIMEOUT_MS));
    this.states = options.urls.map(() => initialState(Date.now()));
    this.probeMs = options.probeMs ?? 1000;
    this.retryMs = options.retryMs ?? 5000;
  }

  /** Probes every standby once, then keeps probing in the background. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.probeMs);
    this.timer.unref();
  }

  /** Probes every standby not waiting out a failure; a probe already under way is joined. */
  probe(): Promise<void> {
    this.probing ??= Promise.all(this.probePools.map((pool, i) => this.probeOne(pool, i))).then(
      () => void (this.probing = null),
    );
    return this.probing;
  }

  private async probeOne(pool: pg.Pool, index: number): Promise<void> {
    const now = Date.now();
    if (this.states[index].status === 'down' && now < this.states[index].retryAfter) return;
    try {
      const { rows } = await pool.query<ProbeRow>({ text: PROBE_SQL, query_timeout: CONNECT_TIMEOUT_MS } as pg.QueryConfig);
      this.states[index] = stateFromProbe(rows[0], this.options.maxLagSeconds, Date.now());
    } catch {
      this.states[index] = stateDown(this.states[index], Date.now(), this.retryMs);
    }
  }

  /** The standby for the next scan, or null when the primary must answer. */
  pick(): { pool: pg.Pool; index: number } | null {
    const { index, next } = pickReplica(this.states, this.cursor);
    this.cursor = next;
    return index === null ? null : { pool: this.pools[index], index };
  }

  /**
   * A scan on a standby failed with `err`: a standby that could not be reached is skipped until it is
   * tried again; a scan cancelled by replay leaves it in use. Tells whether the primary should run it.
   */
  failed(index: number, err: unknown): boolean {
    if (!isReplicaFailure(err)) return false;
    if ((err as { code?: string }).code !== '40001') this.states[index] = stateDown(this.states[index], Date.now(), this.retryMs);
    return true;
  }

  health(): ReplicaHealth[] {
    return this.states.map((s, i) => ({
      replica: i + 1,
      status: s.status,
      lag_s: s.lagSeconds === null ? null : Math.round(s.lagSeconds * 10) / 10,
      checked_at: new Date(s.checkedAt).toISOString(),
    }));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.probing;
    await Promise.all([...this.pools, ...this.probePools].map((p) => (p.ended ? undefined : p.end())));
  }
}
