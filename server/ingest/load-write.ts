/**
 * The write of a checked load's master data, in the load's transaction: per table an upsert by
 * the natural key for the tenant (the stored rows whose keys are loaded go, the loaded rows come), so
 * a load repeated changes nothing and a changed row replaces the old one. Rows travel as CSV through
 * `db.loadCsv` (DuckDB's reader, PostgreSQL's COPY), the same path as the seed.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkIdentifiers } from '../db/identifiers';
import { withScratch } from '../db/scratch';
import type { Db } from '../db/types';
import { TENANT_COLUMN } from './contract';
import { normalOf, stagingTable, type LoadFile } from './load-files';

export interface StagedFile {
  file: LoadFile;
  columns: readonly string[];
  /** rows staged (what is written: a load adds or removes none) */
  rows: number;
}

/** Referenced tables before the tables referring to them (a table referring to itself aside). */
export function writeOrder(files: readonly StagedFile[]): StagedFile[] {
  const byTable = new Map(files.map((f) => [f.file.table, f]));
  const done = new Set<string>();
  const order: StagedFile[] = [];
  const visit = (f: StagedFile, path: Set<string>) => {
    if (done.has(f.file.table) || path.has(f.file.table)) return;
    path.add(f.file.table);
    for (const ref of f.file.contract.references) {
      const dep = byTable.get(ref.table);
      if (dep && dep !== f) visit(dep, path);
    }
    done.add(f.file.table);
    order.push(f);
  };
  for (const f of files) visit(f, new Set());
  return order;
}

/** Master data, upserted by natural key in the caller's transaction, referenced tables first. */
export async function upsertTables(tx: Db, staging: Db, tenantId: number, files: readonly StagedFile[], progress: (table: string, rows: number) => void): Promise<void> {
  for (const f of writeOrder(files)) {
    await deleteLoadedKeys(tx, staging, tenantId, f.file);
    progress(f.file.table, await insertRows(tx, staging, tenantId, f));
  }
}

async function deleteLoadedKeys(tx: Db, staging: Db, tenantId: number, f: LoadFile): Promise<void> {
  const { key, columns } = f.contract;
  checkIdentifiers(f.table, ...key);
  // a table the tenant holds no row of yet (a first load) has nothing to replace
  const [held] = await tx.query(`SELECT 1 AS x FROM ${f.table} WHERE ${TENANT_COLUMN} = $1 LIMIT 1`, [tenantId]);
  if (!held) return;
  const rows = await staging.query<Record<string, string>>(
    `SELECT DISTINCT ${key.map((c, i) => `${normalOf(f, c)} AS k${i}`).join(', ')} FROM ${stagingTable(f)}`,
  );
  if (!rows.length) return;
  // the scratch columns have the keys' own types: PostgreSQL compares a BIGINT key with no VARCHAR
  const scratch = key.map((c, i) => ({ name: `k${i}`, type: columns.find((x) => x.name === c)!.type }));
  await withScratch(tx, scratch, rows.map((r) => key.map((_, i) => r[`k${i}`])), (from) =>
    tx.query(
      `DELETE FROM ${f.table} WHERE ${TENANT_COLUMN} = $1 AND EXISTS (SELECT 1 FROM ${from} s WHERE ${key.map((c, i) => `${f.table}.${c} = s.k${i}`).join(' AND ')})`,
      [tenantId],
    ),
  );
}

/**
 * A table's columns in their order, read once per process and dialect: every database (shard) the
 * process serves is migrated by the same files before it serves, and the catalogue lookup cost a push
 * more than writing its payments.
 */
const columnCache = new Map<string, Promise<string[]>>();

function columnOrder(tx: Db, table: string): Promise<string[]> {
  const key = `${tx.dialect}:${table}`;
  let names = columnCache.get(key);
  if (!names) {
    names = tx
      .query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
        [table],
      )
      .then((rows) => {
        // a table not there yet is asked again next time
        if (!rows.length) columnCache.delete(key);
        return rows.map((r) => r.column_name);
      });
    names.catch(() => columnCache.delete(key));
    columnCache.set(key, names);
  }
  return names;
}

/** The staged rows in the target table's own column order: the tenant first-hand, columns not in the file empty. */
export async function insertRows(tx: Db, staging: Db, tenantId: number, f: StagedFile): Promise<number> {
  const { table, contract } = f.file;
  const names = await columnOrder(tx, table);
  const types = names.map((n) => (n === TENANT_COLUMN ? 'BIGINT' : contract.columns.find((c) => c.name === n)?.type));
  const unknown = names.filter((_, i) => !types[i]);
  if (unknown.length) throw new Error(`${table}: columns outside the data contract: ${unknown.join(', ')}`);
  const select = names.map((n, i) =>
    n === TENANT_COLUMN ? `${tenantId} AS c${i}` : f.columns.includes(n) ? `${normalOf(f.file, n)} AS c${i}` : `NULL AS c${i}`,
  );
  // DuckDB writes the rows as CSV itself (NULL as an empty field, '' quoted), as COPY and read_csv take them
  const file = join(tmpdir(), `hm-load-${process.pid}-${randomUUID()}.csv`);
  try {
    await staging.exec(`COPY (SELECT ${select.join(', ')} FROM ${stagingTable(f.file)} ORDER BY rowid) TO '${file}' (FORMAT csv, HEADER false)`);
    const csv = await readFile(file);
    if (csv.length) await tx.loadCsv(table, names, types as string[], [csv]);
  } finally {
    await rm(file, { force: true });
  }
  return f.rows;
}
