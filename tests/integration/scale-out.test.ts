/**
 * Scale-out on real clusters, all throwaway on loopback: a primary, its hot standby made by
 * `pg_basebackup -R`, and a second primary (shard `east`).
 * - Report scans and export cursors read from the standby; writes and transactions stay on the
 *   primary; a stopped or lagging standby leaves the primary answering without an error.
 * - The catalogue shows every tenant table distributable by tenant_id (Citus).
 * - Tenants move between the clusters losing nothing, and one server serves each from its shard.
 * The primary gets a copy of the seeded test template (PostgreSQL run) or is migrated and seeded here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import type { Db, ReplicaHealth } from '../../server/db/types';
import { initialRequest } from '../../engine/query';
import type { ReportConfig } from '../../engine/wire';
import { today } from '../../server/clock';
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
  const [{ lsn }] = await sql<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
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
    const inRecovery = async (rows: AsyncIterable<{ rows?: unknown; columns?: readonly (readonly unknown[])[] }>) => {
      const seen: unknown[] = [];
      for await (const chunk of rows) seen.push(chunk.columns ? chunk.columns[0][0] : (chunk as unknown as { r: boolean }[])[0].r);
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

  async function rowsOf(url: string, tenantId: number): Promise<number> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const totals = await tenantTotals(c, await tenantTables(c), tenantId);
      return totals.reduce((n, t) => n + t.rows, 0);
    } finally {
      await c.end();
    }
  }

  async function totalsOn(url: string, tenantId: number): Promise<TableTotals[]> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await tenantTotals(c, await tenantTables(c), tenantId);
    } finally {
      await c.end();
    }
  }

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
  });

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

  it('moves it back the same way', async () => {
    const before = await totalsOn(eastUrl, SECOND);
    await moveMerchant(shards(), '266', 'main');
    expect(compareTotals(before, await totalsOn(primaryUrl, SECOND))).toEqual([]);
    expect(await rowsOf(eastUrl, SECOND)).toBe(0);
    // the server follows the map: tenant 266 is answered from main again, with the same numbers
    await new Promise((r) => setTimeout(r, 1100));
    const again = await report70(routed, (await login(routed, 'admin', 'HMT', '266')).token);
    expect(again.body.data).toEqual(baseline['266']);
  });
});
