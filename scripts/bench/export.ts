/**
 * `npx tsx scripts/bench/export.ts --data-dir DIR [--report 130] [--chips org,sku,business_date] [--days 90] [--rounds 5] [--rows N]`
 * Export step of `npm run bench`: a real report export through the job path (POST …/export on the
 * app, the job's xlsx written to the files folder) against DuckDB's `COPY (<the export's own
 * statement>) TO csv`, the floor of computing the rows and writing them out. After a warm-up round
 * of each, the two alternate in rounds, the order rotating; medians and spread of the wall time, and
 * the process's RSS: idle after the warm-up and the peak while each side runs (DuckDB runs in this
 * process, so both sides' memory is the server's). With `rows`, also the xlsx writer alone on N synthetic rows × 10 columns.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Column } from '../../engine/wire';
import { initialRequest } from '../../engine/query';
import { buildServer } from '../../server/app';
import { md5Hex } from '../../server/auth/password';
import { resolveToken } from '../../server/auth/session';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { exportStatement } from '../../server/export/report-export';
import { writeReportXlsx } from '../../server/export/xlsx';

export interface ExportBenchOptions {
  db: Db;
  /** where the job files and the COPY output go */
  dir: string;
  log: (line: string) => void;
  /** the report exported (default 130) with these chips (default org, sku, business_date) */
  reportId?: number;
  chips?: string[];
  /** days up to the data's last business day (default 90: report 130 allows three months before today) */
  days?: number;
  rounds?: number;
  /** also the xlsx writer alone on this many synthetic rows × 10 columns, beside COPY of them */
  rows?: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)} s`;

interface Measured {
  secs: number;
  /** CPU seconds of the whole process (all threads): the figure a loaded machine disturbs least */
  cpu: number;
  peak: number;
  before: number;
  /** peak of what Node itself holds (V8 heap and buffers) over its value before the work: DuckDB's memory is not in it */
  nodePeak: number;
}

const nodeHeld = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

/** Wall and CPU time of `work`, and peak resident memory while it runs, sampled every 10 ms. */
async function measure(work: () => Promise<unknown>): Promise<Measured> {
  const before = process.memoryUsage().rss;
  const nodeBefore = nodeHeld();
  let peak = before;
  let nodePeak = nodeBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    nodePeak = Math.max(nodePeak, nodeHeld());
  }, 10);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    await work();
    const cpu = process.cpuUsage(cpu0);
    return { secs: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, peak: Math.max(peak, process.memoryUsage().rss), before, nodePeak: nodePeak - nodeBefore };
  } finally {
    clearInterval(sampler);
  }
}

const quoted = (path: string) => `'${path.replace(/'/g, "''")}'`;

async function login(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { merchant_no: '10139', username: 'admin', password: md5Hex('Demo@2026'), client: 'HMT' },
  });
  return { authorization: `Bearer ${res.json().data.token as string}` };
}

