/**
 * Codes written on documents (header and lines: a store, a supplier, a goods item …) checked against
 * what exists in the tenant.
 */
import type { DocumentValue } from '../../engine/document/wire';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { Params } from './sql';

/** Which of these codes exist in the looked-up table of the tenant. */
export async function knownCodes(db: Db, tenantId: number, lookup: { table: string; key: string }, values: readonly string[]): Promise<Set<string>> {
  if (!values.length) return new Set();
  const p = new Params();
  const found = await db.query<{ v: string }>(
    `SELECT DISTINCT CAST(${lookup.key} AS VARCHAR) AS v FROM ${lookup.table}
      WHERE tenant_id = ${p.add(tenantId)} AND CAST(${lookup.key} AS VARCHAR) IN (${values.map((v) => p.add(v)).join(', ')})`,
    p.values,
  );
  return new Set(found.map((r) => r.v));
}

/** Values of the looked-up codes must exist in the tenant (a store, a supplier, a goods item …). */
export async function checkLookups(
  db: Db,
  tenantId: number,
  fields: { key: string; label: { zh: string }; lookup?: { table: string; key: string } }[],
  rows: Record<string, DocumentValue>[],
  perLine: boolean,
): Promise<void> {
  for (const f of fields) {
    if (!f.lookup) continue;
    const values = [...new Set(rows.map((r) => r[f.key]).filter((v) => v !== null && v !== undefined).map(String))];
    const known = await knownCodes(db, tenantId, f.lookup, values);
    const i = rows.findIndex((r) => r[f.key] !== null && r[f.key] !== undefined && !known.has(String(r[f.key])));
    if (i >= 0) throw badRequest('UNKNOWN_CODE', `${perLine ? `第${i + 1}行：` : ''}${f.label.zh}'${rows[i][f.key]}'不存在`);
  }
}
