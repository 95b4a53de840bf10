/** Pure steps of printing a document with a style: placeholders, cell values, totals. */
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
