/**
 * The write of a checked load's master data, in the load's transaction: per table an upsert by
 * the natural key for the tenant (the stored rows whose keys are loaded go, the loaded rows come), so
 * a load repeated changes nothing and a changed row replaces the old one. Rows travel as CSV through
 * `db.loadCsv` (DuckDB's reader, PostgreSQL's COPY), the same path as the seed.
 */
import { checkIdentifiers } from '../db/identifiers';
import type { Db } from '../db/types';
import { TENANT_COLUMN } from './contract';
import { stagingTable, type LoadFile } from './load-files';
import { typedColumn } from './load-types';

const CHUNK_KEYS = 500;
const CHUNK_ROWS = 10_000;

export interface StagedFile {
  file: LoadFile;
  columns: readonly string[];
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
  const typeOf = (c: string) => columns.find((x) => x.name === c)!.type;
  const rows = await staging.query<{ k: string }>(
    `SELECT DISTINCT json_array(${key.map((c) => typedColumn(c, typeOf(c)).normal).join(', ')})::VARCHAR AS k FROM ${stagingTable(f)}`,
  );
  for (let start = 0; start < rows.length; start += CHUNK_KEYS) {
    const params: unknown[] = [tenantId];
    const tuples = rows.slice(start, start + CHUNK_KEYS).map(({ k }) => {
      const values = JSON.parse(k) as string[];
      return `(${key
        .map((c, i) => {
          params.push(values[i]);
          return `${c} = CAST($${params.length} AS ${typeOf(c)})`;
        })
        .join(' AND ')})`;
    });
    await tx.query(`DELETE FROM ${f.table} WHERE ${TENANT_COLUMN} = $1 AND (${tuples.join(' OR ')})`, params);
  }
}

const csvValue = (v: string | null) => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);

/** The staged rows in the target table's own column order: the tenant first-hand, columns not in the file empty. */
export async function insertRows(tx: Db, staging: Db, tenantId: number, f: StagedFile): Promise<number> {
  const { table, contract } = f.file;
  const order = await tx.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
    [table],
  );
  const names = order.map((r) => r.column_name);
  const types = names.map((n) => (n === TENANT_COLUMN ? 'BIGINT' : contract.columns.find((c) => c.name === n)?.type));
  const unknown = names.filter((_, i) => !types[i]);
  if (unknown.length) throw new Error(`${table}: columns outside the data contract: ${unknown.join(', ')}`);
  const fileColumns = names.filter((n) => n !== TENANT_COLUMN);
  const select = fileColumns.map((n, i) => (f.columns.includes(n) ? `${typedColumn(n, types[names.indexOf(n)]!).normal} AS c${i}` : `NULL AS c${i}`));
  const rows = await staging.query<Record<string, string | null>>(`SELECT ${select.join(', ')} FROM ${stagingTable(f.file)} ORDER BY rowid`);
  const buffers: Buffer[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const lines = rows.slice(start, start + CHUNK_ROWS).map((row) =>
      names.map((n) => (n === TENANT_COLUMN ? String(tenantId) : csvValue(row[`c${fileColumns.indexOf(n)}`]))).join(','),
    );
    buffers.push(Buffer.from(`${lines.join('\n')}\n`));
  }
  if (buffers.length) await tx.loadCsv(table, names, types as string[], buffers);
  return rows.length;
}
