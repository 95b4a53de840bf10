/**
 * `npx tsx scripts/bench/seed.ts [--scale large] [--today YYYY-MM-DD] [--pg-url URL]`
 * Times the demo data seed (docs/seed.md) into a fresh DuckDB file in a temporary folder, or into the
 * empty PostgreSQL database at --pg-url: wall and CPU seconds of this process (DuckDB's threads
 * included; PostgreSQL's server work is not), the peak RSS, when each phase started, the rows written,
 * and the wall time next to its target (large scale ≤ 120 s on two cores).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDuckDb } from '../../server/db/duckdb';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { seed, type Scale } from '../../server/db/seed';
import type { Db } from '../../server/db/types';

export interface SeedBenchOptions {
  scale: Scale;
  /** the seed's today (default: the business day now) */
  today?: string;
  /** an empty PostgreSQL database; without it a fresh DuckDB file */
  pgUrl?: string;
  log: (line: string) => void;
}

/** Wall time the large seed should stay within (two cores). */
const LARGE_TARGET_S = 120;

export async function benchSeed({ scale, today, pgUrl, log }: SeedBenchOptions): Promise<void> {
  const dir = pgUrl ? null : mkdtempSync(join(tmpdir(), 'hm-bench-seed-'));
  const db: Db = pgUrl ? await openPostgres(pgUrl) : await openDuckDb(join(dir!, 'hm.duckdb'));
  try {
    await migrate(db);
    const [{ n }] = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM tenant');
    if (Number(n) > 0) throw new Error('the database already holds tenants: give an empty one');
    log(`\nseed: ${scale} into ${pgUrl ? 'PostgreSQL' : 'a fresh DuckDB file'}`);
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const phases: string[] = [];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const since = () => ((performance.now() - t0) / 1000).toFixed(1).padStart(6);
    let summary;
    try {
      summary = await seed(db, {
        scale,
        today,
        // one line per phase, not per simulated month
        onProgress: (msg) => {
          if (!/: \d{4}-\d{2}$/.test(msg)) phases.push(`  ${since()} s  ${msg}`);
        },
      });
      if (db.dialect === 'duckdb') await db.exec('CHECKPOINT');
    } finally {
      clearInterval(sampler);
    }
    const secs = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    for (const line of phases) log(line);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    const lines = ['sales_order_item', 'sales_order_item_his'].reduce((a, t) => a + (summary.rows[t] ?? 0), 0);
    const size = dir ? `, file ${(statSync(join(dir, 'hm.duckdb')).size / 1024 / 1024).toFixed(0)} MB` : '';
    log(
      `  ${rows.toLocaleString('en-US')} rows (${lines.toLocaleString('en-US')} sales lines), today ${summary.today}: ` +
        `${secs.toFixed(1)} s wall, CPU ${(cpu.user / 1e6).toFixed(1)} s user + ${(cpu.system / 1e6).toFixed(1)} s sys, ` +
        `peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB${size}`,
    );
    if (scale === 'large') log(`  large seed ${secs.toFixed(0)} s (target ≤ ${LARGE_TARGET_S} s)`);
  } finally {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({
    options: { scale: { type: 'string', default: 'large' }, today: { type: 'string' }, 'pg-url': { type: 'string' } },
  });
  if (!['demo', 'medium', 'large'].includes(args.scale)) {
    console.error('--scale must be demo, medium or large');
    process.exit(2);
  }
  await benchSeed({ scale: args.scale as Scale, today: args.today, pgUrl: args['pg-url'], log: console.log });
}
