/**
 * Scale-out on real clusters, all throwaway on loopback: a primary, its hot standby made by
 * `pg_basebackup -R`, and a second primary (shard `east`).
 * - Report scans and export cursors read from the standby; writes and transactions stay on the
 *   primary; a stopped or lagging standby leaves the primary answering without an error.
 * - The catalogue shows every tenant table distributable by tenant_id (Citus).
 * - Tenants move between the clusters losing nothing, and one server serves each from its shard;
 *   a fuzz of reads and writes naming the other tenant finds nothing of it (cross-tenant.ts).
 * - Background upkeep (jobs, leases, sessions, summaries) runs on every shard.
 * - `npm run seed` with HM_SHARDS looks at, and refreshes, every shard.
 * The primary gets a copy of the seeded test template (PostgreSQL run) or is migrated and seeded here.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyDatabase, startPgCluster, startStandby, type PgCluster } from '../../scripts/lib/pg-cluster';
import { buildServer } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { seed } from '../../server/db/seed';
import { citusViolations } from '../../server/db/citus';
import { spreadDemoTenants } from '../../server/db/demo-shards';
import { parseShards } from '../../server/db/shard-map';
import { ShardRouter, TENANT_MOVING } from '../../server/db/sharded';
import { moveMerchant, tenantTables, tenantTotals } from '../../server/db/tenant-move';
import { compareTotals, type TableTotals } from '../../server/db/tenant-totals';
import { valueAt, type ColumnValues } from '../../server/db/packed-text';
import type { Db, ReplicaHealth } from '../../server/db/types';
import { initialRequest } from '../../engine/query';
import type { ReportConfig } from '../../engine/wire';
import { sqlTimestamp, today } from '../../server/clock';
import { HEARTBEAT_MS, type ExportJob, type JobSpec } from '../../server/export/jobs';
import { JOB_STOPPED_BY_MOVE } from '../../server/db/tenant-move-jobs';
import type { ServerSession } from '../../server/auth/session';
import { fillEmptySummariesEverywhere, startUpkeep } from '../../server/upkeep';
import { foreignTo, holdingsOf, leaksIn, probeReads, probeWrites, type Holdings, type Probe } from './cross-tenant';
import { bearer, login } from './server';
import { openTestDb, pgUrl, withDatabase } from './testdb';

const MAX_LAG_S = 1;

async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The primary's current WAL position has been replayed by the standby. */
async function caughtUp(primaryUrl: string, standbyUrl: string): Promise<void> {
  // the insert position, not the write position: the test clusters commit asynchronously, so a commit
  // may still sit in the WAL buffers, ahead of what pg_current_wal_lsn() reports as written
  const [{ lsn }] = await sql<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
  await until('the standby to replay the primary', async () => {
    const [r] = await sql<{ done: boolean }>(standbyUrl, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]);
    return r.done;
  }, 120_000);
}

/** A new database `name` on `cluster`, holding the seeded test data. */
async function seededDatabase(cluster: PgCluster, name: string): Promise<string> {
  await sql(cluster.url, `CREATE DATABASE ${name}`);
  const url = withDatabase(cluster.url, name);
  if (pgUrl) {
    // dumped from a private copy: a dump holds its database open, and the other test files copy the
    // template meanwhile, which PostgreSQL refuses while anyone is connected to it
    const own = await openTestDb();
    try {
      copyDatabase(withDatabase(pgUrl, own.location), url);
    } finally {
      await own.close();
    }
  } else {
    const db = await openPostgres(url);
    await migrate(db);
    await seed(db, { scale: 'demo' });
    await db.close();
  }
  return url;
}

/**
 * Whether a connection of `applicationName` on the server at `url` started a statement after `since`
 * (false when the server does not answer: a stopped standby). Both servers share this machine's clock.
 */
