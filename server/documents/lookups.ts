/**
 * Codes written on documents (header and lines: a store, a supplier, a goods item …) checked against
 * what exists in the tenant and, for the codes a picker scopes (goods, suppliers, stores), against
 * what this client's picker would offer: a code outside the client's scope reads exactly like an
 * unknown one, so the answer cannot tell which codes exist elsewhere.
 */
import type { DocumentValue } from '../../engine/document/wire';
import type { OptionSource } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { storeWhere } from '../pickers/parties';
import { ownSupplier } from '../pickers/scope';
import { Where } from '../pickers/sql';
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

/** The rows a picker offers this session: the table, the code column and the picker's own scope. */
interface PickScope {
  from: string;
  code: string;
  where: Where;
}

const bySupplier = (table: string, code: string) => (s: ServerSession): PickScope => ({
  from: `${table} x`,
  code: `x.${code}`,
  where: new Where().eq('x.tenant_id', s.tenant_id).eq('x.supplier_no', ownSupplier(s) ?? undefined),
});

/** Pickers whose offer depends on the client (server/pickers); every other picker offers the whole tenant. */
const PICKER_SCOPES: Record<string, (s: ServerSession, source: Extract<OptionSource, { kind: 'picker' }>) => PickScope> = {
  goods: bySupplier('sku', 'sku_no'),
  goods_multi: bySupplier('sku', 'sku_no'),
  scan: bySupplier('sku', 'sku_no'),
  supplier: bySupplier('supplier', 'supplier_no'),
  store: (s, source) => ({ from: 'store s', code: `s.${source.value ?? 'store_no'}`, where: storeWhere(s) }),
  multi_store: (s, source) => ({ from: 'store s', code: `s.${source.value ?? 'store_no'}`, where: storeWhere(s) }),
};

/** Which of these codes the session may pick for a field (its picker's scope, else the tenant's table). */
export async function pickableCodes(
  db: Db,
  session: ServerSession,
  field: { source?: OptionSource; lookup?: { table: string; key: string } },
  values: readonly string[],
): Promise<Set<string>> {
  const scope = field.source?.kind === 'picker' ? PICKER_SCOPES[field.source.picker]?.(session, field.source) : undefined;
  if (!scope) return field.lookup ? knownCodes(db, session.tenant_id, field.lookup, values) : new Set(values);
  if (!values.length) return new Set();
  const where = scope.where.in(`CAST(${scope.code} AS VARCHAR)`, values);
  const found = await db.query<{ v: string }>(`SELECT DISTINCT CAST(${scope.code} AS VARCHAR) AS v FROM ${scope.from} ${where.sql}`, where.params);
  return new Set(found.map((r) => r.v));
}

type CheckedField = { key: string; label: { zh: string }; source?: OptionSource; lookup?: { table: string; key: string } };

/** The first row holding a code of a looked-up field that is not in `allowed`, as a 400 naming it. */
async function refuseUnknown(
  rows: Record<string, DocumentValue>[],
  fields: CheckedField[],
  perLine: boolean,
  allowed: (f: CheckedField, values: string[]) => Promise<Set<string>>,
): Promise<void> {
  for (const f of fields) {
    if (!f.lookup) continue;
    const values = [...new Set(rows.map((r) => r[f.key]).filter((v) => v !== null && v !== undefined).map(String))];
    const known = await allowed(f, values);
    const i = rows.findIndex((r) => r[f.key] !== null && r[f.key] !== undefined && !known.has(String(r[f.key])));
    if (i >= 0) throw badRequest('UNKNOWN_CODE', `${perLine ? `第${i + 1}行：` : ''}${f.label.zh}'${rows[i][f.key]}'不存在`);
  }
}

/**
 * Values of the looked-up codes must be ones this session could pick (its own goods and supplier
 * for a supplier, the stores its store picker offers …); anything else is answered as unknown.
 */
export function checkPicks(db: Db, session: ServerSession, fields: CheckedField[], rows: Record<string, DocumentValue>[], perLine: boolean): Promise<void> {
  return refuseUnknown(rows, fields, perLine, (f, values) => pickableCodes(db, session, f, values));
}