/** Runs the export through the route and waits for its job; the job's rows and file size. */
async function exportThroughJob(app: FastifyInstance, headers: Record<string, string>, query: object): Promise<{ rows: number; bytes: number }> {
  const res = await app.inject({ method: 'POST', url: `/api/reports/${(query as { table_id: number }).table_id}/export`, headers, payload: query });
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}: ${res.body}`);
  const jobId = res.json().data.job_id as string;
  for (;;) {
    await app.jobs.waitFor(jobId, 60_000);
    const job = await app.jobs.get((await resolveToken(app.db, headers.authorization.slice(7), 12))!, jobId);
    if (job!.status === 'done') {
      const bytes = statSync(job!.file_path!).size;
      rmSync(job!.file_path!, { force: true });
      return { rows: job!.row_count, bytes };
    }
    if (job!.status === 'failed') throw new Error(`export job failed: ${job!.error}`);
  }
}

async function reportExport(db: Db, dir: string, log: (line: string) => void, opts: ExportBenchOptions): Promise<void> {
  const reportId = opts.reportId ?? 130;
  const rounds = opts.rounds ?? 5;
  const app = await buildServer({ db, config: { staticDir: '/nonexistent', filesDir: dir } });
  await app.ready();
  try {
    const headers = await login(app);
    const session = (await resolveToken(db, headers.authorization.slice(7), 12))!;
    const [{ last }] = await db.query<{ last: string }>('SELECT CAST(MAX(business_date) AS VARCHAR) AS last FROM sales_order WHERE tenant_id = 10139');
    const first = new Date(Date.parse(`${last}T00:00:00Z`) - ((opts.days ?? 90) - 1) * 86_400_000).toISOString().slice(0, 10);
    const config = (await app.inject({ method: 'GET', url: `/api/reports/${reportId}/config`, headers })).json().data;
    const query = {
      ...initialRequest(config, last),
      dimensionIds: (opts.chips ?? ['org', 'sku', 'business_date']).join(','),
      date_start: first,
      date_end: last,
      is_down: '1',
    };
    const { statement, fused } = exportStatement(app.reports.prepare(session, reportId, query).compiled);
    const csv = join(dir, 'bench-export.csv');
    const copySql = `COPY (${statement.sql}) TO ${quoted(csv)} (FORMAT csv, HEADER)`;
    const cold = process.memoryUsage().rss;
    log(`\nexport: report ${reportId}, chips ${query.dimensionIds}, ${first} … ${last}, ${fused ? 'fused' : 'unfused'} statement; ${rounds} rounds, order rotating`);
    // on a shared machine the ratios move with what else runs: the load is printed beside them
    const loadBefore = loadavg()[0];
    const job: Measured[] = [];
    const copy: Measured[] = [];
    let shape = { rows: 0, bytes: 0 };
    // the first round (-1) warms both sides up and is not counted: the idle server is one that has run the query
    let idle = cold;
    for (let round = -1; round < rounds; round++) {
      if (round === 0) {
        job.length = copy.length = 0;
        idle = process.memoryUsage().rss;
      }
      const sides = [
        async () => job.push(await measure(async () => (shape = await exportThroughJob(app, headers, query)))),
        async () => {
          copy.push(await measure(() => db.query(copySql, statement.params)));
          rmSync(csv, { force: true });
        },
      ];
      if (round % 2 !== 0) sides.reverse();
      for (const side of sides) await side();
    }
    const jobSecs = job.map((m) => m.secs);
    const copySecs = copy.map((m) => m.secs);
    const peak = (ms: Measured[]) => Math.max(...ms.map((m) => m.peak));
    log(`  rows ${shape.rows.toLocaleString()} (xlsx ${mb(shape.bytes)}); process RSS idle ${mb(idle)} after a warm-up round of each side (${mb(cold)} before it)`);
    log(
      `  export job:  median ${median(jobSecs).toFixed(2)} s (${spread(jobSecs)}), CPU ${median(job.map((m) => m.cpu)).toFixed(2)} s, ` +
        `${Math.round(shape.rows / median(jobSecs)).toLocaleString()} rows/s, peak RSS ${mb(peak(job))} (idle + ${mb(peak(job) - idle)})`,
    );
    log(
      `  DuckDB COPY: median ${median(copySecs).toFixed(2)} s (${spread(copySecs)}), CPU ${median(copy.map((m) => m.cpu)).toFixed(2)} s, ` +
        `peak RSS ${mb(peak(copy))} (idle + ${mb(peak(copy) - idle)})`,
    );
    const ratios = job.map((m, i) => m.secs / copy[i].secs);
    log(
      `  export / COPY: ${(median(jobSecs) / median(copySecs)).toFixed(2)}× (per round ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≤ 1.5×); ` +
        `export peak over idle ${mb(peak(job) - idle)} (target ≤ 150 MB)`,
    );
    const cpuRatios = job.map((m, i) => m.cpu / copy[i].cpu);
    log(`  CPU export / COPY: ${(median(job.map((m) => m.cpu)) / median(copy.map((m) => m.cpu))).toFixed(2)}× (per round ${cpuRatios.map((r) => r.toFixed(2)).join(', ')}); load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`);
    const nodeShare = (ms: Measured[]) => mb(Math.max(...ms.map((m) => m.nodePeak)));
    log(`  of which Node's own (V8 heap and buffers, peak over each round's start): export ${nodeShare(job)}, COPY ${nodeShare(copy)}; the rest is DuckDB's working memory for the statement`);
  } finally {
    await app.close();
  }
}

