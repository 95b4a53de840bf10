/**
 * `npm run bench [-- --scale demo|medium|large] [--data-dir DIR] [--pg-url URL] [--runs N] [--users N]
 *                   [--rounds N] [--load-runs N] [--reports 70,142,…] [--export-rows N] [--only reports,browser,export]`
 * Prints figures side by side, measured in this one process so a busy machine slows both sides alike;
 * asserts nothing (docs/performance.md has the method and the figures).
 *  0. the data actually measured: sales lines and orders per database (not the --scale asked for);
 *  1. each report's default query, data + totals through the real HTTP routes, against the screen
 *     statement the compiler made for it run bare, and (report 70 over two month windows) against a
 *     hand-written one-pass SQL kept here;
 *  2. with --pg-url: the same on PostgreSQL, and the PostgreSQL / DuckDB ratio;
 *  3. 50 users at once, each opening screens through the routes, against the same screens' SQL run by
 *     50 callers on the same scan pool (the raw-SQL floor): one load of each to warm up, then
 *     --load-runs loads of each, alternating; medians;
 *  4. browser: the built SPA in headless Chromium (login page weight, 查询 → rows painted); bench/browser.ts;
 *  5. export: N rows × 10 columns into xlsx beside DuckDB's COPY to csv (time, peak RSS); bench/export.ts.
 * `--only reports,browser,export` picks sections (reports covers 0–3).
 * The DuckDB database is the one in --data-dir (seeded at --scale when empty; default a temp folder at demo);
 * the PostgreSQL one is seeded at --scale when empty.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { openDuckDb } from '../server/db/duckdb';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { fillEmptySummaries } from '../server/report/summary-refresh';
import type { Db } from '../server/db/types';
import { buildServer } from '../server/app';
import { md5Hex } from '../server/auth/password';
import { resolveToken, type ServerSession } from '../server/auth/session';
import { initialRequest } from '../engine/query';
import { todayIn } from '../engine/dates';
import { addDays } from '../server/report/day-math';
import type { Statement } from '../server/report/types';
import { MAX_PAGE, PAGE_SIZES, type ReportQuery } from '../engine/wire';
import { benchBrowser } from './bench/browser';
import { benchExport } from './bench/export';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    'pg-url': { type: 'string' },
    runs: { type: 'string', default: '9' },
    users: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '4' },
    'load-runs': { type: 'string', default: '3' },
    'load-report': { type: 'string', default: '142' },
    'export-rows': { type: 'string', default: '1000000' },
    reports: { type: 'string', default: '70,102,142,166,60,107' },
    only: { type: 'string', default: 'reports,browser,export' },
  },
});

const runs = Number(args.runs);
const loadRuns = Number(args['load-runs']);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;


/** The first and last day of the month `back` months before today's. */
function monthOf(today: string, back: number): [string, string] {
  const [y, m] = today.split('-').map(Number);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return [iso(new Date(Date.UTC(y, m - 1 - back, 1))), addDays(iso(new Date(Date.UTC(y, m - back, 1))), -1)];
}

const today = todayIn(new Date());
const [m1s, m1e] = monthOf(today, 1);
const [m2s, m2e] = monthOf(today, 2);

const RANGE = 'BETWEEN CAST($3 AS DATE) AND CAST($2 AS DATE)';

/**
 * Report 70 (store gross margin) over last month and the one before, written by hand as one pass over
 * `from`, whose alias `a` carries the tenant, organisation and business date.
 */
const hand70 = (from: string, sales: string, cost: string, dates: string) => `
  SELECT a.org_code, org.org_name,
         SUM(CASE WHEN a.business_date >= CAST($1 AS DATE) THEN ${sales} ELSE 0 END) AS sales,
         SUM(CASE WHEN a.business_date >= CAST($1 AS DATE) THEN ${cost} ELSE 0 END) AS cost,
         SUM(CASE WHEN a.business_date < CAST($1 AS DATE) THEN ${sales} ELSE 0 END) AS sales_2,
         SUM(CASE WHEN a.business_date < CAST($1 AS DATE) THEN ${cost} ELSE 0 END) AS cost_2
    FROM ${from}
    LEFT JOIN organisation org ON org.tenant_id = a.tenant_id AND org.org_code = a.org_code
   WHERE a.tenant_id = CAST($4 AS BIGINT) AND ${dates}
   GROUP BY GROUPING SETS ((a.org_code, org.org_name), ())`;

