/**
 * Per-screen cost on a streaming standby against the primary, side by side: the same report screens
 * (default query, data + totals through the real HTTP routes) on a server whose scans read from the
 * standby and on one whose scans read from the primary, timed alternately in rounds (ab.ts).
 * Standalone: `npx tsx scripts/bench/replicas.ts [--primary URL --standby URL] [--runs N] [--reports 70,102]`;
 * without URLs it starts a throwaway primary and a `pg_basebackup -R` standby and seeds the demo data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { initialRequest } from '../../engine/query';
import type { ReportConfig } from '../../engine/wire';
import { buildServer } from '../../server/app';
import { md5Hex } from '../../server/auth/password';
import { today } from '../../server/clock';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { seed } from '../../server/db/seed';
import type { Db } from '../../server/db/types';
import { startPgCluster, startStandby, type PgCluster } from '../lib/pg-cluster';
import { interleaved, msSpread, ratioLine, spread } from './ab';

export interface ReplicaBenchOptions {
  primaryUrl: string;
  standbyUrl: string;
  runs: number;
  reports: number[];
  log?: (line: string) => void;
}

/** The target: a screen answered by a standby costs at most 1.1× the same screen on the primary. */
export const STANDBY_TARGET = 1.1;

async function server(db: Db, filesDir: string): Promise<{ app: FastifyInstance; token: string }> {
  const app = await buildServer({ db, config: { staticDir: '/nonexistent', filesDir } });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { merchant_no: '10139', username: 'admin', password: md5Hex('Demo@2026'), client: 'HMT' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { app, token: res.json().data.token };
}

/** One screen: data and totals of the page's first query, as the page asks for them. */
function screen(app: FastifyInstance, token: string, id: number, body: object): () => Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  return async () => {
    const [data, totals] = await Promise.all([
      app.inject({ method: 'POST', url: `/api/reports/${id}/data`, headers, payload: body }),
      app.inject({ method: 'POST', url: `/api/reports/${id}/totals`, headers, payload: body }),
    ]);
    if (data.statusCode !== 200 || totals.statusCode !== 200) throw new Error(`report ${id}: ${data.statusCode}/${totals.statusCode}`);
  };
}

/** Wraps a screen to add up the API process's CPU time it takes (one screen at a time, so it is its own). */
function metered(run: () => Promise<void>): { run: () => Promise<void>; cpuMs: () => number } {
  let micros = 0;
  let calls = 0;
  return {
    run: async () => {
      const start = process.cpuUsage();
      await run();
      const used = process.cpuUsage(start);
      micros += used.user + used.system;
      calls++;
    },
    cpuMs: () => micros / 1000 / calls,
  };
}

/**
 * Prints, per report, the screen's median time on the standby and on the primary and their ratio, and
 * how that time splits: CPU of the API process per screen, and the rest (waiting on the database; an
 * upper bound of the database's CPU per screen, since one screen runs at a time).
 */
export async function benchReplicas(o: ReplicaBenchOptions): Promise<void> {
  const log = o.log ?? console.log;
  const filesDir = mkdtempSync(join(tmpdir(), 'hm-bench-replicas-'));
  const onPrimary = await openPostgres(o.primaryUrl);
  const onStandby = await openPostgres(o.primaryUrl, undefined, undefined, { urls: [o.standbyUrl], maxLagSeconds: 5 });
  try {
    const health = onStandby.replicaHealth?.() ?? [];
    if (health[0]?.status !== 'ok') throw new Error(`the standby is not usable: ${JSON.stringify(health)}`);
    const p = await server(onPrimary, filesDir);
    const s = await server(onStandby, filesDir);
    log(`replicas: report screens (data + totals) on the standby vs the primary, ${o.runs} rounds each`);
    for (const id of o.reports) {
      const cfg = (await p.app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers: { authorization: `Bearer ${p.token}` } })).json()
        .data as ReportConfig;
      const body = initialRequest(cfg, today()) as object;
      const standby = metered(screen(s.app, s.token, id, body));
      const primary = metered(screen(p.app, p.token, id, body));
      const times = await interleaved({ standby: standby.run, primary: primary.run }, o.runs);
      log(`  report ${id}: standby ${msSpread(times.standby)} | primary ${msSpread(times.primary)} | standby/primary ${ratioLine(times.standby, times.primary, STANDBY_TARGET)}`);
      const api = (standby.cpuMs() + primary.cpuMs()) / 2;
      const db = spread(times.standby).median - standby.cpuMs();
      log(`    per screen: API CPU ${api.toFixed(1)} ms (${(1000 / api).toFixed(0)} screens/s per API core), database ≤ ${db.toFixed(1)} ms (≥ ${(1000 / Math.max(db, 0.1)).toFixed(0)} screens/s per standby core)`);
    }
    await p.app.close();
    await s.app.close();
  } finally {
    await onStandby.close();
    await onPrimary.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

/** A throwaway primary with the demo data and its standby, caught up. */
async function throwawayPair(log: (line: string) => void): Promise<{ primary: PgCluster; standby: PgCluster; primaryUrl: string; standbyUrl: string }> {
  const primary = await startPgCluster();
  const standby = await startStandby(primary);
  log('replicas: seeding the demo data on a throwaway primary (streams to its standby)');
  const db = await openPostgres(primary.url);
  await migrate(db);
  await seed(db, { scale: 'demo' });
  // as after autovacuum in service: a standby cannot keep the hint bits it sets, so a bulk load read
  // before its first vacuum costs the standby more than the primary
  await db.exec('VACUUM (FREEZE, ANALYZE)');
  const [{ lsn }] = await db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  await db.close();
  const check = await openPostgres(standby.url);
  try {
    for (;;) {
      const [r] = await check.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]);
      if (r.done) break;
      await new Promise((res) => setTimeout(res, 200));
    }
  } finally {
    await check.close();
  }
  return { primary, standby, primaryUrl: primary.url, standbyUrl: standby.url };
}

/** The replica bench on the given pair, or on a throwaway primary and standby made for it. */
export async function benchReplicasOn(o: Omit<ReplicaBenchOptions, 'primaryUrl' | 'standbyUrl'> & { primaryUrl?: string; standbyUrl?: string }): Promise<void> {
  const log = o.log ?? console.log;
  const pair = o.primaryUrl && o.standbyUrl ? null : await throwawayPair(log);
  try {
    await benchReplicas({ ...o, primaryUrl: o.primaryUrl ?? pair!.primaryUrl, standbyUrl: o.standbyUrl ?? pair!.standbyUrl });
  } finally {
    pair?.standby.stop();
    pair?.primary.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      primary: { type: 'string' },
      standby: { type: 'string' },
      runs: { type: 'string', default: '21' },
      reports: { type: 'string', default: '70,102,142,166' },
    },
  });
  const reports = values.reports.split(',').map(Number);
  const runs = Number(values.runs);
  if ((values.primary === undefined) !== (values.standby === undefined)) {
    console.error('give both --primary and --standby, or neither');
    process.exit(2);
  }
  await benchReplicasOn({ primaryUrl: values.primary, standbyUrl: values.standby, runs, reports });
}
