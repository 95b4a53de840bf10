/** Pure steps of printing a document with a style: the printed fields, placeholders, cell values, totals. */
import type { DocumentFile, StoredFieldDef } from '../document/types';
import type { DocumentDetail, DocumentRow } from '../document/wire';
import { ENUMS, isEnumName } from '../options';
import type { PrintDocument, PrintTemplate, PrintValue } from './template';

export const ROW_NUMBER_FIELD = '$row';

const valueText = (v: PrintValue | undefined): string => (v === null || v === undefined ? '' : String(v));

/** "单号：{receive_no}" → "单号：SH0001"; unknown fields print empty. */
export function fillText(text: string, header: Record<string, PrintValue>): string {
  return text.replace(/\{([a-z_][a-z0-9_]*)\}/g, (_, f: string) => valueText(header[f]));
}

/** The value of a line cell; `$row` is the 1-based line number. */
export function lineValue(line: Record<string, PrintValue>, field: string, index: number): PrintValue {
  return field === ROW_NUMBER_FIELD ? index + 1 : (line[field] ?? null);
}

/** Sum of a line column over the document's lines; numbers given as text count too, blanks do not. */
export function lineTotal(doc: PrintDocument, field: string): number {
  let sum = 0;
  for (const line of doc.lines) {
    const n = Number(line[field]);
    if (line[field] !== null && line[field] !== '' && Number.isFinite(n)) sum += n;
  }
  // cents survive float addition
  return Math.round(sum * 1e6) / 1e6;
}

/** Every field a template reads, for the documentation and for checks against a document type. */
export function templateFields(t: PrintTemplate): { header: string[]; lines: string[] } {
  const placeholders = [t.title, ...(t.footer ?? []), ...t.header.map((h) => h.label)].flatMap((s) =>
    [...s.matchAll(/\{([a-z_][a-z0-9_]*)\}/g)].map((m) => m[1]),
  );
  return {
    header: [...new Set([...t.header.map((h) => h.field), ...placeholders])],
    lines: [...new Set([...t.lines.map((c) => c.field), ...(t.totals ?? []).map((c) => c.field)].filter((f) => f !== ROW_NUMBER_FIELD))],
  };
}

/** Header field a template may print: when the document was printed ('YYYY-MM-DD HH:mm:ss'). */
export const PRINTED_AT_FIELD = 'printed_at';

/** The label of a field's enumeration value, or null when the field has no enumeration. */
function enumText(field: StoredFieldDef, value: PrintValue): string | null {
  if (field.source?.kind !== 'enum' || !isEnumName(field.source.name) || value === null) return null;
  return ENUMS[field.source.name].find((o) => o.value === String(value))?.label ?? String(value);
}

/** A row with `{key}_text` beside every enumerated field: 出库类型 prints 领用, not 13. */
function withTexts(row: DocumentRow, fields: readonly StoredFieldDef[]): Record<string, PrintValue> {
  const out: Record<string, PrintValue> = { ...row };
  for (const f of fields) {
    const text = enumText(f, row[f.key] ?? null);
    if (text !== null) out[`${f.key}_text`] = text;
  }
  return out;
}

/** Every field documentForPrint gives a document of this definition, for checking templates against it. */
export function printableFields(def: DocumentFile): { header: string[]; lines: string[] } {
  const extra = (fields: readonly StoredFieldDef[]) =>
    fields.flatMap((f) => [f.key, ...(f.lookup ? [`${f.key}_name`] : []), ...(f.source?.kind === 'enum' ? [`${f.key}_text`] : [])]);
  return {
    header: [...extra(def.header), def.tables.no_column, `${def.tables.status_column}_text`, PRINTED_AT_FIELD],
    lines: [def.tables.line_column, ...extra(def.lines)],
  };
}

/**
 * What a template prints of a document loaded by the server: its own header fields and line
 * columns, the looked-up names (`{key}_name`), enumeration labels (`{key}_text`), the state's label
 * (`{status column}_text`) and `printed_at`.
 */
export function documentForPrint(def: DocumentFile, doc: DocumentDetail, printedAt: string): PrintDocument {
  const state = def.states.find((s) => s.code === doc.status);
  return {
    header: {
      ...withTexts(doc.header, def.header),
      [`${def.tables.status_column}_text`]: state ? state.label.zh : doc.status,
      [PRINTED_AT_FIELD]: printedAt,
    },
    lines: doc.lines.map((l) => withTexts(l, def.lines)),
  };
}