/** Over the facts: the orders and their lines, both filtered by date. */
const HAND_70 = hand70(
  'sales_order_all a JOIN sales_order_item_all i ON i.tenant_id = a.tenant_id AND i.order_no = a.order_no',
  'i.sale_amount',
  'i.cost_amount',
  `a.business_date ${RANGE} AND i.business_date ${RANGE}`,
);

/** The same question over the sales summary (migration 019): what the API's statement reads for report 70. */
const HAND_70_SUMMARY = hand70('sales_org_day a', 'a.sales', 'a.cost', `a.business_date ${RANGE}`);

interface Side {
  name: string;
  db: Db;
  app: FastifyInstance;
  /** the same server with the report summaries off: every query reads the facts */
  facts: FastifyInstance;
  headers: Record<string, string>;
  session: ServerSession;
}

async function open(name: string, db: Db): Promise<Side> {
  await migrate(db);
  const started = Date.now();
  const seeded = await seedIfEmpty(db, { scale: args.scale as 'demo' | 'medium' | 'large', onProgress: () => {} });
  if (seeded) console.log(`${name}: seeded at ${args.scale} scale in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildServer({ db, config: { staticDir: '/nonexistent' } });
  await app.ready();
  // as the server does at start: a database seeded before a summary existed gets it filled
  for (const f of await fillEmptySummaries(db, app.reports.catalogue)) console.log(`${name}: summary ${f.table} filled (${f.rows.toLocaleString()} rows)`);
  const facts = await buildServer({ db, config: { staticDir: '/nonexistent', reportSummaries: false } });
  await facts.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { merchant_no: '10139', username: 'admin', password: md5Hex('Demo@2026'), client: 'HMT' },
  });
  const token = login.json().data.token as string;
  const session = (await resolveToken(db, token, 12))!;
  return { name, db, app, facts, headers: { authorization: `Bearer ${token}` }, session };
}

async function describeData(side: Side): Promise<void> {
  const [lines] = await side.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sales_order_item_all');
  const [orders] = await side.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM sales_order_all');
  const [span] = await side.db.query<{ lo: string; hi: string }>('SELECT MIN(business_date) AS lo, MAX(business_date) AS hi FROM sales_order_all');
  console.log(`  ${side.name}: ${lines.n.toLocaleString()} sales lines, ${orders.n.toLocaleString()} orders, ${span.lo} … ${span.hi}`);
}

/** Times `fn` `runs` times after one warm-up; the median. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function queryOf(side: Side, id: number): Promise<ReportQuery | null> {
  const config = await side.app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers: side.headers });
  if (config.statusCode !== 200) return null;
  const query = initialRequest(config.json().data, today);
  return id === 70 ? { ...query, date_start: m1s, date_end: m1e, date_start_2: m2s, end_2: m2e } : query;
}

function screen(side: Side, query: ReportQuery, app = side.app): Promise<unknown> {
  const url = `/api/reports/${query.table_id}`;
  return Promise.all([
    app.inject({ method: 'POST', url: `${url}/data`, headers: side.headers, payload: query }),
    app.inject({ method: 'POST', url: `${url}/totals`, headers: side.headers, payload: query }),
  ]);
}

function statementOf(side: Side, query: ReportQuery, app = side.app): Statement {
  const { compiled } = app.reports.prepare(side.session, Number(query.table_id), query);
  return compiled.screen ?? compiled.page;
}

/** Per report: API median, its own SQL, (70) the hand-written SQL. */
async function reportFigures(side: Side, ids: number[]): Promise<{ api: Map<number, number>; factsApi: Map<number, number> }> {
  const api = new Map<number, number>();
  const factsApi = new Map<number, number>();
  console.log(`\n${side.name}: data + totals through the routes vs the statement alone (median of ${runs})`);
  for (const id of ids) {
    const query = await queryOf(side, id);
    if (!query) {
      console.log(`  report ${id}: no config`);
      continue;
    }
    const stmt = statementOf(side, query);
    const apiMs = await timed(() => screen(side, query));
    const ownMs = await timed(() => side.db.scan(stmt.sql, stmt.params));
    api.set(id, apiMs);
    let line = `  report ${id}: API ${ms(apiMs)} | its SQL ${ms(ownMs)} (API ${(apiMs / ownMs).toFixed(2)}×)`;
    if (id === 70) {
      const values = [m1s, m1e, m2s, side.session.tenant_id];
      const handMs = await timed(() => side.db.scan(HAND_70, values));
      line += ` | hand-written one pass ${ms(handMs)} (API ${(apiMs / handMs).toFixed(2)}×, its SQL ${(ownMs / handMs).toFixed(2)}×)`;
      const overSummary = statementOf(side, query).sql.includes('sales_org_day');
      const summaryMs = await timed(() => side.db.scan(HAND_70_SUMMARY, values));
      line += `\n    ${overSummary ? 'reads the summary' : 'reads the facts'}; hand-written over the summary ${ms(summaryMs)} (API ${(apiMs / summaryMs).toFixed(2)}×)`;
      const factsStmt = statementOf(side, query, side.facts);
      const factsApiMs = await timed(() => screen(side, query, side.facts));
      factsApi.set(id, factsApiMs);
      const factsOwnMs = await timed(() => side.db.scan(factsStmt.sql, factsStmt.params));
      line += `\n    summaries off: API ${ms(factsApiMs)} | its SQL ${ms(factsOwnMs)} (API / hand-written over the facts ${(factsApiMs / handMs).toFixed(2)}×)`;
    }
    console.log(line);
  }
  return { api, factsApi };
}

/**
 * `users` callers, each doing `rounds` of `work`; screens per second, p95 of one call, and this
 * process's CPU time per call (user + system: what the server's thread spends per screen).
 */
async function load(users: number, rounds: number, work: () => Promise<unknown>): Promise<{ perSec: number; p95: number; errors: number; cpuMs: number }> {
  const times: number[] = [];
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: users }, async () => {
      for (let r = 0; r < rounds; r++) {
        const t = performance.now();
        try {
          await work();
        } catch {
          errors++;
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { perSec: (users * rounds) / secs, p95: percentile(times, 95), errors, cpuMs: (cpu.user + cpu.system) / 1000 / (users * rounds) };
}

/**
 * Counts the scans the server runs until `stop` (a screen's /data and /totals should share one):
 * the server holds this same handle, so wrapping its `scan` sees every report statement.
 */
function countScans(db: Db): { stop: () => number } {
  const scan = db.scan;
  let n = 0;
  (db as { scan: Db['scan'] }).scan = (sql, params) => {
    n++;
    return scan(sql, params);
  };
  return {
    stop: () => {
      (db as { scan: Db['scan'] }).scan = scan;
      return n;
    },
  };
}

/**
 * Every screen asks its own page, so no two screens are the same statement (not even one user's
 * second round beside another's first): identical screens would share one pass (in-flight
 * de-duplication) and flatter the API against the floor.
 */
async function loadFigures(side: Side): Promise<void> {
  const users = Number(args.users);
  const rounds = Number(args.rounds);
  const base = await queryOf(side, Number(args['load-report']));
  if (!base) return;
  const calls = users * rounds;
  // page numbers stop at MAX_PAGE; past that the page size differs (a page of at most 100 rows)
  const sizes = PAGE_SIZES.filter((n) => n <= 100);
  const queries = Array.from({ length: calls }, (_, i) => ({
    ...base,
    page_num: 1 + (i % MAX_PAGE),
    page_size: i < MAX_PAGE ? base.page_size : sizes[Math.floor(i / MAX_PAGE) % sizes.length],
  }));
  const statements = queries.map((q) => statementOf(side, q));
  let failed = 0;
  let scanned = 0;
  const apiLoad = async () => {
    let i = 0;
    const scans = countScans(side.db);
    const result = await load(users, rounds, async () => {
      const answers = (await screen(side, queries[i++ % calls])) as { statusCode: number }[];
      if (answers.some((a) => a.statusCode !== 200)) failed++;
    });
    scanned += scans.stop();
    return result;
  };
  const floorLoad = () => {
    let i = 0;
    return load(users, rounds, () => {
      const st = statements[i++ % calls];
      return side.db.scan(st.sql, st.params);
    });
  };
  // one load of each first, not counted: the first load of a side also warms the code it runs
  await apiLoad();
  await floorLoad();
  const api: Awaited<ReturnType<typeof load>>[] = [];
  const floor: Awaited<ReturnType<typeof load>>[] = [];
  scanned = 0;
  for (let r = 0; r < loadRuns; r++) {
    api.push(await apiLoad());
    floor.push(await floorLoad());
  }
  const perSec = (xs: typeof api) => median(xs.map((x) => x.perSec));
  const p95 = (xs: typeof api) => median(xs.map((x) => x.p95));
  const cpuMs = (xs: typeof api) => median(xs.map((x) => x.cpuMs)).toFixed(2);
  const errors = api.reduce((n, x) => n + x.errors, failed);
  console.log(
    `\n${side.name}: ${users} users × ${rounds} screens of report ${base.table_id} (each screen its own page; median of ${loadRuns} alternating loads after one of each): ` +
      `API ${perSec(api).toFixed(2)} screens/s, p95 ${ms(p95(api))}, ${errors} errors, ${(scanned / (calls * loadRuns)).toFixed(2)} scans a screen | ` +
      `raw SQL on the same scan pool ${perSec(floor).toFixed(2)}/s, p95 ${ms(p95(floor))} (API ${(perSec(api) / perSec(floor)).toFixed(2)}× the floor's throughput; ` +
      `per load ${api.map((a, k) => (a.perSec / floor[k].perSec).toFixed(2)).join(', ')}); ` +
      `this process's CPU per screen: API ${cpuMs(api)} ms, raw SQL ${cpuMs(floor)} ms`,
  );
}

// every DuckDB call holds a libuv thread while it runs; `npm run bench` sets 16 as `npm start` does
if (!process.env.UV_THREADPOOL_SIZE) console.warn('UV_THREADPOOL_SIZE is not set: DuckDB calls share 4 libuv threads, unlike `npm start`');

const ids = args.reports!.split(',').map(Number);
const sections = new Set(args.only!.split(','));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'hm-bench-'));
const duck = await open('DuckDB', await openDuckDb(join(dataDir, 'hm.duckdb')));
const pg = args['pg-url'] ? await open('PostgreSQL', await openPostgres(args['pg-url'])) : null;

