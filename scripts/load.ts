/**
 * `npm run load -- --tenant <merchant_no> [--history] <folder>`: loads a retailer's files (one per table, CSV,
 * Parquet or NDJSON: master data and facts) into the configured database (HM_DATABASE_URL, else HM_DATA_DIR/hm.duckdb).
 * `--history`: a retailer's history (its first load): facts of any day up to today, not only the open period.
 * Exit code 0 when written, 1 when refused (see <folder>/rejects.csv) or the load cannot start.
 * See docs/loading.md.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dbConfigFromEnv, openDb } from '../server/db/open';
import type { Db } from '../server/db/types';
import { dataContract } from '../server/ingest/contract-fs';
import { HISTORY, inboxDir, READY, RESULT, type InboxResult } from '../server/ingest/inbox';
import { loadFolder, LoadError, tenantOf, type LoadResult } from '../server/ingest/load';

const { values: args, positionals } = parseArgs({ options: { tenant: { type: 'string' }, history: { type: 'boolean' } }, allowPositionals: true });
const folder = positionals[0];
if (!args.tenant || positionals.length !== 1) {
  console.error('用法 / usage: npm run load -- --tenant <merchant_no> [--history] <folder>');
  process.exit(2);
}
if (!existsSync(folder) || !statSync(folder).isDirectory()) {
  console.error(`文件夹不存在 / no such folder: ${folder}`);
  process.exit(1);
}

const config = dbConfigFromEnv();
const duckFile = join(config.dataDir, 'hm.duckdb');
if (!config.databaseUrl && !existsSync(duckFile)) {
  console.error(`数据库文件不存在 / no database at ${duckFile}: 请先启动服务或运行 npm run seed / start the server or run npm run seed first`);
  process.exit(1);
}

/** The summary every way of loading ends with. */
function report(result: Pick<LoadResult, 'tables' | 'seconds' | 'status' | 'ok' | 'rejects' | 'rejectsFile'>): void {
  console.log('—'.repeat(40));
  for (const t of result.tables) console.log(`${t.table.padEnd(24)} ${String(t.rows).padStart(8)} 行 / rows`);
  console.log(`用时 / seconds: ${result.seconds.toFixed(1)}`);
  if (result.status === 'repeated') console.log('这些文件已导入过，未写入 / these files were loaded before: nothing written');
  else if (result.ok) console.log('已写入，一个事务 / written in one transaction');
  else {
    console.log(`拒收 ${result.rejects} 处，未写入任何数据，见 / ${result.rejects} rejects, nothing written, see ${result.rejectsFile}`);
    process.exitCode = 1;
  }
}

/**
 * DuckDB admits one process per file: while the server holds it, the files go to its inbox
 * (server/ingest/inbox.ts) and this command waits for the server's result.
 */
async function handToServer(merchantNo: string): Promise<void> {
  const batch = join(inboxDir(config.dataDir), merchantNo, `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}`);
  mkdirSync(batch, { recursive: true });
  for (const name of readdirSync(folder)) if (statSync(join(folder, name)).isFile() && name !== 'rejects.csv') copyFileSync(join(folder, name), join(batch, name));
  if (args.history) writeFileSync(join(batch, HISTORY), '');
  writeFileSync(join(batch, READY), '');
  console.log(`服务正在运行：文件已交给服务导入，等待结果 / the server is running: files handed to it, waiting (${batch})`);
  const result = join(batch, RESULT);
  while (!existsSync(result)) await new Promise((r) => setTimeout(r, 500));
  const answer = JSON.parse(readFileSync(result, 'utf8')) as InboxResult;
  if ('error' in answer) {
    console.error(answer.error);
    process.exitCode = 1;
    return;
  }
  if (answer.rejectsFile) copyFileSync(answer.rejectsFile, join(folder, 'rejects.csv'));
  report({ ...answer, ...(answer.rejectsFile ? { rejectsFile: join(folder, 'rejects.csv') } : {}) });
}

let db: Db;
try {
  db = await openDb(config);
} catch (err) {
  if (config.databaseUrl || !/lock/i.test((err as Error).message)) throw err;
  await handToServer(args.tenant);
  process.exit();
}
try {
  const tenantId = await tenantOf(db, args.tenant);
  report(await loadFolder({ target: db, contract: dataContract(), tenantId, folder, source: { kind: 'file' }, history: args.history === true, log: (line) => console.log(line) }));
} catch (err) {
  if (!(err instanceof LoadError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