const COLUMNS: Column[] = [
  { value: 'org', label: '组织', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  { value: 'sku', label: '商品', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  ...['qty', 'sales', 'cost', 'gm', 'rate', 'a', 'b', 'c'].map(
    (k): Column => ({ value: k, label: k, type: '2', format: k === 'rate' ? 'rate' : 'money', is_header_show: '1', sortable: false, min_width: 100 }),
  ),
];

const rowsSql = (n: number) => `SELECT 'ORG' || (range % 50) AS org, '商品' || range AS sku, range % 97 AS qty, range * 1.25 AS sales,
  range * 0.9 AS cost, range * 0.35 AS gm, 0.28 AS rate, range * 2.0 AS a, range * 3.0 AS b, range * 4.0 AS c
  FROM range(${n})`;

/** The xlsx writer alone on synthetic rows, beside COPY of the same rows. */
async function writerAlone(db: Db, dir: string, rows: number, log: (line: string) => void): Promise<void> {
  log(`\nxlsx writer alone: ${rows.toLocaleString()} synthetic rows × ${COLUMNS.length} columns`);
  const xlsx = join(dir, 'bench-export.xlsx');
  const app = await measure(() =>
    writeReportXlsx(xlsx, { title: 'bench', columns: COLUMNS, chunks: db.streamColumns(rowsSql(rows), [], 10000), totals: { qty: 1 } }),
  );
  log(`  xlsx: ${app.secs.toFixed(1)} s (CPU ${app.cpu.toFixed(1)} s), file ${mb(statSync(xlsx).size)}, peak RSS ${mb(app.peak)} (before ${mb(app.before)})`);
  rmSync(xlsx, { force: true });
  const csv = join(dir, 'bench-export.csv');
  const copy = await measure(() => db.exec(`COPY (${rowsSql(rows)}) TO ${quoted(csv)} (FORMAT csv, HEADER)`));
  log(`  COPY … csv: ${copy.secs.toFixed(1)} s (CPU ${copy.cpu.toFixed(1)} s) | xlsx / COPY ${(app.secs / copy.secs).toFixed(2)}×`);
  rmSync(csv, { force: true });
}

/** The export comparison on a DuckDB database (COPY is DuckDB's). */
export async function benchExport(opts: ExportBenchOptions): Promise<void> {
  if (opts.db.dialect !== 'duckdb') {
    opts.log('\nexport: DuckDB only (the floor is its COPY)');
    return;
  }
  await reportExport(opts.db, opts.dir, opts.log, opts);
  if (opts.rows) await writerAlone(opts.db, opts.dir, opts.rows, opts.log);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      report: { type: 'string', default: '130' },
      chips: { type: 'string', default: 'org,sku,business_date' },
      days: { type: 'string', default: '90' },
      rounds: { type: 'string', default: '5' },
      rows: { type: 'string' },
    },
  });
  if (!args['data-dir']) {
    console.error('--data-dir DIR (a seeded DuckDB database, e.g. medium scale) is required');
    process.exit(2);
  }
  const db = await openDuckDb(join(args['data-dir'], 'hm.duckdb'));
  const dir = mkdtempSync(join(tmpdir(), 'hm-bench-export-'));
  try {
    await migrate(db);
    await benchExport({
      db,
      dir,
      log: console.log,
      reportId: Number(args.report),
      chips: args.chips.split(','),
      days: Number(args.days),
      rounds: Number(args.rounds),
      rows: args.rows ? Number(args.rows) : undefined,
    });
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
