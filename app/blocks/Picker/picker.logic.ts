/**
 * The life of a list picker as pure transitions (rules 375–377): open and load, search with required
 * fields, page, choose, confirm, close. The dialog component only renders this state.
 */
import type { BlockSession, ListQuery, Page } from '../data-source/types';
import type { ListPickerDescription, Picked, PickerColumn, PickerFilter } from './picker.types';
import { fieldKey, type KeyOf } from './selection.logic';

export interface ListPickerState<R> {
  /** what the user typed */
  form: Record<string, string>;
  /** the filters in effect for loading */
  applied: Record<string, string>;
  page_num: number;
  page_size: number;
  chosen: R[];
}

/** Thrown for a picker asked for by an unknown type or without its required setup (rules 381, 382). */
export class PickerParamError extends Error {
  constructor(message = '参数异常') {
    super(message);
    this.name = 'PickerParamError';
  }
}

export function keyOfDescription<R>(desc: ListPickerDescription<any>): KeyOf<R> {
  return fieldKey<R>(desc.keyField);
}

/** Opening starts from empty filters and page 1 (rule 357 for the goods pickers, rule 375 for all). */
export function openPicker<R>(desc: ListPickerDescription<any>, chosen: R[] = []): ListPickerState<R> {
  const pageSize = desc.localPageSize ?? desc.preloadSize ?? desc.pageSize;
  return { form: {}, applied: {}, page_num: 1, page_size: pageSize, chosen: [...chosen] };
}

/** The page size of searches and resets (the local size for locally paged pickers). */
function searchPageSize(desc: ListPickerDescription<any>): number {
  return desc.localPageSize ?? desc.pageSize;
}

/** Closing clears the filters and the unconfirmed choice (rule 375). */
export function closePicker<R>(desc: ListPickerDescription<any>): ListPickerState<R> {
  return openPicker<R>(desc);
}

export function visibleFilters(desc: { filters: PickerFilter[] }, session: BlockSession): PickerFilter[] {
  return desc.filters.filter((f) => !f.visible || f.visible(session));
}

export function visibleColumns<R>(columns: PickerColumn<R>[], session: BlockSession): PickerColumn<R>[] {
  return columns.filter((c) => !c.visible || c.visible(session));
}

function trimmed(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = (value ?? '').trim();
    if (text !== '') out[key] = text;
  }
  return out;
}

/** The first required field left empty, as its warning key; null when the search may run. */
export function missingRequired(desc: ListPickerDescription<any>, values: Record<string, string>, session: BlockSession): string | null {
  const present = trimmed(values);
  const missing = visibleFilters(desc, session).find((f) => f.required && !(f.key in present));
  return missing?.required ?? null;
}

/** Whether the picker loads on open: not while a required field is still empty. */
export function loadsOnOpen(desc: ListPickerDescription<any>, session: BlockSession): boolean {
  return visibleFilters(desc, session).every((f) => !f.required);
}

export type SearchResult<R> = { ok: true; state: ListPickerState<R> } | { ok: false; message: string };

/** Search: required fields first (rule 376), then page 1 at the search page size. */
export function searchPicker<R>(desc: ListPickerDescription<any>, state: ListPickerState<R>, session: BlockSession): SearchResult<R> {
  const message = missingRequired(desc, state.form, session);
  if (message) return { ok: false, message };
  return { ok: true, state: { ...state, applied: trimmed(state.form), page_num: 1, page_size: searchPageSize(desc) } };
}

/** Reset empties the filters and keeps the chosen set. */
export function resetPicker<R>(desc: ListPickerDescription<any>, state: ListPickerState<R>): ListPickerState<R> {
  return { ...state, form: {}, applied: {}, page_num: 1, page_size: searchPageSize(desc) };
}

export function setFormValue<R>(state: ListPickerState<R>, key: string, value: string): ListPickerState<R> {
  return { ...state, form: { ...state.form, [key]: value } };
}

export function changePage<R>(state: ListPickerState<R>, page: number, pageSize: number): ListPickerState<R> {
  return { ...state, page_num: pageSize === state.page_size ? page : 1, page_size: pageSize };
}

/**
 * The request: the caller's extra parameters, the applied filters, paging, and last the session's fixed
 * parameters so a filter can never widen the user's scope.
 */
export function buildListQuery<R>(
  desc: ListPickerDescription<any>,
  state: ListPickerState<R>,
  session: BlockSession,
  extra: ListQuery = {},
): ListQuery {
  return {
    ...extra,
    ...state.applied,
    // a locally paged picker always asks for the whole list
    page_num: desc.localPageSize ? 1 : state.page_num,
    page_size: desc.localPageSize ? desc.pageSize : state.page_size,
    ...(desc.fixedParams?.(session) ?? {}),
  };
}

/** What the table shows of a loaded answer: the answer itself, or the local page of it. */
export function visiblePage<R>(desc: ListPickerDescription<any>, state: ListPickerState<R>, loaded: Page<R>): Page<R> {
  if (!desc.localPageSize) return loaded;
  const start = (state.page_num - 1) * state.page_size;
  return { list: loaded.list.slice(start, start + state.page_size), total: loaded.list.length };
}

export type ConfirmResult<R> = { ok: true; rows: R[] } | { ok: false; message: string };

/** Confirm returns the chosen rows; an empty choice gives the picker's own message (rule 377). */
export function confirmPicker<R>(desc: { emptyMessage: string }, chosen: readonly R[]): ConfirmResult<R> {
  return chosen.length === 0 ? { ok: false, message: desc.emptyMessage } : { ok: true, rows: [...chosen] };
}

/** 'code - name', or the code alone when there is no name. */
export function codeName(code: string, name: string | null | undefined): string {
  return name ? `${code} - ${name}` : code;
}

export function toPicked(desc: { codeField: string; nameField: string }, row: unknown): Picked {
  const r = row as Record<string, unknown>;
  return { code: String(r[desc.codeField] ?? ''), name: String(r[desc.nameField] ?? '') };
}
