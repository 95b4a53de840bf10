/**
 * The bulk load of a retailer's master data (issue "Data in", first slice): a folder of one file per
 * table is staged in an in-memory DuckDB and checked there against the data contract; only when no
 * row is refused are all tables written, in one transaction. Facts are refused for now: they must
 * post stock, payments and summaries the way documents do.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openDuckDb } from '../db/duckdb';
import type { Db } from '../db/types';
import type { DataContract } from './contract';
import { planFiles, REJECTS_FILE, stageFile } from './load-files';
import { checkReferences } from './load-references';
import { writeRejects } from './load-rejects';
import { checkColumns, checkKeys, checkValues } from './load-validate';
import { writeTables, type StagedFile } from './load-write';

export interface LoadOptions {
  target: Db;
  contract: DataContract;
  /** the tenant's merchant_no */
  merchantNo: string;
  folder: string;
  /** one progress line at a time */
  log?: (line: string) => void;
}

export interface LoadResult {
  ok: boolean;
  /** rows per table: read (when refused) or written */
  tables: { table: string; file: string; rows: number }[];
  rejects: number;
  /** where the refused rows are listed, when there are any */
  rejectsFile?: string;
  seconds: number;
}

/** A mistake in how the load was asked for (not in the files): nothing is read or written. */
export class LoadError extends Error {}

export async function loadMasterData(opts: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const [tenant] = await opts.target.query<{ tenant_id: number }>('SELECT tenant_id FROM tenant WHERE merchant_no = $1', [opts.merchantNo]);
  if (!tenant) throw new LoadError(`商户号 ${opts.merchantNo} 不存在 / unknown merchant_no ${opts.merchantNo}`);
  const tenantId = Number(tenant.tenant_id);

  const staging = await openDuckDb(':memory:');
  try {
    const { files, rejects } = await planFiles(opts.folder, opts.contract);
    const staged = new Map<string, StagedFile>();
    const tables: LoadResult['tables'] = [];
    for (const file of files) {
      const read = await stageFile(staging, file);
      const fileRejects = [...read.rejects, ...(read.rejects.length ? [] : checkColumns(file, read.columns))];
      if (fileRejects.length === 0) {
        fileRejects.push(...(await checkValues(staging, file, read.columns)), ...(await checkKeys(staging, file)));
      }
      log(`读取 / read ${file.file}: ${read.rows} 行 / rows${fileRejects.length ? `, ${fileRejects.length} 处拒收 / rejects` : ''}`);
      tables.push({ table: file.table, file: file.file, rows: read.rows });
      rejects.push(...fileRejects);
      // references are checked against the files that are readable, so one bad file does not hide others' mistakes
      if (!read.rejects.length) staged.set(file.table, { file, columns: read.columns });
    }
    const contracts = new Map(opts.contract.supplied.map((t) => [t.table, t]));
    for (const { file, columns } of staged.values()) {
      rejects.push(...(await checkReferences({ staging, target: opts.target, tenantId, staged, contracts }, file, columns)));
    }

    const rejectsFile = join(opts.folder, REJECTS_FILE);
    if (rejects.length) {
      await writeRejects(rejectsFile, rejects);
      return { ok: false, tables, rejects: rejects.length, rejectsFile, seconds: (Date.now() - started) / 1000 };
    }
    await writeTables(opts.target, staging, tenantId, [...staged.values()], (table, rows) => log(`写入 / wrote ${table}: ${rows} 行 / rows`));
    // a rejects file of an earlier attempt no longer describes these files
    await rm(rejectsFile, { force: true });
    return { ok: true, tables, rejects: 0, seconds: (Date.now() - started) / 1000 };
  } finally {
    await staging.close();
  }
}
