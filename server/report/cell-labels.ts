/**
 * What a report cell shows in the request's language, one rule for screens, exports and prints: an
 * enumeration code as its label, and a text the dataset definitions write into SQL themselves (未分类)
 * in English when English is asked for. Everything else, the tenant's own names included, is shown
 * as stored.
 */
import { enumLabeller } from '../../engine/definition/known';
import { definitionTextIn } from '../../engine/options';
import type { ReportRow } from '../../engine/wire';
import type { TextLang } from './config';
import type { OutputColumn } from './types';

export type CellLabel = (value: unknown) => ReportRow[string];

/**
 * How a column's values are shown, or null when they are shown as stored (the common case, so an
 * export can pass such columns through untouched). A definition text only ever sits in a dimension's
 * text column: the Chinese answer keeps it as written.
 */
export function cellLabel(column: OutputColumn, lang: TextLang): CellLabel | null {
  if (column.enum) return enumLabeller(column.enum, lang);
  if (lang === 'en' && column.type === '1' && column.format === 'text') {
    return (v) => (typeof v === 'string' ? definitionTextIn(v, lang) : asStored(v));
  }
  return null;
}

export function asStored(value: unknown): ReportRow[string] {
  return value === undefined || value === null ? null : (value as string | number);
}