console.log(`\ndata measured (--scale ${args.scale} only seeds an empty database; today ${today}; report 70 over ${m1s}…${m1e} vs ${m2s}…${m2e}):`);
console.log(`  DuckDB file ${mb(statSync(join(dataDir, 'hm.duckdb')).size)}`);
await describeData(duck);
if (pg) await describeData(pg);

if (sections.has('reports')) {
  const duckApi = await reportFigures(duck, ids);
  if (pg) {
    const pgApi = await reportFigures(pg, ids);
    console.log('\nPostgreSQL / DuckDB, API data + totals:');
    for (const id of ids) {
      const d = duckApi.api.get(id);
      const p = pgApi.api.get(id);
      if (d && p) console.log(`  report ${id}: ${ms(p)} / ${ms(d)} = ${(p / d).toFixed(2)}×`);
      const df = duckApi.factsApi.get(id);
      const pf = pgApi.factsApi.get(id);
      if (df && pf) console.log(`  report ${id}, summaries off: ${ms(pf)} / ${ms(df)} = ${(pf / df).toFixed(2)}×`);
    }
  }

  await loadFigures(duck);
  if (pg) await loadFigures(pg);
}

await duck.app.close();
await duck.facts.close();
if (pg) {
  await pg.app.close();
  await pg.facts.close();
  await pg.db.close();
}

if (sections.has('browser')) await benchBrowser({ db: duck.db, staticDir: join(ROOT, 'dist', 'app'), runs: 7, reportId: 70, chips: ['一级类目', '品牌'], log: console.log });
if (sections.has('export')) await benchExport({ db: duck.db, dir: dataDir, rows: Number(args['export-rows']), log: console.log });

await duck.db.close();
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
