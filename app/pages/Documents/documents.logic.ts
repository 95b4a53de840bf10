/**
 * What the generic document pages derive from a definition (engine/document/types.ts): filter values and
 * the list query, toolbar buttons allowed by the document's state, header items, line editing. Pure; no
 * document type is named here.
 */
import type { ClientType, OptionItem } from '../../../engine/wire';
import type { I18nText } from '../../../engine/definition/types';
import type {
  DocumentAction,
  DocumentFile,
  DocumentFilterDef,
  ToolbarButtonDef,
} from '../../../engine/document/types';
import type { DocumentDetail, DocumentRow, DocumentValue } from '../../../engine/document/wire';
import { FUNCTION_KEYS, type FunctionKey, type ToolbarButton } from '../../blocks/Toolbar';
import { pickedLineValues, pickedLot, pickedLotQty, pickedNames } from './lines.logic';

export const textOf = (text: I18nText, locale: string) => (locale === 'en-US' ? text.en : text.zh);

/** Default page size of document lists (building blocks §9). */
export const DEFAULT_PAGE_SIZE = 20;

/** One filter's value: text, codes, or a [start, end] range. */
export type FilterValue = string | string[] | [string | null, string | null] | [number | null, number | null];
export type FilterValues = Record<string, FilterValue>;

export const visibleFor = <T extends { hidden_for?: ClientType[] }>(items: readonly T[], client: ClientType) =>
  items.filter((i) => !i.hidden_for?.includes(client));

function emptyValue(f: DocumentFilterDef): FilterValue {
  switch (f.widget) {
    case 'date_range':
    case 'number_range':
      return [null, null];
    case 'multi_select':
    case 'picker':
      return [];
    default:
      return '';
  }
}

export function initialFilters(filters: readonly DocumentFilterDef[]): FilterValues {
  return Object.fromEntries(filters.map((f) => [f.id, emptyValue(f)]));
}

/** Filter bar reset: every field empties except those flagged not to clear. */
export function resetFilters(filters: readonly DocumentFilterDef[], values: FilterValues): FilterValues {
  return Object.fromEntries(filters.map((f) => [f.id, f.not_to_clear ? values[f.id] : emptyValue(f)]));
}

/** The list request: paging, order and each filled filter (ranges as {id}_start / {id}_end, lists comma-joined). */
export function listQuery(
  filters: readonly DocumentFilterDef[],
  values: FilterValues,
  page: { page_num: number; page_size: number; order_by?: string },
): Record<string, string | number> {
  const q: Record<string, string | number> = { page_num: page.page_num, page_size: page.page_size };
  if (page.order_by) q.order_by = page.order_by;
  for (const f of filters) {
    const v = values[f.id];
    if (f.widget === 'date_range' || f.widget === 'number_range') {
      const [start, end] = (v ?? [null, null]) as [unknown, unknown];
      if (start !== null && start !== '') q[`${f.id}_start`] = start as string | number;
      if (end !== null && end !== '') q[`${f.id}_end`] = end as string | number;
    } else if (Array.isArray(v)) {
      if (v.length) q[f.id] = v.join(',');
    } else if (typeof v === 'string' && v.trim()) {
      q[f.id] = v.trim();
    }
  }
  return q;
}

/** A click on a sortable list header (rule 324): the same column flips asc ↔ desc, another starts asc. */
export const nextListOrder = (orderBy: string, field: string): string => (orderBy === `${field} asc` ? `${field} desc` : `${field} asc`);

/** Whether two list requests ask the same (a search that changes nothing must still fetch again). */
export function sameQuery(a: Record<string, string | number>, b: Record<string, string | number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => String(a[k]) === String(b[k]));
}

/** What a toolbar button does on the pages. */
export type ButtonAction = 'add' | 'save' | 'delete' | 'submit' | 'audit' | 'attachments' | 'lots' | 'approvals' | 'import' | 'export' | 'print' | 'close' | 'edit';

// the spec's function keys (rule 319) plus the definition language's own
const ACTION_BY_KEY: Record<number, ButtonAction> = {
  ...FUNCTION_KEYS,
  22: 'submit',
  23: 'attachments',
  24: 'lots',
  25: 'approvals',
  26: 'close',
};

export const buttonAction = (key: number): ButtonAction => ACTION_BY_KEY[key];

/**
 * The definition's buttons as toolbar buttons: a button tied to an action is enabled only when the
 * document allows that action now (`allowed` null on a list page with nothing selected disables them).
 * Close is the toolbar's own button; print shows only for a definition that says what prints it.
 */
export function toolbarButtons(defs: readonly ToolbarButtonDef[], allowed: readonly DocumentAction[] | null, locale: string, printable = false): ToolbarButton[] {
  return defs
    .filter((b) => b.function_key !== 26 && (b.function_key !== 20 || printable))
    .map((b) => ({
      key: buttonAction(b.function_key),
      label: textOf(b.label, locale),
      fn: b.function_key in FUNCTION_KEYS ? (b.function_key as FunctionKey) : undefined,
      disabled: b.action ? !allowed?.includes(b.action) : false,
    }));
}