async function scannedSince(url: string, applicationName: string, since: string): Promise<boolean> {
  try {
    const [r] = await sql<{ yes: boolean }>(
      url,
      `SELECT coalesce(max(query_start) > $2::timestamptz, false) AS yes FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [applicationName, since],
    );
    return r.yes;
  } catch {
    return false;
  }
}

let primary: PgCluster;
let standby: PgCluster;
let east: PgCluster;
let primaryUrl: string;
let standbyUrl: string;
let eastUrl: string;
let db: Db;
let app: FastifyInstance;
let token: string;
let filesDir: string;

beforeAll(async () => {
  primary = await startPgCluster();
  standby = await startStandby(primary);
  east = await startPgCluster();
  primaryUrl = await seededDatabase(primary, 'hm');
  standbyUrl = withDatabase(standby.url, 'hm');
  await sql(east.url, 'CREATE DATABASE hm');
  eastUrl = withDatabase(east.url, 'hm');
  await caughtUp(primaryUrl, standbyUrl);
  db = await openPostgres(primaryUrl, 4, 4, { urls: [standbyUrl], maxLagSeconds: MAX_LAG_S, probeMs: 200, retryMs: 500 });
  filesDir = mkdtempSync(join(tmpdir(), 'hm-scale-out-'));
  app = await buildServer({ db, config: { staticDir: '/nonexistent', filesDir } });
  await app.ready();
  token = (await login(app, 'admin', 'HMT')).token;
}, 900_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  for (const cluster of [standby, east, primary]) cluster?.stop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/** Row count and sums per table of a tenant's rows on the database at `url`. */
async function totalsOn(url: string, tenantId: number): Promise<TableTotals[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await tenantTotals(c, await tenantTables(c), tenantId);
  } finally {
    await c.end();
  }
}

async function rowsOf(url: string, tenantId: number): Promise<number> {
  return (await totalsOn(url, tenantId)).reduce((n, t) => n + t.rows, 0);
}

/** Report 70's first screen (data) as the page asks for it, through `server`'s routes. */
async function report70(server: FastifyInstance, bearerToken: string): Promise<{ status: number; body: { data: unknown; message: string } }> {
  const headers = bearer(bearerToken);
  const cfgRes = await server.inject({ method: 'GET', url: '/api/reports/70/config', headers });
  if (cfgRes.statusCode !== 200) return { status: cfgRes.statusCode, body: cfgRes.json() };
  const cfg = cfgRes.json().data as ReportConfig;
  const res = await server.inject({ method: 'POST', url: '/api/reports/70/data', headers, payload: initialRequest(cfg, today()) as object });
  return { status: res.statusCode, body: res.json() };
}

describe('read replicas', () => {
  const health = async (): Promise<ReplicaHealth[]> => (await app.inject({ method: 'GET', url: '/api/health' })).json().data.replicas;

  /**
   * Report 70's first screen as the page asks for it; which server scanned for it, told by when the
   * scan connections of each last started a statement (both servers share this machine's clock).
   */
  async function reportScreen(): Promise<{ body: unknown; onStandby: boolean; onPrimary: boolean }> {
    const cfg = (await app.inject({ method: 'GET', url: '/api/reports/70/config', headers: bearer(token) })).json().data as ReportConfig;
    const [{ now }] = await sql<{ now: string }>(primaryUrl, 'SELECT clock_timestamp()::text AS now');
    const res = await app.inject({ method: 'POST', url: '/api/reports/70/data', headers: bearer(token), payload: initialRequest(cfg, today()) as object });
    expect(res.statusCode, res.body).toBe(200);
    const onStandby = await scannedSince(standbyUrl, 'hm-scan-replica', now);
    const onPrimary = await scannedSince(primaryUrl, 'hm-scan', now);
    return { body: res.json().data, onStandby, onPrimary };
  }

  it('answers report screens from the standby and shows it healthy', async () => {
    const screen = await reportScreen();
    expect(screen).toMatchObject({ onStandby: true, onPrimary: false });
    expect(await health()).toEqual([expect.objectContaining({ replica: 1, status: 'ok', lag_s: 0 })]);
  });

  it('reads export cursors from the standby, and everything in a transaction from the primary', async () => {
    const inRecovery = async (rows: AsyncIterable<{ rows?: unknown; columns?: readonly ColumnValues[] }>) => {
      const seen: unknown[] = [];
      for await (const chunk of rows) seen.push(chunk.columns ? valueAt(chunk.columns[0], 0) : (chunk as unknown as { r: boolean }[])[0].r);
      return seen;
    };
    expect(await inRecovery(db.streamColumns('SELECT pg_is_in_recovery() AS r'))).toEqual([true]);
    expect(await inRecovery(db.stream('SELECT pg_is_in_recovery() AS r') as AsyncIterable<never>)).toEqual([true]);
    expect(await db.scan('SELECT pg_is_in_recovery() AS r')).toEqual([{ r: true }]);
    expect(await db.query('SELECT pg_is_in_recovery() AS r')).toEqual([{ r: false }]);
    await db.transaction(async (tx) => {
      expect(await tx.scan('SELECT pg_is_in_recovery() AS r')).toEqual([{ r: false }]);
      expect(await inRecovery(tx.streamColumns('SELECT pg_is_in_recovery() AS r'))).toEqual([false]);
    });
  });

  it('writes on the primary: the login session is there and the standby replays it', async () => {
    const { token: second } = await login(app, 'store01', 'HMD');
    const sessions = async (url: string) =>
      (await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM account_session WHERE account_id IN (SELECT account_id FROM account WHERE username = $1)', ['store01']))[0].n;
    expect(await sessions(primaryUrl)).toBeGreaterThan(0);
    await caughtUp(primaryUrl, standbyUrl);
    expect(await sessions(standbyUrl)).toBe(await sessions(primaryUrl));
    expect(second).toBeTruthy();
  });

  it('falls back to the primary with no error while the standby is stopped, and returns to it when it is back', async () => {
    const before = await reportScreen();
    standby.halt();
    try {
      const during = await reportScreen();
      expect(during).toMatchObject({ onPrimary: true, onStandby: false });
      expect(during.body).toEqual(before.body);
      expect((await health())[0].status).toBe('down');
    } finally {
      standby.resume();
    }
    await until('the standby to be used again', async () => (await health())[0].status === 'ok');
    expect(await reportScreen()).toMatchObject({ onStandby: true, onPrimary: false });
  });

  it('skips a standby whose replay is paused past the lag bound, with no error', async () => {
    await sql(standbyUrl, 'SELECT pg_wal_replay_pause()');
    try {
      // a write the paused standby does not replay
      await login(app, 'admin', 'HMT');
      await until('the standby to be seen lagging', async () => (await health())[0].status === 'lagging', 15_000);
      const lagging = await reportScreen();
      expect(lagging).toMatchObject({ onPrimary: true, onStandby: false });
      expect((await health())[0].lag_s).toBeGreaterThan(MAX_LAG_S);
    } finally {
      await sql(standbyUrl, 'SELECT pg_wal_replay_resume()');
    }
    await until('the standby to catch up', async () => (await health())[0].status === 'ok');
    expect(await reportScreen()).toMatchObject({ onStandby: true, onPrimary: false });
  });
});

describe('a schema Citus distributes by tenant_id as is', () => {
  it('has every key of a tenant table led by tenant_id and no foreign key that splits a tenant', async () => {
    const { distributed, violations } = await citusViolations(db);
    expect(violations).toEqual([]);
    // the check saw the tenant tables, the facts and the sessions among them
    expect(distributed).toEqual(expect.arrayContaining(['sales_order_item', 'stock_ledger', 'account_session', 'job_lease']));
    expect(distributed).not.toContain('tenant');
  });
});

describe('tenants on two clusters', () => {
  const SECOND = 266;
  const SPECIAL = 30001;
  const shards = () => parseShards(primaryUrl, [standbyUrl], `east=${eastUrl}`);

  /** Report 70 of each tenant on the single-database server, before any move. */
  const baseline: Record<string, unknown> = {};
  let routed: FastifyInstance;
  let routedDb: ShardRouter;

  afterAll(async () => {
    await routed?.close();
    await routedDb?.close();
  });

  it('moves the demo tenants 266 and 30001 to the second cluster as a sharded start does, losing nothing', async () => {
    for (const merchant of ['10139', '266']) {
      const answer = await report70(app, (await login(app, 'admin', 'HMT', merchant)).token);
      expect(answer.status).toBe(200);
      baseline[merchant] = answer.body.data;
    }
    const before = await totalsOn(primaryUrl, SECOND);
    const specialBefore = await totalsOn(primaryUrl, SPECIAL);
    const firstBefore = await totalsOn(primaryUrl, 10139);
    expect(before.reduce((n, t) => n + t.rows, 0)).toBeGreaterThan(1000);
    const lines: string[] = [];
    await spreadDemoTenants({ databaseUrl: primaryUrl, replicaUrls: [standbyUrl], shards: `east=${eastUrl}`, dataDir: '' }, (l) => lines.push(l));
    expect(lines.filter((l) => /counts and sums equal/.test(l))).toHaveLength(2);
    // counts and sums per table equal before and after, and the rows exist only on the tenant's shard
    expect(compareTotals(before, await totalsOn(eastUrl, SECOND))).toEqual([]);
    expect(compareTotals(specialBefore, await totalsOn(eastUrl, SPECIAL))).toEqual([]);
    expect(await rowsOf(primaryUrl, SECOND)).toBe(0);
    expect(await rowsOf(primaryUrl, SPECIAL)).toBe(0);
    // the first tenant did not move
    expect(compareTotals(firstBefore, await totalsOn(primaryUrl, 10139))).toEqual([]);
    expect(await rowsOf(eastUrl, 10139)).toBe(0);
    expect(await sql(primaryUrl, 'SELECT tenant_id::int AS tenant, shard, state FROM tenant_shard ORDER BY 1')).toEqual([
      { tenant: SECOND, shard: 'east', state: 'active' },
      { tenant: SPECIAL, shard: 'east', state: 'active' },
    ]);
  }, 300_000);

  it('refuses to move a tenant onto the shard that holds it, or to a shard not configured', async () => {
    await expect(moveMerchant(shards(), '266', 'east')).rejects.toThrow(/on east already/);
    await expect(moveMerchant(shards(), '266', 'west')).rejects.toThrow(/no shard named west/);
  });

  it('serves each tenant from its own shard through one server: the same answers as on one database', async () => {
    routedDb = new ShardRouter(
      new Map<string, Db>([
        ['main', await openPostgres(primaryUrl, 4, 4, { urls: [standbyUrl], maxLagSeconds: 5 })],
        ['east', await openPostgres(eastUrl)],
      ]),
    );
    routed = await buildServer({ db: routedDb, config: { staticDir: '/nonexistent', filesDir } });
    await routed.ready();
    const first = await login(routed, 'admin', 'HMT', '10139');
    const second = await login(routed, 'admin', 'HMT', '266');
    expect(second.token.startsWith('266.')).toBe(true);
    // the session of tenant 266 was written on its shard
    expect(await sql(eastUrl, 'SELECT count(*)::int AS n FROM account_session WHERE tenant_id = 266')).not.toEqual([{ n: 0 }]);
    for (const [merchant, token] of [['10139', first.token], ['266', second.token]] as const) {
      const answer = await report70(routed, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toEqual(baseline[merchant]);
    }
    expect(baseline['10139']).not.toEqual(baseline['266']);
    const special = await login(routed, 'admin', 'HMT', '30001');
    expect((await report70(routed, special.token)).status).toBe(200);
  });

  it('keeps tenants apart across shards: a token names its tenant, and a changed name is refused', async () => {
    const first = await login(routed, 'admin', 'HMT', '10139');
    const second = await login(routed, 'admin', 'HMT', '266');
    const secret = (token: string) => token.slice(token.indexOf('.') + 1);
    expect((await report70(routed, `266.${secret(first.token)}`)).status).toBe(401);
    expect((await report70(routed, `10139.${secret(second.token)}`)).status).toBe(401);
    // a body naming the other tenant changes nothing: the scope comes from the session
    const cfg = (await routed.inject({ method: 'GET', url: '/api/reports/70/config', headers: bearer(first.token) })).json().data as ReportConfig;
    const res = await routed.inject({
      method: 'POST',
      url: '/api/reports/70/data',
      headers: bearer(first.token),
      payload: { ...(initialRequest(cfg, today()) as object), tenant_id: SECOND, merchant_no: '266' },
    });
    expect(res.json().data).toEqual(baseline['10139']);
  });

  /** Each demo tenant's holdings, read from the shard it lives on now (266 and 30001 on east). */
  async function holdings(): Promise<Record<'first' | 'second' | 'special', Holdings>> {
    return { first: await holdingsOf(primaryUrl, '10139'), second: await holdingsOf(eastUrl, '266'), special: await holdingsOf(eastUrl, '30001') };
  }

  /** The users of the fuzz: 266's head office against 10139, and 10139's three clients against 266. */
  async function fuzzUsers(held: Awaited<ReturnType<typeof holdings>>) {
    const { first, second, special } = held;
    const users = [
      ['266', 'admin', 'HMT', second, first, [first, special]],
      ['10139', 'admin', 'HMT', first, second, [second, special]],
      ['10139', 'store01', 'HMD', first, second, [second, special]],
      ['10139', 'supplier01', 'HMS', first, second, [second, special]],
    ] as const;
    return Promise.all(
      users.map(async ([merchant, username, client, own, other, others]) => ({
        who: `${merchant}/${username}`,
        token: (await login(routed, username, client, merchant)).token,
        own,
        other,
        foreign: foreignTo(own, [...others]),
      })),
    );
  }

  const failures = (probes: Probe[]) => probes.filter((p) => p.status >= 500 || p.leaks.length).map((p) => `${p.status} ${p.what} ${p.leaks.slice(0, 3).join('; ')}`);

  it('keeps tenants apart across shards: reads naming the other tenant show nothing of it and never fail with 500', async () => {
    const held = await holdings();
    // the markers are real: the other tenant's own answers are full of them
    expect(leaksIn(baseline['266'], foreignTo(held.first, [held.second])).length).toBeGreaterThan(0);
    expect(leaksIn(baseline['10139'], foreignTo(held.second, [held.first])).length).toBeGreaterThan(0);
    for (const user of await fuzzUsers(held)) {
      const probes = await probeReads(routed, user.token, user.own, user.other, user.foreign);
      expect(failures(probes), user.who).toEqual([]);
      // the fuzz reached the report screens, the documents and the pickers, with answers
      const answered = probes.filter((p) => p.status === 200).map((p) => p.what);
      expect(answered.filter((w) => /\/data$/.test(w)).length, user.who).toBeGreaterThan(user.who.endsWith('admin') ? 40 : 10);
      expect(answered.some((w) => /^GET \/api\/documents\/[a-z-]+\?/.test(w)), user.who).toBe(true);
      expect(answered.some((w) => w.startsWith('GET /api/pickers/')), user.who).toBe(true);
    }
  }, 300_000);

  it('keeps tenants apart across shards: writes naming the other tenant are refused and change nothing on either shard', async () => {
    const held = await holdings();
    const users = await fuzzUsers(held);
    const snapshot = () => Promise.all([[primaryUrl, 10139], [eastUrl, 10139], [primaryUrl, SECOND], [eastUrl, SECOND]].map(([url, t]) => totalsOn(url as string, t as number)));
    const before = await snapshot();
    for (const user of users) {
      const probes = await probeWrites(routed, user.token, user.own, user.other, user.foreign);
      expect(probes.length).toBeGreaterThan(10);
      expect(probes.filter((p) => p.status < 400 || p.status >= 500 || p.leaks.length).map((p) => `${p.status} ${p.what}`), user.who).toEqual([]);
    }
    const after = await snapshot();
    for (const [i, totals] of after.entries()) expect(compareTotals(before[i], totals)).toEqual([]);
  }, 120_000);

  it('keeps every shard up in the background: unfinished jobs failed, leases renewed, expired sessions and day-old idempotency keys swept, empty summaries filled', async () => {
    const old = sqlTimestamp(new Date(Date.now() - 10 * 60_000));
    const now = sqlTimestamp();
    const instance = routed.jobs.instanceId;
    /** A running export of `tenant` on `url` whose lease belongs to `owner`, beaten at `beat`. */
    const job = async (url: string, tenant: number, id: string, owner: string, beat: string) => {
      await sql(url, `INSERT INTO import_log (tenant_id, job_id, account_id, kind, title, status, created_at) VALUES ($1, $2, 1, 'export', 'upkeep', 'running', $3::timestamp)`, [tenant, id, old]);
      await sql(url, 'INSERT INTO job_lease (job_id, tenant_id, instance_id, heartbeat_at) VALUES ($1, $2, $3, $4::timestamp)', [id, tenant, owner, beat]);
    };
    const statusOf = async (url: string, id: string) => (await sql<{ status: string }>(url, 'SELECT status FROM import_log WHERE job_id = $1', [id]))[0]?.status;
    const session = (url: string, hash: string, expires: string) =>
      sql(url, `INSERT INTO account_session (token_hash, tenant_id, account_id, client_type, created_at, expires_at, last_seen_at) VALUES ($1, $2, 1, 'HMT', $3::timestamp, $4::timestamp, $3::timestamp)`, [hash, SECOND, old, expires]);
    const sessionLeft = async (hash: string) => (await sql(eastUrl, 'SELECT 1 FROM account_session WHERE token_hash = $1', [hash])).length === 1;
    const idemKey = (key: string, at: string) =>
      sql(eastUrl, `INSERT INTO idempotency_key (tenant_id, account_id, idem_key, fingerprint, created_at) VALUES ($1, 1, $2, 'f', $3::timestamp)`, [SECOND, key, at]);
    const keyLeft = async (key: string) => (await sql(eastUrl, 'SELECT 1 FROM idempotency_key WHERE idem_key = $1', [key])).length === 1;

    // left by a process that stopped, on each shard
    await job(eastUrl, SECOND, 'upkeep-east-dead', 'stopped-process', old);
    await job(primaryUrl, 10139, 'upkeep-main-dead', 'stopped-process', old);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const upkeep = await startUpkeep(routed, HEARTBEAT_MS);
    try {
      expect(upkeep.interrupted).toEqual([
        { shard: 'main', jobs: ['upkeep-main-dead'] },
        { shard: 'east', jobs: ['upkeep-east-dead'] },
      ]);
      expect(await statusOf(eastUrl, 'upkeep-east-dead')).toBe('failed');
      expect(await statusOf(primaryUrl, 'upkeep-main-dead')).toBe('failed');
      // while running: another stopped process's job, a job of this process and two sessions on east
      await job(eastUrl, SECOND, 'upkeep-east-stale', 'stopped-process', old);
      await job(eastUrl, SECOND, 'upkeep-east-live', instance, old);
      // expired a minute ago: timestamps have whole seconds, and one expiring this second is not yet expired
      await session(eastUrl, 'upkeep-expired', sqlTimestamp(new Date(Date.now() - 60_000)));
      await session(eastUrl, 'upkeep-live', sqlTimestamp(new Date(Date.now() + 3600_000)));
      await idemKey('upkeep-old-key', sqlTimestamp(new Date(Date.now() - 25 * 3600_000)));
      await idemKey('upkeep-new-key', now);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await until(
        'the upkeep of east',
        async () => (await statusOf(eastUrl, 'upkeep-east-stale')) === 'failed' && !(await sessionLeft('upkeep-expired')) && !(await keyLeft('upkeep-old-key')),
      );
      expect(await keyLeft('upkeep-new-key')).toBe(true);
      const [lease] = await sql<{ beat: string }>(eastUrl, `SELECT heartbeat_at::text AS beat FROM job_lease WHERE job_id = 'upkeep-east-live'`);
      expect(lease.beat > old).toBe(true);
      expect(await statusOf(eastUrl, 'upkeep-east-live')).toBe('running');
      expect(await sessionLeft('upkeep-live')).toBe(true);
    } finally {
      upkeep.stop();
      vi.useRealTimers();
      await sql(eastUrl, `DELETE FROM job_lease WHERE job_id LIKE 'upkeep-%'`);
      await sql(eastUrl, `DELETE FROM import_log WHERE job_id LIKE 'upkeep-%'`);
      await sql(primaryUrl, `DELETE FROM import_log WHERE job_id LIKE 'upkeep-%'`);
      await sql(eastUrl, `DELETE FROM account_session WHERE token_hash LIKE 'upkeep-%'`);
      await sql(eastUrl, `DELETE FROM idempotency_key WHERE idem_key LIKE 'upkeep-%'`);
    }

    // a summary left empty beside its facts on east is filled at start-up, to the same rows
    const summaryRows = async () => (await sql<{ n: number }>(eastUrl, 'SELECT count(*)::int AS n FROM sales_org_day'))[0].n;
    const rows = await summaryRows();
    expect(rows).toBeGreaterThan(0);
    await sql(eastUrl, 'DELETE FROM sales_org_day');
    const filled = await fillEmptySummariesEverywhere(routed);
    expect(filled).toContainEqual({ shard: 'east', table: 'sales_org_day', rows });
    expect(filled.filter((f) => f.shard === 'main')).toEqual([]);
    expect(await summaryRows()).toBe(rows);
  }, 120_000);

  it('refuses a tenant being moved with 503 and a clear message, and only that tenant', async () => {
    const first = await login(routed, 'admin', 'HMT', '10139');
    const second = await login(routed, 'admin', 'HMT', '266');
    await sql(primaryUrl, `UPDATE tenant_shard SET state = 'moving' WHERE tenant_id = $1`, [SECOND]);
    try {
      await until('the map to be read again', async () => (await report70(routed, second.token)).status === 503, 10_000);
      const refused = await report70(routed, second.token);
      expect(refused.body.message).toBe(TENANT_MOVING);
      expect((await report70(routed, first.token)).status).toBe(200);
    } finally {
      await sql(primaryUrl, `UPDATE tenant_shard SET state = 'active' WHERE tenant_id = $1`, [SECOND]);
    }
    await until('the tenant to be served again', async () => (await report70(routed, second.token)).status === 200, 10_000);
  });

  it('moves it back the same way; work that chose the old shard before the move and writes after it is refused, not lost', async () => {
    const before = await totalsOn(eastUrl, SECOND);
    // a request (an import reading its sheet, say) entered the tenant's shard before the move and writes after it
    let resume!: () => void;
    const moved = new Promise<void>((r) => (resume = r));
    const late = routedDb.withTenant(SECOND, async () => {
      await moved;
      return routedDb.transaction((tx) =>
        tx.query(
          `INSERT INTO approval_record (tenant_id, business_type, business_no, approver_account_id, approver_name, result, remark, created_at)
           VALUES ($1, 'late', 'LATE-1', 1, 'late', '1', NULL, CAST('2026-01-01 00:00:00' AS TIMESTAMP))`,
          [SECOND],
        ),
      );
    });
    await moveMerchant(shards(), '266', 'main');
    resume();
    await expect(late).rejects.toMatchObject({ statusCode: 503, message: TENANT_MOVING });
    expect(compareTotals(before, await totalsOn(primaryUrl, SECOND))).toEqual([]);
    expect(await rowsOf(eastUrl, SECOND)).toBe(0);
    expect(await sql(eastUrl, 'SELECT tenant_id::int AS tenant, shard FROM tenant_departed WHERE tenant_id = $1', [SECOND])).toEqual([{ tenant: SECOND, shard: 'main' }]);
    // back home, its transactions on main are served again
    expect(await sql(primaryUrl, 'SELECT tenant_id::int AS tenant FROM tenant_departed WHERE tenant_id = $1', [SECOND])).toEqual([]);
    // the server follows the map: tenant 266 is answered from main again, with the same numbers
    await new Promise((r) => setTimeout(r, 1100));
    const again = await report70(routed, (await login(routed, 'admin', 'HMT', '266')).token);
    expect(again.body.data).toEqual(baseline['266']);
  }, 300_000);
});

describe('a tenant move with work under way', () => {
  // tenant 266 lives on main here (the moves above ended there); 10139 stays on main throughout
  const MOVED = 266;
  const shards = () => parseShards(primaryUrl, [standbyUrl], `east=${eastUrl}`);
  const placement = async () => (await sql(primaryUrl, 'SELECT shard, state FROM tenant_shard WHERE tenant_id = $1', [MOVED]))[0] ?? { shard: 'main', state: 'active' };
  let router: ShardRouter;
  let server: FastifyInstance;
  /** a session of the tenant, kept: a new login would add a row to the totals compared */
  let token: string;

  beforeAll(async () => {
    router = new ShardRouter(
      new Map<string, Db>([
        ['main', await openPostgres(primaryUrl)],
        ['east', await openPostgres(eastUrl)],
      ]),
    );
    server = await buildServer({ db: router, config: { staticDir: '/nonexistent', filesDir } });
    await server.ready();
  });

  afterAll(async () => {
    await server?.close();
    await router?.close();
  });

  /** `npm run tenant:move` as an operator runs it. */
  function runMove(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const child = spawn('npx', ['tsx', 'scripts/tenant-move.ts', ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, HM_DATABASE_URL: primaryUrl, HM_SHARDS: `east=${eastUrl}`, HM_REPLICA_URLS: '' },
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    return new Promise((resolve) => child.on('close', (status) => resolve({ status, ...out })));
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('waits for the tenant’s exports (one stopped past the wait with a message, no half file) while documents are written; counts and sums equal', async () => {
    expect(await placement()).toMatchObject({ shard: 'main' });
    token = (await login(server, 'admin', 'HMT', String(MOVED))).token;
    const [{ account_id: accountId }] = await sql<{ account_id: number }>(primaryUrl, `SELECT account_id FROM account WHERE tenant_id = $1 AND username = 'admin'`, [MOVED]);
    const session = { tenant_id: MOVED, account_id: Number(accountId) } as ServerSession;
    const [{ org_code: org }] = await sql<{ org_code: string }>(primaryUrl, 'SELECT org_code FROM store WHERE tenant_id = $1 ORDER BY org_code LIMIT 1', [MOVED]);
    const [{ sku_no: sku }] = await sql<{ sku_no: string }>(primaryUrl, 'SELECT sku_no FROM sku WHERE tenant_id = $1 ORDER BY sku_no LIMIT 1', [MOVED]);
    const [{ reason_code: reason }] = await sql<{ reason_code: string }>(primaryUrl, 'SELECT reason_code FROM adjustment_reason WHERE tenant_id = $1 LIMIT 1', [MOVED]);
    const adjustment = () =>
      server.inject({
        method: 'POST',
        url: '/api/documents/stock-adjustment',
        headers: bearer(token),
        payload: { header: { org_code: org, direction: '1', reason_code: reason, adjust_time: `${today()} 09:00:00` }, lines: [{ sku_no: sku, qty: 1, cost_price: 1 }] },
      });
    const first = await adjustment();
    expect(first.statusCode, first.body).toBe(200);

    // a real export of the tenant, and two export jobs of the runner that take their time:
    // one ends within the move's wait, the other would run for two minutes
    const exported = await server.inject({
      method: 'POST',
      url: '/api/reports/70/export',
      headers: bearer(token),
      payload: initialRequest((await server.inject({ method: 'GET', url: '/api/reports/70/config', headers: bearer(token) })).json().data as ReportConfig, today()) as object,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const realExport = exported.json().data.job_id as string;
    const slowExport = (ms: number): JobSpec => ({
      session,
      kind: 'export',
      tableId: 70,
      title: `slow ${ms}`,
      expectedRows: ms / 100,
      produce: async (file, onProgress) => {
        for (let i = 1; i <= ms / 100; i++) {
          appendFileSync(file, `chunk ${i}\n`);
          onProgress(i);
          await sleep(100);
        }
        return ms / 100;
      },
    });
    const [quick, slow] = await router.withTenant(MOVED, () => Promise.all([server.jobs.start(slowExport(4000)), server.jobs.start(slowExport(120_000))]));

    // documents written all along: each is answered as written or refused with the moving message
    let writing = true;
    const written: string[] = [];
    const refused: string[] = [];
    const writer = (async () => {
      while (writing) {
        const res = await adjustment();
        if (res.statusCode === 200) written.push(res.json().data.no);
        else refused.push(`${res.statusCode} ${res.json().message}`);
        // past the switch a write would land on east after the copy was compared: stop once refused
        if (refused.length >= 3) writing = false;
      }
    })();

    let atSwitch: TableTotals[] = [];
    const lines: string[] = [];
    const result = await moveMerchant(shards(), String(MOVED), 'east', (l) => lines.push(l), {
      jobWaitMs: 8000,
      jobStopWaitMs: 10_000,
      // the source's rows as they were at the switch, read beside the removal before it commits
      beforeSourceRemoved: async () => void (atSwitch = await totalsOn(primaryUrl, MOVED)),
    });
    await writer;
    expect(result.moved).toBe(true);
    expect(lines.some((l) => /still running after 8000 ms: stopping them/.test(l)), lines.join('\n')).toBe(true);

    // every write answered as written is on east; the others were refused with the moving message
    expect(written.length).toBeGreaterThan(0);
    expect([...new Set(refused)]).toEqual([`503 ${TENANT_MOVING}`]);
    const onEast = (await sql<{ no: string }>(eastUrl, 'SELECT adjust_no AS no FROM stock_adjustment WHERE tenant_id = $1', [MOVED])).map((r) => r.no);
    expect(written.filter((no) => !onEast.includes(no))).toEqual([]);
    // counts and sums of every table: the source at the switch, the copy now
    expect(atSwitch.length).toBeGreaterThan(20);
    expect(compareTotals(atSwitch, await totalsOn(eastUrl, MOVED))).toEqual([]);
    expect(compareTotals(atSwitch, result.totals)).toEqual([]);
    expect(await rowsOf(primaryUrl, MOVED)).toBe(0);
    expect(await placement()).toEqual({ shard: 'east', state: 'active' });

    // the jobs as their user sees them on east: the real export and the quick one finished with
    // their files, the slow one failed with the move's message and left no file, whole or partial
    await until('the map to be read again', async () => (await server.inject({ method: 'GET', url: '/api/jobs?page_num=1&page_size=50', headers: bearer(token) })).statusCode === 200, 10_000);
    const jobs = (await server.inject({ method: 'GET', url: '/api/jobs?page_num=1&page_size=50', headers: bearer(token) })).json().data.list as ExportJob[];
    const job = (id: string) => jobs.find((j) => j.job_id === id);
    expect(job(realExport)).toMatchObject({ status: 'done', has_file: true });
    expect(job(quick)).toMatchObject({ status: 'done', has_file: true, row_count: 40 });
    expect(job(slow)).toMatchObject({ status: 'failed', has_file: false, error: JOB_STOPPED_BY_MOVE.export });
    const download = await server.inject({ method: 'GET', url: `/api/jobs/${quick}/download`, headers: bearer(token) });
    expect(download.body.split('\n').filter(Boolean)).toHaveLength(40);
    const left = readdirSync(join(filesDir, 'exports', String(MOVED)));
    expect(left.filter((f) => f.startsWith(slow))).toEqual([]);
    expect(left.filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(await sql(eastUrl, 'SELECT job_id FROM job_lease WHERE tenant_id = $1', [MOVED])).toEqual([]);
  }, 300_000);

  it('a removal of the source’s rows that fails after the switch is finished by the next tenant:move, and a move back is not refused', async () => {
    const before = await totalsOn(eastUrl, MOVED);
    const firstBefore = await totalsOn(primaryUrl, 10139);
    const failOnce = () => {
      throw new Error('the source went away (test)');
    };
    await expect(moveMerchant(shards(), String(MOVED), 'main', () => {}, { drainMs: 1100, beforeSourceRemoved: failOnce })).rejects.toThrow(
      /is on main now, but removing its rows from east failed \(the source went away \(test\)\); the removal is pending: run the same tenant:move again/,
    );
    // the tenant is served from main; its old rows wait on east, unseen
    expect(await placement()).toEqual({ shard: 'main', state: 'cleanup' });
    expect(compareTotals(before, await totalsOn(primaryUrl, MOVED))).toEqual([]);
    expect(compareTotals(before, await totalsOn(eastUrl, MOVED))).toEqual([]);
    await until('the tenant to be served from main', async () => (await report70(server, token)).status === 200, 10_000);

    // the same command again finishes the removal
    const again = await runMove(String(MOVED), 'main');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/tenant 266 on main: an earlier move left its old rows to remove; finishing that first/);
    expect(again.stdout).toMatch(/removed tenant 266's \d+ rows left on east/);
    expect(again.stdout).toMatch(/the tenant was on main already/);
    expect(await placement()).toEqual({ shard: 'main', state: 'active' });
    expect(await rowsOf(eastUrl, MOVED)).toBe(0);
    expect(compareTotals(before, await totalsOn(primaryUrl, MOVED))).toEqual([]);

    // failed once more, on the way to east: the move back to main finishes the removal first
    await expect(moveMerchant(shards(), String(MOVED), 'east', () => {}, { drainMs: 1100, beforeSourceRemoved: failOnce })).rejects.toThrow(/the removal is pending/);
    expect(await placement()).toEqual({ shard: 'east', state: 'cleanup' });
    const back = await moveMerchant(shards(), String(MOVED), 'main', () => {}, { drainMs: 1100 });
    expect(back.moved).toBe(true);
    expect(back.leftovers).toEqual([{ shard: 'main', rows: before.reduce((n, t) => n + t.rows, 0) }]);
    expect(await placement()).toEqual({ shard: 'main', state: 'active' });
    expect(await rowsOf(eastUrl, MOVED)).toBe(0);
    // counts and sums of every table equal before and after, and the tenant that stayed was not touched
    expect(compareTotals(before, await totalsOn(primaryUrl, MOVED))).toEqual([]);
    expect(compareTotals(firstBefore, await totalsOn(primaryUrl, 10139))).toEqual([]);
  }, 300_000);

  it('refuses a second move of a tenant while one runs, and resumes a move that stopped before its switch', async () => {
    const before = await totalsOn(primaryUrl, MOVED);
    // a running move holds the tenant's lock on main
    const running = new pg.Client({ connectionString: primaryUrl });
    await running.connect();
    try {
      await running.query('SELECT pg_advisory_lock(7601, $1)', [MOVED]);
      await expect(moveMerchant(shards(), String(MOVED), 'east')).rejects.toThrow(/tenant 266 is being moved already/);
    } finally {
      await running.end();
    }
    // a move killed after its copy committed on east and before its switch: marked moving, rows on both
    await sql(primaryUrl, `UPDATE tenant_shard SET state = 'moving' WHERE tenant_id = $1`, [MOVED]);
    await sql(eastUrl, `INSERT INTO import_log (tenant_id, job_id, account_id, kind, title, status, created_at) VALUES ($1, 'copied-by-a-killed-move', 1, 'export', 'x', 'done', LOCALTIMESTAMP)`, [MOVED]);
    const lines: string[] = [];
    const resumed = await moveMerchant(shards(), String(MOVED), 'main', (l) => lines.push(l));
    expect(lines[0]).toBe('tenant 266 on main: an earlier move left it marked moving; finishing that first');
    expect(resumed).toMatchObject({ moved: false, leftovers: [{ shard: 'east', rows: 1 }] });
    expect(await placement()).toEqual({ shard: 'main', state: 'active' });
    expect(await rowsOf(eastUrl, MOVED)).toBe(0);
    expect(compareTotals(before, await totalsOn(primaryUrl, MOVED))).toEqual([]);
  });
});

describe('npm run seed with HM_SHARDS', () => {
  /** The seed script as `npm run seed` runs it, on the given shards (not blocking: the servers above stay up). */
  function runSeed(mainUrl: string, shards: string, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    const child = spawn('npx', ['tsx', 'scripts/seed.ts', ...args], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, HM_DATABASE_URL: mainUrl, HM_SHARDS: shards, HM_REPLICA_URLS: '' },
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (out.stdout += d));
    child.stderr.on('data', (d) => (out.stderr += d));
    return new Promise((resolve) => child.on('close', (status) => resolve({ status, ...out })));
  }
  const placement = () => sql(primaryUrl, 'SELECT tenant_id::int AS tenant, shard, state FROM tenant_shard ORDER BY 1');

  it('refuses when any shard holds a tenant, naming the shards, and changes nothing', async () => {
    const before = await placement();
    const refused = await runSeed(primaryUrl, `east=${eastUrl}`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already holds data \(shard main, east\); run with --fresh/);
    expect(await placement()).toEqual(before);
    // an empty first shard beside a second that holds tenant 30001: refused too, before anything is seeded
    await sql(east.url, 'CREATE DATABASE seed_main');
    const emptyMain = withDatabase(east.url, 'seed_main');
    const beside = await runSeed(emptyMain, `east=${eastUrl}`);
    expect(beside.status).toBe(1);
    expect(beside.stderr).toMatch(/already holds data \(shard east\)/);
    expect(await sql(emptyMain, 'SELECT count(*)::int AS n FROM tenant')).toEqual([{ n: 0 }]);
  }, 120_000);

  it('--refresh-summaries rebuilds the summaries of every shard', async () => {
    const rows = async (url: string) => (await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM sales_org_day'))[0].n;
    const [onMain, onEast] = [await rows(primaryUrl), await rows(eastUrl)];
    expect(onEast).toBeGreaterThan(0);
    await sql(eastUrl, 'DELETE FROM sales_org_day');
    const refreshed = await runSeed(primaryUrl, `east=${eastUrl}`, '--refresh-summaries');
    expect(refreshed.status, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toMatch(/sales_org_day \(shard east\)/);
    expect([await rows(primaryUrl), await rows(eastUrl)]).toEqual([onMain, onEast]);
  }, 120_000);
});
