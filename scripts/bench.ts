/**
 * `npm run bench [-- --scale demo|medium|large] [--data-dir DIR] [--runs N] [--export-rows N]`
 * Prints figures; asserts nothing.
 *  1. report latency: data + totals through the real HTTP routes (median and p95 over N runs);
 *  2. browser: the built SPA in headless Chromium (login page weight, 查询 → rows painted); bench/browser.ts;
 *  3. export: N rows × 10 columns into xlsx beside DuckDB's COPY to csv (time, peak RSS); bench/export.ts.
 * `--only reports,browser,export` picks sections.
 * The database is the one in --data-dir (seeded at --scale when empty; default a temp folder at demo).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../server/db/duckdb';
import { migrate } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed';
import { buildServer } from '../server/app';
import { md5Hex } from '../server/auth/password';
import { benchBrowser } from './bench/browser';
import { benchExport } from './bench/export';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '15' },
    'export-rows': { type: 'string', default: '1000000' },
    reports: { type: 'string', default: '70,102,142,166,60,107' },
    only: { type: 'string', default: 'reports,browser,export' },
  },
});

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const sections = new Set(args.only!.split(','));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const dataDir = args['data-dir'] ?? mkdtempSync(join(tmpdir(), 'hm-bench-'));
const db = await openDuckDb(join(dataDir, 'hm.duckdb'));
await migrate(db);
const seedStart = Date.now();
const seeded = await seedIfEmpty(db, { scale: args.scale as 'demo' | 'medium' | 'large', onProgress: (m) => console.log(`  ${m}`) });
if (seeded) console.log(`seed (${args.scale}): ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
console.log(`database file: ${mb(statSync(join(dataDir, 'hm.duckdb')).size)}`);

// 1. report latency
if (sections.has('reports')) {
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
}

if (sections.has('browser')) await benchBrowser({ db, staticDir: join(ROOT, 'dist', 'app'), runs: 7, reportId: 70, log: console.log });
if (sections.has('export')) await benchExport({ db, dir: dataDir, rows: Number(args['export-rows']), log: console.log });

await db.close();
if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
