/**
 * `npm run bench [-- --scale demo|medium|large] [--data-dir DIR] [--pg-url URL] [--runs N] [--users N]
 *                   [--load-seconds S] [--load-runs N] [--load-reports 70,102,…] [--reports 70,142,…]
 *                   [--export-rows N] [--ingest-lines N] [--seed-scale large] [--only reports,load,writes,browser,export,close,ingest,seed]
 *                   [--replicas [--primary-url URL --standby-url URL]]`
 * Prints figures side by side, measured in this one process so a busy machine slows both sides alike;
 * asserts nothing (docs/performance.md has the method and the figures). Sides compared are timed
 * alternately in rounds, the order rotating (bench/ab.ts), and printed as medians with p25–p75;
 * a target row prints its ratio, spread, rounds and whether it meets its target.
 *  0. the data actually measured: sales lines and orders per database (not the --scale asked for);
 *  1. reports: each report's default query, data + totals through the real HTTP routes, against the
 *     screen statement the compiler made for it run bare (--runs rounds); report 70 over two month
 *     windows also against the same screen written by hand (bench/hand70.ts: checked to give the same
 *     answer first), over the summary and over the facts, with the summaries on and off: the two
 *     target rows; the grouped sums alone are printed beside them; reports 182, 77 and 147 against the
 *     fastest statement we could write by hand for their screens (bench/hand182.ts, hand77.ts,
 *     hand147.ts, each checked to answer the same);
 *  2. with --pg-url: the same on PostgreSQL, and the PostgreSQL / DuckDB ratio;
 *  3w. writes: one receipt approval beside the same writes done directly, 8 stores approving at once
 *     (locking what postings touch vs the whole tenant), two tenants at once, a day of sales posted in
 *     bulk beside its ledger rows inserted directly; bench/writes.ts;
 *  3. load: --users users at once on several reports (--load-reports), every screen its own query,
 *     for --load-seconds a load, against the same screens' SQL run by as many callers on the same
 *     scan pool (the raw-SQL floor): one short load of each to warm up, then --load-runs rounds;
 *  4. browser: the built SPA in headless Chromium (login page weight, 查询 → rows painted, quiet and
 *     under load, the paint after the answer against its target); bench/browser.ts;
 *  5. export: N rows × 10 columns into xlsx beside DuckDB's COPY to csv (time, peak RSS); bench/export.ts;
 *  6. close: the daily close of a day beside the same writes done directly, day after day; bench/close.ts;
 *  7. ingest: npm run load of --ingest-lines sales lines (checks, posting, summaries) beside DuckDB reading the
 *     same files into the same tables with no check (INSERT … SELECT FROM read_csv); bench/ingest.ts;
 *  8. seed: a fresh seed at --seed-scale against its two-minute target; bench/seed.ts;
 *  9. with --replicas: report screens on a PostgreSQL standby beside the primary (a throwaway pair made
 *     with pg_basebackup unless both URLs are given); bench/replicas.ts.
 * The DuckDB database is the one in --data-dir (seeded at --scale when empty; default a temp folder at demo);
 * the PostgreSQL one is seeded at --scale when empty.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
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
import type { ReportQuery } from '../engine/wire';
import { benchBrowser } from './bench/browser';
import { benchClose } from './bench/close';
import { benchIngest, benchPush } from './bench/ingest';
import { benchExport } from './bench/export';
import { benchReplicasOn } from './bench/replicas';
import { benchSeed } from './bench/seed';
import { benchWrites } from './bench/writes';
import type { Scale } from '../server/db/seed';
import { interleaved, msSpread, ratioLine, rotation, spread } from './bench/ab';
import { bareSql, FACTS, screenDifference, screenSql, SUMMARY } from './bench/hand70';
import { screenDifference182, screenSql182, values182 } from './bench/hand182';
import { screenDifference77, screenSql77, values77 } from './bench/hand77';
import { screenDifference147, screenSql147, values147 } from './bench/hand147';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    'pg-url': { type: 'string' },
    runs: { type: 'string', default: '31' },
    users: { type: 'string', default: '50' },
    'load-seconds': { type: 'string', default: '20' },
    'load-runs': { type: 'string', default: '3' },
    'load-reports': { type: 'string', default: '70,102,142,166' },
    'export-rows': { type: 'string', default: '1000000' },
    reports: { type: 'string', default: '70,102,142,166,60,107,182,77,147' },
    only: { type: 'string', default: 'reports,load,writes,browser,export,close,ingest,seed' },
    'ingest-lines': { type: 'string', default: '1000000' },
    'seed-scale': { type: 'string', default: 'large' },
    replicas: { type: 'boolean', default: false },
    'primary-url': { type: 'string' },
    'standby-url': { type: 'string' },
  },
});

const abRounds = Number(args.runs);
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

/** Target of report 70's compiled statement over the summary / the hand-written query over the same summary. */
const TARGET_SUMMARY = 1.3;
/** Target of report 70 with the summaries off, through the routes / the hand-written one pass over the facts. */
const TARGET_FACTS = 1.15;
/** Target of a default screen's statement / the fastest correct statement written by hand (issue 35). */
const TARGET_SCREEN = 1.3;

