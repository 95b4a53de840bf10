/**
 * Codes written on documents (header and lines: a store, a supplier, a goods item, a warehouse, a lot …)
 * checked against what exists in the tenant and, for the codes a picker scopes, against what this
 * client's picker would offer for the document's other fields (server/pickers/offers.ts): a code outside
 * the client's scope reads exactly like an unknown one, so the answer cannot tell which codes exist elsewhere.
 */
import { pickerParams } from '../../engine/document/picker-params';
import type { DocumentValue } from '../../engine/document/wire';
import type { OptionSource } from '../../engine/wire';
import type { ServerSession } from '../auth/session';
import type { Db } from '../db/types';
import { badRequest } from '../http/errors';
import { PICKER_OFFERS, type PickerOffer } from '../pickers/offers';
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

type CheckedField = {
  key: string;
  label: { zh: string };
  source?: OptionSource;
  lookup?: { table: string; key: string };
  picker_params?: Record<string, string>;
};

/** The picker that answers a field, when its offer depends on the client or the document. */
function offerOf(field: CheckedField): PickerOffer | undefined {
  return field.source?.kind === 'picker' ? PICKER_OFFERS[field.source.picker] : undefined;
}

const filled = (v: unknown): v is string | number | boolean => v !== null && v !== undefined && v !== '';

/** A pick as compared: the code and the values of the parameters matched on the picker's rows. */
const pickKey = (code: string, matched: readonly string[]) => JSON.stringify([code, ...matched]);

/**
 * The picks the session may make for a field among these codes: its picker's offer for `params`, else
 * the tenant's looked-up table, else any. `matched` names parameters the offer matches per row on its
 * rowColumns (a lot's goods) instead of narrowing the query, each pick keyed with their values.
 */
async function offeredPicks(
  db: Db,
  session: ServerSession,
  field: CheckedField,
  values: readonly string[],
  params: Record<string, string>,
  matched: readonly string[],
): Promise<Set<string>> {
  const offer = offerOf(field);
  if (!offer) {
    const known = field.lookup ? await knownCodes(db, session.tenant_id, field.lookup, values) : new Set(values);
    return new Set([...known].map((v) => pickKey(v, [])));
  }
  if (!values.length) return new Set();
  const { from, where } = offer.query(session, params);
  const code = `CAST(${offer.code(field.source?.kind === 'picker' ? field.source.value : undefined)} AS VARCHAR)`;
  where.in(code, values);
  const columns = matched.map((p, i) => `, CAST(${offer.rowColumns![p]} AS VARCHAR) AS m${i}`).join('');
  const found = await db.query<Record<string, string>>(`SELECT DISTINCT ${code} AS v${columns} FROM ${from} ${where.sql}`, where.params);
  return new Set(found.map((r) => pickKey(r.v, matched.map((_, i) => r[`m${i}`]))));
}

/** A row holding a code its field's picker would not offer. */
export interface Unpickable {
  /** index of the row */
  row: number;
  field: CheckedField;
  value: string;
}

/**
 * Every row whose looked-up or picked codes this session could not have picked there, field by field in
 * row order. Rows whose picker parameters differ only in ones the offer matches per row (the goods of
 * many lines) are checked in one query.
 */
export async function unpickableRows(
  db: Db,
  session: ServerSession,
  fields: readonly CheckedField[],
  rows: readonly Record<string, unknown>[],
  header: Record<string, unknown>,
): Promise<Unpickable[]> {
  const out: Unpickable[] = [];
  for (const field of fields) {
    const offer = offerOf(field);
    if (!field.lookup && !offer) continue;
    const groups = new Map<string, { params: Record<string, string>; matched: string[]; rows: { i: number; key: string }[] }>();
    rows.forEach((r, i) => {
      if (!filled(r[field.key])) return;
      const params = pickerParams(field, r, header);
      // a parameter the row itself gives is matched on the offer's rows when the offer can
      const matched = Object.keys(params).filter((p) => offer?.rowColumns?.[p] && field.picker_params![p] in r);
      const shared = Object.fromEntries(Object.entries(params).filter(([p]) => !matched.includes(p)));
      const id = JSON.stringify([shared, matched]);
      const group = groups.get(id) ?? groups.set(id, { params: shared, matched, rows: [] }).get(id)!;
      group.rows.push({ i, key: pickKey(String(r[field.key]), matched.map((p) => params[p])) });
    });
    const refused: Unpickable[] = [];
    for (const { params, matched, rows: members } of groups.values()) {
      const values = [...new Set(members.map(({ i }) => String(rows[i][field.key])))];
      const picks = await offeredPicks(db, session, field, values, params, matched);
      for (const { i, key } of members) if (!picks.has(key)) refused.push({ row: i, field, value: String(rows[i][field.key]) });
    }
    out.push(...refused.sort((a, b) => a.row - b.row));
  }
  return out;
}

/**
 * Codes written on a document must be ones this session could pick there (its own goods and supplier
 * for a supplier, the stores its store picker offers, a warehouse of the document's org, a location of
 * its warehouse, a lot of the line's goods in stock there …); the first other one is a 400 naming it.
 */
export async function checkPicks(
  db: Db,
  session: ServerSession,
  fields: readonly CheckedField[],
  rows: Record<string, DocumentValue>[],
  perLine: boolean,
  header: Record<string, DocumentValue>,
): Promise<void> {
  const [first] = await unpickableRows(db, session, fields, rows, header);
  if (first) throw badRequest('UNKNOWN_CODE', `${perLine ? `第${first.row + 1}行：` : ''}${first.field.label.zh}'${first.value}'不存在`);
}
