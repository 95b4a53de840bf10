/**
 * `npm run load -- --tenant <merchant_no> <folder>`: loads a retailer's files (one per table, CSV,
 * Parquet or NDJSON: master data and facts) into the configured database (HM_DATABASE_URL, else HM_DATA_DIR/hm.duckdb).
 * Exit code 0 when written, 1 when refused (see <folder>/rejects.csv) or the load cannot start.
 * See docs/loading.md.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dbConfigFromEnv, openDb } from '../server/db/open';
import type { Db } from '../server/db/types';
import { dataContract } from '../server/ingest/contract-fs';
import { loadFolder, LoadError, tenantOf } from '../server/ingest/load';

const { values: args, positionals } = parseArgs({ options: { tenant: { type: 'string' } }, allowPositionals: true });
const folder = positionals[0];
if (!args.tenant || positionals.length !== 1) {
  console.error('用法 / usage: npm run load -- --tenant <merchant_no> <folder>');
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

async function open(): Promise<Db> {
  try {
    return await openDb(config);
  } catch (err) {
    // DuckDB admits one process per file: a running server holds it
    if (/lock/i.test((err as Error).message)) {
      console.error(`${duckFile} 正被运行中的服务占用：请先停止服务再导入 / is in use by a running server: stop the server, then load`);
      process.exit(1);
    }
    throw err;
  }
}

const db = await open();
try {
  const tenantId = await tenantOf(db, args.tenant);
  const result = await loadFolder({ target: db, contract: dataContract(), tenantId, folder, source: { kind: 'file' }, log: (line) => console.log(line) });
  console.log('—'.repeat(40));
  for (const t of result.tables) console.log(`${t.table.padEnd(24)} ${String(t.rows).padStart(8)} 行 / rows`);
  console.log(`用时 / seconds: ${result.seconds.toFixed(1)}`);
  if (result.status === 'repeated') console.log('这些文件已导入过，未写入 / these files were loaded before: nothing written');
  else if (result.ok) console.log('已写入，一个事务 / written in one transaction');
  else {
    console.log(`拒收 ${result.rejects} 处，未写入任何数据，见 / ${result.rejects} rejects, nothing written, see ${result.rejectsFile}`);
    process.exitCode = 1;
  }
} catch (err) {
  if (!(err instanceof LoadError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