const scanOf = (side: Side, st: Statement) => () => side.db.scan(st.sql, st.params);

/**
 * Per report: data + totals through the routes beside its own statement, alternately in rounds.
 * Report 70 also against the hand-written one pass over the source its statement reads (the target
 * rows), the other source beside it.
 */
async function reportFigures(side: Side, ids: number[]): Promise<{ api: Map<number, number>; factsApi: Map<number, number> }> {
  const api = new Map<number, number>();
  const factsApi = new Map<number, number>();
  console.log(`\n${side.name}: data + totals through the routes vs the statement alone (${abRounds} rounds, order rotating; medians, p25–p75)`);
  for (const id of ids) {
    const query = await queryOf(side, id);
    if (!query) {
      console.log(`  report ${id}: no config`);
      continue;
    }
    const stmt = statementOf(side, query);
    const reference = HAND_WRITTEN[id];
    if (reference) {
      api.set(id, await againstHand(side, id, reference, query, stmt));
      continue;
    }
    if (id !== 70) {
      const t = await interleaved({ api: () => screen(side, query), sql: scanOf(side, stmt) }, abRounds);
      api.set(id, spread(t.api).median);
      console.log(`  report ${id}: API ${msSpread(t.api)} | its SQL ${msSpread(t.sql)} | API / its SQL ${ratioLine(t.api, t.sql)}`);
      continue;
    }
    const values = [m1s, m1e, m2s, side.session.tenant_id];
    const screenValues = [...values, query.page_size];
    const factsStmt = statementOf(side, query, side.facts);
    const overSummary = stmt.sql.includes('sales_org_day');
    // the hand-written screens are references only if they answer what the compiled statements answer
    const compiledRows = await side.db.scan(stmt.sql, stmt.params);
    for (const [what, source] of [['summary', SUMMARY], ['facts', FACTS]] as const) {
      const differs = screenDifference(compiledRows, await side.db.scan(screenSql(source), screenValues));
      if (differs) throw new Error(`report 70: the hand-written screen over the ${what} answers differently (${differs})`);
    }
    const t = await interleaved(
      {
        api: () => screen(side, query),
        sql: scanOf(side, stmt),
        handSummary: () => side.db.scan(screenSql(SUMMARY), screenValues),
        bareSummary: () => side.db.scan(bareSql(SUMMARY), values),
        factsApi: () => screen(side, query, side.facts),
        factsSql: scanOf(side, factsStmt),
        handFacts: () => side.db.scan(screenSql(FACTS), screenValues),
        bareFacts: () => side.db.scan(bareSql(FACTS), values),
      },
      abRounds,
    );
    api.set(id, spread(t.api).median);
    factsApi.set(id, spread(t.factsApi).median);
    console.log(
      `  report 70 (${overSummary ? 'reads the summary' : 'reads the facts'}): API ${msSpread(t.api)} | its SQL ${msSpread(t.sql)} | ` +
        `hand-written screen over the summary ${msSpread(t.handSummary)} | its grouped sums alone ${msSpread(t.bareSummary)}\n` +
        `    summaries off: API ${msSpread(t.factsApi)} | its SQL ${msSpread(t.factsSql)} | hand-written screen over the facts ${msSpread(t.handFacts)} | its grouped sums alone ${msSpread(t.bareFacts)}\n` +
        '    (a hand-written screen gives the same answer as the compiled statement, checked before timing: one page of stores by sales, every measure, the totals row and the store count)',
    );
    const source = overSummary ? 'summary' : 'facts';
    const [hand, bare, other] = overSummary ? [t.handSummary, t.bareSummary, t.handFacts] : [t.handFacts, t.bareFacts, t.handSummary];
    console.log(`  TARGET report 70's statement / hand-written screen over the ${source}: ${ratioLine(t.sql, hand, TARGET_SUMMARY)}`);
    console.log(
      `    beside it: its statement / the ${source}'s grouped sums alone ${ratioLine(t.sql, bare)}; API / the hand-written screen ${ratioLine(t.api, hand)}; ` +
        `its statement / hand-written screen over the ${overSummary ? 'facts' : 'summary'} ${ratioLine(t.sql, other)}`,
    );
    console.log(`  TARGET report 70, summaries off, API / hand-written screen over the facts: ${ratioLine(t.factsApi, t.handFacts, TARGET_FACTS)}`);
    console.log(`    beside it: API / the facts' grouped sums alone ${ratioLine(t.factsApi, t.bareFacts)}; its statement / the hand-written screen ${ratioLine(t.factsSql, t.handFacts)}`);
  }
  return { api, factsApi };
}

