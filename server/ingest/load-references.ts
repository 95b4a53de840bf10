/**
 * The contract's references of one staged file: each code it names must be a key of the referenced
 * table for this tenant, among the rows of the same load or already in the target database. Another
 * tenant's code reads exactly like an unknown one.
 */
import { checkIdentifiers } from '../db/identifiers';
import { withScratch } from '../db/scratch';
import type { Db } from '../db/types';
import type { Reference, TableContract } from './contract';
import { lineOf, normalOf, stagingTable, type LoadFile } from './load-files';
import type { Reject } from './load-rejects';

const CHUNK = 200;
/** A key as DuckDB's json_array writes it (no spaces), so keys read from the target compare with the staged ones. */
const jsonKey = (values: readonly string[]) => JSON.stringify(values);
const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

export interface ReferenceScope {
  staging: Db;
  target: Db;
  tenantId: number;
  /** the files of this load that passed their own checks, by table */
  staged: Map<string, { file: LoadFile; columns: readonly string[] }>;
  contracts: Map<string, TableContract>;
}

const typeOf = (t: TableContract, column: string) => t.columns.find((c) => c.name === column)!.type;

export async function checkReferences(scope: ReferenceScope, f: LoadFile, columns: readonly string[]): Promise<Reject[]> {
  const rejects: Reject[] = [];
  for (const ref of f.contract.references) {
    const conditions = Object.keys(ref.when ?? {});
    // a row without the referencing columns (or the columns that say the reference holds) names nothing
    if (![...ref.columns, ...conditions].every((c) => columns.includes(c))) continue;
    const rows = referencingRows(f, ref);
    const loaded = keysInLoad(scope, ref);
    // the distinct codes the load itself does not hold: usually few, whatever the number of rows
    const codes = await scope.staging.query<{ k: string }>(`SELECT DISTINCT k FROM (${rows}) x${loaded ? ` WHERE k NOT IN (${loaded})` : ''}`);
    if (codes.length === 0) continue;
    const missing = new Set(codes.map((c) => c.k));
    const stored = await keysInTarget(scope, ref, codes.map((c) => c.k));
    for (const k of stored) missing.delete(k);
    if (missing.size === 0) continue;
    const refused = await withScratch(scope.staging, [{ name: 'k', type: 'VARCHAR' }], [...missing].map((k) => [k]), (scratch) =>
      scope.staging.query<{ r: number; k: string }>(`SELECT r, k FROM (${rows}) x WHERE k IN (SELECT k FROM ${scratch}) ORDER BY r`),
    );
    for (const { r, k } of refused) {
      const value = (JSON.parse(k) as string[]).join(' / ');
      rejects.push({
        table: f.table,
        file: f.file,
        line: lineOf(f, r),
        column: ref.columns.join('+'),
        value,
        zh: `本商户的 ${ref.table}（${ref.key.join('+')}）中没有 ${value}`,
        en: `${ref.table} (${ref.key.join('+')}) has no ${value} for this tenant`,
      });
    }
  }
  return rejects;
}

/** SQL of the rows naming a code (r: the row, k: the code as a JSON array of normal texts). */
function referencingRows(f: LoadFile, ref: Reference): string {
  const normal = (c: string) => normalOf(f, c);
  const where = [
    ...ref.columns.map((c) => `${normal(c)} IS NOT NULL`),
    ...Object.entries(ref.when ?? {}).map(([c, v]) => `${normal(c)} = ${sqlString(v)}`),
  ];
  return `SELECT rowid::INTEGER AS r, json_array(${ref.columns.map(normal).join(', ')})::VARCHAR AS k FROM ${stagingTable(f)} WHERE ${where.join(' AND ')}`;
}

/** SQL of the keys of the referenced table among the rows of this load, or null when the load holds none. */
function keysInLoad(scope: ReferenceScope, ref: Reference): string | null {
  const loaded = scope.staged.get(ref.table);
  const fixed = Object.keys(ref.fixed ?? {});
  if (!loaded || ![...ref.key, ...fixed].every((c) => loaded.columns.includes(c))) return null;
  const normal = (c: string) => normalOf(loaded.file, c);
  const where = Object.entries(ref.fixed ?? {}).map(([c, v]) => `${normal(c)} = ${sqlString(v)}`);
  return `SELECT json_array(${ref.key.map(normal).join(', ')})::VARCHAR FROM ${stagingTable(loaded.file)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/** Keys of the referenced table already stored for the tenant, asked a chunk of codes at a time. */
async function keysInTarget(scope: ReferenceScope, ref: Reference, keys: string[]): Promise<string[]> {
  const table = scope.contracts.get(ref.table)!;
  checkIdentifiers(ref.table, ...ref.key, ...Object.keys(ref.fixed ?? {}));
  const fixed = Object.entries(ref.fixed ?? {}).map(([c, v]) => ` AND ${c} = CAST(${sqlString(v)} AS ${typeOf(table, c)})`).join('');
  const found: string[] = [];
  for (let start = 0; start < keys.length; start += CHUNK) {
    const params: unknown[] = [scope.tenantId];
    const tuples = keys.slice(start, start + CHUNK).map((k) => {
      const values = JSON.parse(k) as string[];
      const parts = ref.key.map((c, i) => {
        params.push(values[i]);
        return `CAST($${params.length} AS ${typeOf(table, c)})`;
      });
      return parts.length === 1 ? parts[0] : `(${ref.key.map((c, i) => `${c} = ${parts[i]}`).join(' AND ')})`;
    });
    // a key of one column is one list of values, far cheaper to match than a chain of ORs
    const match = ref.key.length === 1 ? `${ref.key[0]} IN (${tuples.join(', ')})` : `(${tuples.join(' OR ')})`;
    const rows = await scope.target.query<Record<string, string>>(
      `SELECT ${ref.key.map((c, i) => `CAST(${c} AS VARCHAR) AS k${i}`).join(', ')} FROM ${ref.table} WHERE tenant_id = $1${fixed} AND ${match}`,
      params,
    );
    for (const row of rows) found.push(jsonKey(ref.key.map((_, i) => row[`k${i}`])));
  }
  return found;
}