export const hasCloseButton = (defs: readonly ToolbarButtonDef[]) => defs.some((b) => b.function_key === 26);

/** The actions a session may take on the document in its state, for these clients (the server's answer wins). */
export function stateActions(def: DocumentFile, status: string, client: ClientType): DocumentAction[] {
  const state = def.states.find((s) => s.code === status);
  if (!state) return [];
  return [...state.actions, ...(state.client_actions?.[client] ?? [])];
}

export function stateLabel(def: DocumentFile, status: DocumentValue, locale: string): { label: string; color?: string } {
  const state = def.states.find((s) => s.code === String(status));
  return state ? { label: textOf(state.label, locale), color: state.color } : { label: String(status ?? '-') };
}

/**
 * A header or line value for display: looked-up names beside codes ('code - name'), and the option's
 * label for a code from an option list (收货类型 采购, not 1).
 */
export function shownValue(row: DocumentRow, key: string, hasLookup: boolean, options?: readonly OptionItem[]): string {
  const v = row[key];
  if (v === null || v === undefined || v === '') return '-';
  const option = options?.find((o) => String(o.value) === String(v));
  if (option) return option.label;
  const name = hasLookup ? row[`${key}_name`] : null;
  return name ? `${v} - ${name}` : String(v);
}

/** The editable copy of a document's header and lines: the stored, writable columns, the lines' looked-up names to show and their ids. */
export function editableCopy(def: DocumentFile, detail: DocumentDetail): { header: Record<string, DocumentValue>; lines: Record<string, DocumentValue>[] } {
  const header = Object.fromEntries(def.header.filter((h) => !h.readonly).map((h) => [h.key, detail.header[h.key] ?? null]));
  // the line id too: actions on a line (分配批次) find the stored line by it, never by place
  const keys = [...def.lines.filter((c) => !c.readonly).map((c) => c.key), ...def.lines.filter((c) => c.lookup).map((c) => `${c.key}_name`), def.tables.line_column];
  const lines = detail.lines.map((l) => Object.fromEntries(keys.map((k) => [k, l[k] ?? null])));
  return { header, lines };
}

/**
 * Lines added by a goods picker: each returned row fills the writable line columns of the same name
 * (sku_no; lot_no from a lot-stock row) and the prices the goods master gives (lines.logic.ts), the rest
 * stay empty. A row matching a line already there on every filled column adds nothing, so picking the
 * same goods twice keeps one line. A lot-stock row of a document that allocates lots apart from its
 * lines becomes a line of its own for that lot, starting at one unit (lines.logic.ts), the lot kept on it
 * until the save allocates it.
 */
export function addPickedLines(def: DocumentFile, lines: readonly Record<string, DocumentValue>[], rows: readonly Record<string, unknown>[]) {
  const writable = def.lines.filter((c) => !c.readonly).map((c) => c.key);
  const blank = Object.fromEntries(writable.map((k) => [k, null])) as Record<string, DocumentValue>;
  const out = [...lines];
  for (const row of rows) {
    const lot = pickedLot(def, writable, row);
    const filled: Record<string, string> = { ...pickedLineValues(writable, row), ...lot };
    if (!filled.sku_no) continue;
    const same = (l: Record<string, DocumentValue>) => Object.entries(filled).every(([k, v]) => String(l[k] ?? '') === v);
    if (!out.some(same)) out.push({ ...blank, ...filled, ...pickedLotQty(def, writable, lot), ...pickedNames(def, row) });
  }
  return out;
}

/** The line adders of a document for a client; without any, the sku_no column's own picker. */
export function linePickers(def: DocumentFile, client: ClientType): { picker: string; label: I18nText | null }[] {
  if (def.line_pickers?.length) return visibleFor(def.line_pickers, client);
  const sku = def.lines.find((c) => c.key === 'sku_no');
  return sku?.source?.kind === 'picker' ? [{ picker: sku.source.picker, label: null }] : [];
}

/** The first required header field or line column left empty, for a message before anything is sent. */
export function missingRequired(def: DocumentFile, client: ClientType, header: Record<string, DocumentValue>, lines: readonly Record<string, DocumentValue>[]): string | null {
  const empty = (v: DocumentValue | undefined) => v === null || v === undefined || v === '';
  // a field hidden for the client is filled from its session by the server
  const h = def.header.find((f) => f.required && !f.readonly && !f.hidden_for?.includes(client) && empty(header[f.key]));
  if (h) return h.key;
  for (const line of lines) {
    const c = def.lines.find((col) => col.required && !col.readonly && empty(line[col.key]));
    if (c) return c.key;
  }
  return null;
}