/** A screen written by hand: its statement, its values for the screen's query, and the check that it answers the same. */
interface HandWritten {
  what: string;
  sql: string;
  values: (tenant: number, query: ReportQuery) => unknown[];
  difference: (compiled: Record<string, unknown>[], hand: Record<string, unknown>[]) => string | null;
}

const rangeOf = (query: ReportQuery) => [String(query.date_start), String(query.date_end), Number(query.page_size)] as const;

/** The default screens timed against the fastest correct statement we could write by hand for them. */
const HAND_WRITTEN: Record<number, HandWritten> = {
  182: { what: 'stores × months over sales, receipts and stock snapshots', sql: screenSql182, values: (t, q) => values182(t, ...rangeOf(q)), difference: screenDifference182 },
  77: { what: 'returns by store and reason, the return rate on the totals row', sql: screenSql77, values: (t, q) => values77(t, ...rangeOf(q)), difference: screenDifference77 },
  147: { what: 'members ranked by spend', sql: screenSql147, values: (t, q) => values147(t, ...rangeOf(q)), difference: screenDifference147 },
};

/**
 * A report through the routes, its statement and the statement written by hand for its screen
 * (bench/hand*.ts), checked to answer the same first; the API's median.
 */
async function againstHand(side: Side, id: number, hand: HandWritten, query: ReportQuery, stmt: Statement): Promise<number> {
  const values = hand.values(side.session.tenant_id, query);
  const differs = hand.difference(await side.db.scan(stmt.sql, stmt.params), await side.db.scan(hand.sql, values));
  if (differs) throw new Error(`report ${id}: the hand-written statement answers differently (${differs})`);
  const t = await interleaved({ api: () => screen(side, query), sql: scanOf(side, stmt), hand: () => side.db.scan(hand.sql, values) }, abRounds);
  console.log(`  report ${id} (${hand.what}): API ${msSpread(t.api)} | its SQL ${msSpread(t.sql)} | hand-written statement ${msSpread(t.hand)} (same answer, checked before timing)`);
  console.log(`  TARGET report ${id}'s statement / hand-written statement: ${ratioLine(t.sql, t.hand, TARGET_SCREEN)}`);
  return spread(t.api).median;
}

