/**
 * The query parameters a document field's picker takes from the document's other fields (definition
 * `picker_params`). The server checks a written code against the picker's offer for exactly these, so
 * the form's picker and the check read the same values.
 */
import type { StoredFieldDef } from './types';

const filled = (v: unknown): boolean => v !== null && v !== undefined && v !== '';

/** Each named field's value, the row's own first (a line's goods), else the header's; an empty field is not sent. */
export function pickerParams(field: Pick<StoredFieldDef, 'picker_params'>, row: Readonly<Record<string, unknown>>, header: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [param, key] of Object.entries(field.picker_params ?? {})) {
    const value = key in row ? row[key] : header[key];
    if (filled(value)) out[param] = String(value);
  }
  return out;
}
