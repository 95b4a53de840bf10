/**
 * `npm run seed -- --scale demo|medium|large [--data-dir DIR] [--today YYYY-MM-DD] [--fresh]`
 * Opens the configured database (HM_DATABASE_URL, else the DuckDB file in --data-dir / HM_DATA_DIR),
 * migrates it and fills it with the deterministic demo data. A database that already holds data is
 * left alone unless --fresh is given (DuckDB: the file is deleted; PostgreSQL: every table is dropped).
 * With HM_SHARDS it does what a sharded first start does: every shard is migrated (and dropped by
 * --fresh), the seed fills the first, then the demo tenants move to the second (server/db/demo-shards.ts).
 * `npm run seed -- --refresh-summaries [--data-dir DIR]` only migrates and rebuilds the report
 * summaries from the facts already there (after loading sales by other means), on every shard.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spreadDemoTenants } from '../server/db/demo-shards';
import { migrate } from '../server/db/migrate';
import { dbConfigFromEnv, openDb } from '../server/db/open';
import { seed, type Scale } from '../server/db/seed';
import { shardHandles } from '../server/db/sharded';
import { refreshShippedSummaries } from '../server/report/summary-refresh';
import type { Db } from '../server/db/types';

const SCALES: Scale[] = ['demo', 'medium', 'large'];

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    'data-dir': { type: 'string' },
    today: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'refresh-summaries': { type: 'boolean', default: false },
  },
});

const scale = args.scale as Scale;
if (!SCALES.includes(scale)) {
  console.error(`--scale must be one of ${SCALES.join(', ')}`);
  process.exit(2);
}
if (args.today && !/^\d{4}-\d{2}-\d{2}$/.test(args.today)) {
  console.error('--today must be YYYY-MM-DD');
  process.exit(2);
}

const config = dbConfigFromEnv();
if (args['data-dir']) config.dataDir = args['data-dir'];
const duckFile = join(config.dataDir, 'hm.duckdb');

if (args.fresh && !config.databaseUrl) {
  for (const f of [duckFile, `${duckFile}.wal`]) if (existsSync(f)) rmSync(f);
}

/** Drops every view, table and sequence of the current schema (PostgreSQL --fresh). */
async function dropAll(db: Db): Promise<void> {
  const objects = await db.query<{ name: string; kind: string }>(
    `SELECT table_name AS name, table_type AS kind FROM information_schema.tables WHERE table_schema = current_schema()
     UNION ALL
     SELECT sequence_name AS name, 'SEQUENCE' AS kind FROM information_schema.sequences WHERE sequence_schema = current_schema()`,
  );
  for (const kind of ['VIEW', 'BASE TABLE', 'SEQUENCE']) {
    for (const o of objects.filter((x) => x.kind === kind)) {
      await db.exec(`DROP ${kind === 'BASE TABLE' ? 'TABLE' : kind} IF EXISTS ${o.name} CASCADE`);
    }
  }
}

const target = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@]*@/, '//***@') : duckFile;
console.log(args['refresh-summaries'] ? `seed: report summaries of ${target}` : `seed: ${scale} into ${target}`);
const db = await openDb(config);
const shards = shardHandles(db);
try {
  if (args.fresh && db.dialect === 'postgres') for (const [, shard] of shards) await dropAll(shard);
  await migrate(db);
  if (args['refresh-summaries']) {
    const started = Date.now();
    for (const [name, shard] of shards) {
      const where = shards.length > 1 ? ` (shard ${name})` : '';
      for (const s of await refreshShippedSummaries(shard)) console.log(`  ${s.table}${where}: ${s.rows.toLocaleString('en-US')} rows`);
    }
    if (db.dialect === 'duckdb') await db.exec('CHECKPOINT');
    console.log(`summaries refreshed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    // every shard keeps the tenant rows of the tenants it has held: one listing any holds data
    const held: string[] = [];
    for (const [name, shard] of shards) {
      const [{ n }] = await shard.query<{ n: number }>('SELECT COUNT(*) AS n FROM tenant');
      if (Number(n) > 0) held.push(name);
    }
    if (held.length) {
      const where = shards.length > 1 ? ` (shard ${held.join(', ')})` : '';
      console.error(`seed: the database already holds data${where}; run with --fresh to replace it`);
      process.exitCode = 1;
    } else {
      const started = Date.now();
      const summary = await seed(db, {
        scale,
        today: args.today,
        onProgress: (msg) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${msg}`),
      });
      if (db.dialect === 'duckdb') await db.exec('CHECKPOINT');
      await spreadDemoTenants(config, (line) => console.log(`  ${line}`));
      const width = Math.max(...Object.keys(summary.rows).map((t) => t.length));
      console.log('\nrows per table:');
      for (const [table, rows] of Object.entries(summary.rows)) console.log(`  ${table.padEnd(width)}  ${rows.toLocaleString('en-US').padStart(12)}`);
      const total = Object.values(summary.rows).reduce((a, b) => a + b, 0);
      const size =
        db.dialect === 'duckdb'
          ? statSync(duckFile).size
          : Number((await db.query<{ size: number }>('SELECT pg_database_size(current_database()) AS size'))[0].size);
      // CPU time of this process (DuckDB's threads included): on a shared machine the figure to compare
      const { user, system } = process.cpuUsage();
      console.log(
        `\n${total.toLocaleString('en-US')} rows, today ${summary.today} (archive cut-off ${summary.cutoff}), ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s, CPU ${(user / 1e6).toFixed(1)} s user + ${(system / 1e6).toFixed(1)} s sys, ` +
          `database ${(size / 1024 / 1024).toFixed(0)} MB`,
      );
    }
  }
} finally {
  await db.close();
}