/**
 * `users` callers, each running `work` until `seconds` have passed; screens per second, p95 of one
 * call, and this process's CPU time per call (user + system: what the server's thread spends per screen).
 */
async function load(users: number, seconds: number, work: (i: number) => Promise<unknown>): Promise<{ perSec: number; p95: number; errors: number; cpuMs: number; calls: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await work(next++);
        } catch {
          errors++;
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const calls = times.length;
  return { perSec: calls / secs, p95: percentile(times, 95), errors, cpuMs: (cpu.user + cpu.system) / 1000 / calls, calls };
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

const DATE_KEY = /^(date_start|date_end|date_start_\d|date_end_\d|end_\d)$/;

/** The query with every date of its ranges `days` earlier (the ranges keep their length and gaps). */
function shifted(query: ReportQuery, days: number): ReportQuery {
  const out: Record<string, unknown> = { ...query };
  for (const [k, v] of Object.entries(query)) {
    if (DATE_KEY.test(k) && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) out[k] = addDays(v.slice(0, 10), -days) + v.slice(10);
  }
  return out as unknown as ReportQuery;
}

/**
 * Several reports, each screen its own query: the date ranges shifted by 0…27 days and the page
 * moving, so no two screens in flight are the same statement (identical screens would share one
 * pass, in-flight de-duplication, and flatter the API against the floor).
 */
async function loadQueries(side: Side, ids: number[]): Promise<ReportQuery[]> {
  const bases = (await Promise.all(ids.map((id) => queryOf(side, id)))).filter((q): q is ReportQuery => q !== null);
  const out: ReportQuery[] = [];
  for (let i = 0; i < 28 * 5; i++) {
    for (const base of bases) out.push({ ...shifted(base, i % 28), page_num: 1 + Math.floor(i / 28) });
  }
  return out;
}

/**
 * N users on the routes against the same screens' statements run by N callers on the same scan pool
 * (the raw-SQL floor), each load `--load-seconds` long; one short load of each first, not counted,
 * then `--load-runs` rounds of both, the order rotating.
 */
async function loadFigures(side: Side): Promise<void> {
  const users = Number(args.users);
  const seconds = Number(args['load-seconds']);
  const ids = args['load-reports']!.split(',').map(Number);
  const queries = await loadQueries(side, ids);
  if (!queries.length) return;
  const statements = new Map<number, Statement>();
  const statement = (i: number) => {
    const k = i % queries.length;
    let st = statements.get(k);
    if (!st) statements.set(k, (st = statementOf(side, queries[k])));
    return st;
  };
  queries.forEach((_, i) => statement(i));
  let failed = 0;
  const sides = {
    api: async (secs: number) => {
      const scans = countScans(side.db);
      const result = await load(users, secs, async (i) => {
        const answers = (await screen(side, queries[i % queries.length])) as { statusCode: number }[];
        if (answers.some((a) => a.statusCode !== 200)) failed++;
      });
      return { ...result, scans: scans.stop() };
    },
    floor: async (secs: number) => {
      const result = await load(users, secs, (i) => {
        const st = statement(i);
        return side.db.scan(st.sql, st.params);
      });
      return { ...result, scans: result.calls };
    },
  };
  // the first load of a side also warms the code it runs
  await sides.api(Math.min(5, seconds));
  await sides.floor(Math.min(5, seconds));
  failed = 0;
  const results: Record<'api' | 'floor', Awaited<ReturnType<typeof sides.api>>[]> = { api: [], floor: [] };
  for (let r = 0; r < loadRuns; r++) {
    for (const name of rotation(['api', 'floor'] as const, r)) results[name].push(await sides[name](seconds));
  }
  const { api, floor } = results;
  const range = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
  const perSec = (xs: typeof api) => xs.map((x) => x.perSec);
  const errors = api.reduce((n, x) => n + x.errors, failed);
  const scansPerScreen = api.reduce((n, x) => n + x.scans, 0) / api.reduce((n, x) => n + x.calls, 0);
  console.log(
    `\n${side.name}: ${users} users on reports ${ids.join(', ')} for ${seconds} s a load (${queries.length} distinct screens: ranges shifted, pages moving; ` +
      `${loadRuns} rounds of both, order rotating, after one of each): ` +
      `API ${median(perSec(api)).toFixed(1)} screens/s (${range(perSec(api), 1)}), p95 ${ms(median(api.map((x) => x.p95)))}, ${errors} errors, ${scansPerScreen.toFixed(2)} scans a screen | ` +
      `raw SQL on the same scan pool ${median(perSec(floor)).toFixed(1)}/s (${range(perSec(floor), 1)}), p95 ${ms(median(floor.map((x) => x.p95)))} | ` +
      `API / floor throughput ${(median(perSec(api)) / median(perSec(floor))).toFixed(2)}× (per round ${api.map((a, k) => (a.perSec / floor[k].perSec).toFixed(2)).join(', ')}); ` +
      `this process's CPU per screen: API ${median(api.map((x) => x.cpuMs)).toFixed(2)} ms, raw SQL ${median(floor.map((x) => x.cpuMs)).toFixed(2)} ms`,
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
}

if (sections.has('load')) {
  await loadFigures(duck);
  if (pg) await loadFigures(pg);
}

if (sections.has('writes')) {
  // DuckDB approves on a copy; PostgreSQL's database keeps the receipts approved
  await duck.db.exec('CHECKPOINT');
  const copyDir = mkdtempSync(join(tmpdir(), 'hm-bench-writes-'));
  copyFileSync(join(dataDir, 'hm.duckdb'), join(copyDir, 'hm.duckdb'));
  const copy = await openDuckDb(join(copyDir, 'hm.duckdb'));
  const copyApp = await buildServer({ db: copy, config: { staticDir: '/nonexistent', filesDir: copyDir } });
  await copyApp.ready();
  await benchWrites({ name: 'DuckDB', db: copy, app: copyApp, rounds: abRounds, log: console.log });
  await copyApp.close();
  await copy.close();
  rmSync(copyDir, { recursive: true, force: true });
  if (pg) await benchWrites({ name: 'PostgreSQL', db: pg.db, app: pg.app, rounds: abRounds, log: console.log });
}

await duck.app.close();
await duck.facts.close();
if (pg) {
  await pg.app.close();
  await pg.facts.close();
  await pg.db.close();
}

if (sections.has('browser')) await benchBrowser({ db: duck.db, staticDir: join(ROOT, 'dist', 'app'), runs: 11, reportId: 70, chips: ['一级类目', '品牌'], log: console.log });
if (sections.has('export')) await benchExport({ db: duck.db, dir: dataDir, rows: Number(args['export-rows']), log: console.log });
if (sections.has('close')) {
  // copied while open: a checkpoint first leaves the file whole
  await duck.db.exec('CHECKPOINT');
  const [{ d }] = await duck.db.query<{ d: string }>('SELECT MAX(closed_through) AS d FROM day_close');
  await benchClose({ file: join(dataDir, 'hm.duckdb'), firstDay: addDays(d, 1), log: console.log });
}

if (sections.has('ingest')) {
  await duck.db.exec('CHECKPOINT');
  await benchIngest({ file: join(dataDir, 'hm.duckdb'), lines: Number(args['ingest-lines']), log: console.log });
  await benchPush({ file: join(dataDir, 'hm.duckdb'), log: console.log });
}

await duck.db.close();
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });

if (sections.has('seed')) await benchSeed({ scale: args['seed-scale'] as Scale, log: console.log });
if (args.replicas) {
  await benchReplicasOn({ primaryUrl: args['primary-url'], standbyUrl: args['standby-url'], runs: abRounds, reports: args['load-reports']!.split(',').map(Number), log: console.log });
}
