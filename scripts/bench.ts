/**
 * `npm run bench [-- --scale demo|medium|large] [--data-dir DIR] [--runs N] [--export-rows N]`
 * Prints figures; asserts nothing.
 *  1. report latency: data + totals through the real HTTP routes (median and p95 over N runs);
 *  2. export: N rows × 10 columns streamed from the database into an xlsx file (time, peak RSS).
 * The database is the one in --data-dir (seeded at --scale when empty; default a temp folder at demo).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { buildServer } from '../server/app';
import { md5Hex } from '../server/auth/password';
import { writeReportXlsx } from '../server/export/xlsx';
import type { Column, ReportRow } from '../engine/wire';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '15' },
    'export-rows': { type: 'string', default: '1000000' },
    reports: { type: 'string', default: '70,102,142,166,60,107' },
  },
});

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'hm-bench-'));
const db = await openDuckDb(join(dataDir, 'hm.duckdb'));
await migrate(db);
const seedStart = Date.now();
const seeded = await seedIfEmpty(db, { scale: args.scale as 'demo' | 'medium' | 'large', onProgress: (m) => console.log(`  ${m}`) });
if (seeded) console.log(`seed (${args.scale}): ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
console.log(`database file: ${mb(statSync(join(dataDir, 'hm.duckdb')).size)}`);

// 1. report latency
const app = await buildServer({ db, config: { staticDir: '/nonexistent' } });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { merchant_no: '10139', username: 'admin', password: md5Hex('Demo@2026'), client: 'HMT' },
});
const token = login.json().data.token as string;
const headers = { authorization: `Bearer ${token}` };
const runs = Number(args.runs);
console.log(`\nreport latency, data + totals, default query (${runs} runs, ${args.scale} scale)`);
for (const id of args.reports!.split(',').map(Number)) {
  const config = await app.inject({ method: 'GET', url: `/api/reports/${id}/config`, headers });
  if (config.statusCode !== 200) {
    console.log(`  report ${id}: config answered ${config.statusCode}`);
    continue;
  }
  const query = (await import('../engine/query')).initialRequest(config.json().data, new Date());
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const [data] = await Promise.all([
      app.inject({ method: 'POST', url: `/api/reports/${id}/data`, headers, payload: query }),
      app.inject({ method: 'POST', url: `/api/reports/${id}/totals`, headers, payload: query }),
    ]);
    times.push(performance.now() - t);
    rows = data.json().data?.total ?? 0;
  }
  console.log(`  report ${id}: median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${rows} rows)`);
}
await app.close();

// 2. export
const exportRows = Number(args['export-rows']);
const columns: Column[] = [
  { value: 'org', label: '组织', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  { value: 'sku', label: '商品', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  ...['qty', 'sales', 'cost', 'gm', 'rate', 'a', 'b', 'c'].map(
    (k): Column => ({ value: k, label: k, type: '2', format: k === 'rate' ? 'rate' : 'money', is_header_show: '1', sortable: false, min_width: 100 }),
  ),
];
const sql = `SELECT 'ORG' || (range % 50) AS org, '商品' || range AS sku, range % 97 AS qty, range * 1.25 AS sales,
  range * 0.9 AS cost, range * 0.35 AS gm, 0.28 AS rate, range * 2.0 AS a, range * 3.0 AS b, range * 4.0 AS c
  FROM range(${exportRows})`;
const file = join(dataDir, 'bench-export.xlsx');
peakRss = process.memoryUsage().rss;
const before = peakRss;
const t0 = performance.now();
const written = await writeReportXlsx(file, { title: 'bench', columns, rows: db.stream(sql, [], 10000) as AsyncIterable<ReportRow[]>, totals: { qty: 1 } });
const secs = (performance.now() - t0) / 1000;
console.log(`\nexport: ${written.toLocaleString()} rows × ${columns.length} columns in ${secs.toFixed(1)} s, ` +
  `file ${mb(statSync(file).size)}, peak RSS ${mb(peakRss)} (before ${mb(before)})`);

clearInterval(sampler);
await db.close();
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
