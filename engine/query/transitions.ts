/**
 * Pure transitions of the report page state (immer). Each takes the state and returns the next one;
 * `query` changes exactly when the table must fetch, `fetch_totals` says whether /totals goes too.
 */
import { produce, type Draft } from 'immer';
import { applyShortcut, type DateRange, type ShortcutCode } from '../dates';
import { MAX_PAGE, PAGE_SIZES, type ReportConfig } from '../wire';
import { chipItems, filterItems, initialForm } from './form';
import { limitText, numberBounds, orderNumberRange, parseNumberInput, setNumberSide, type NumberRange } from './inputs';
import { NOTICES, type Message } from './messages';
import { requestFor, requiredDateMissing } from './request';
import type { FilterValue, FormValues, InitOptions, ReportState } from './types';

const snapshot = (s: FormValues): FormValues => ({
  filters: { ...s.filters },
  dates: { ...s.dates },
  shortcuts: { ...s.shortcuts },
  chips: [...s.chips],
});

function notify(d: Draft<ReportState>, message: Message): void {
  d.notice_seq += 1;
  d.notice = { ...message, seq: d.notice_seq };
}

/** Starts a fetch of the applied values at the current paging. */
function fetchApplied(d: Draft<ReportState>, config: ReportConfig, totals: boolean): void {
  if (!d.applied) return;
  d.fetch_seq += 1;
  d.query = requestFor(d.applied as FormValues, d as ReportState, config);
  d.fetch_totals = totals;
}

/** Search (rules 120, 125–129, 320): page 1, totals too; a missing required date empties the table. */
function searchDraft(d: Draft<ReportState>, config: ReportConfig): void {
  d.page_num = 1;
  if (requiredDateMissing(requestFor(d as ReportState, d as ReportState, config), config.dates)) {
    d.applied = null;
    d.query = null;
    d.fetch_totals = false;
    d.fetch_seq += 1;
    notify(d, NOTICES.DATE_REQUIRED);
    return;
  }
  d.applied = snapshot(d as ReportState);
  fetchApplied(d, config, true);
}

/** Takes a config: its ids and tab, default values and sort, then searches. Page size and org codes stay. */
function loadConfig(d: Draft<ReportState>, config: ReportConfig, today: string): void {
  Object.assign(d, initialForm(config, today));
  d.page_table_id = config.page_table_id;
  d.table_id = config.table_id;
  // spec §4: tab "2" is the default when the config names none
  d.is_history = config.is_history ?? d.is_history ?? (config.tabs?.length ? '2' : null);
  d.order_by = config.default_order_by;
  d.reload_config = false;
  searchDraft(d, config);
}

/**
 * The state of a freshly opened page (rule 87: page 1, size 50) with its first search done.
 * `today` is the tenant's 'YYYY-MM-DD'.
 */
export function initialState(config: ReportConfig, today: string, opts: InitOptions = {}): ReportState {
  const base: ReportState = {
    filters: {},
    dates: {},
    shortcuts: {},
    chips: [],
    page_table_id: config.page_table_id,
    table_id: config.table_id,
    is_history: null,
    org_codes: [...(opts.org_codes ?? [])],
    page_num: 1,
    page_size: opts.page_size ?? (config.default_page_size || 50),
    order_by: null,
    applied: null,
    query: null,
    fetch_totals: false,
    reload_config: false,
    fetch_seq: 0,
    notice: null,
    notice_seq: 0,
  };
  return produce(base, (d) => loadConfig(d, config, today));
}

export const search = (state: ReportState, config: ReportConfig): ReportState =>
  produce(state, (d) => searchDraft(d, config));

/**
 * Reset (rules 121, 321): every filter, range, shortcut and chip back to its default (defaults of
 * `today`), sort back to the config's; the page size and the tab stay. Then it searches.
 */
export const reset = (state: ReportState, config: ReportConfig, today: string): ReportState =>
  produce(state, (d) => loadConfig(d, config, today));

/** Refresh: the shown query again, with `refreshe` set so it is a new request; totals on page 1. */
export const refresh = (state: ReportState, config: ReportConfig): ReportState =>
  produce(state, (d) => {
    if (!d.applied) return;
    fetchApplied(d, config, d.page_num === 1);
    if (d.query) d.query.refreshe = d.fetch_seq;
  });

/** Page change (rules 95, 332): above 100 is refused and the page stays; totals are not refetched. */
export const setPage = (state: ReportState, config: ReportConfig, page: number): ReportState =>
  produce(state, (d) => {
    if (!Number.isInteger(page) || page < 1 || page === d.page_num) return;
    if (page > MAX_PAGE) {
      notify(d, NOTICES.PAGE_LIMIT);
      return;
    }
    d.page_num = page;
    fetchApplied(d, config, false);
  });

/** Page-size change: one of the offered sizes; back to page 1 (the totals do not depend on it). */
export const setPageSize = (state: ReportState, config: ReportConfig, size: number): ReportState =>
  produce(state, (d) => {
    const offered: readonly number[] = config.page_sizes?.length ? config.page_sizes : PAGE_SIZES;
    if (!offered.includes(size) || size === d.page_size) return;
    d.page_size = size;
    d.page_num = 1;
    fetchApplied(d, config, false);
  });

/**
 * Sort toggle (rules 116, 117, 324), only on sortable reports: the same column flips asc ↔ desc, another
 * column starts asc. It reloads page 1 of the applied values.
 */
export const toggleSort = (state: ReportState, config: ReportConfig, field: string): ReportState =>
  produce(state, (d) => {
    if (!config.sortable || !field) return;
    d.order_by = d.order_by === `${field} asc` ? `${field} desc` : `${field} asc`;
    d.page_num = 1;
    fetchApplied(d, config, false);
  });

/**
 * Tab change (rules 102, 103): the tab's table id from config.tabs, page 1, and the config reloads;
 * nothing is fetched until configLoaded.
 */
export const changeTab = (state: ReportState, config: ReportConfig, is_history: '1' | '2'): ReportState =>
  produce(state, (d) => {
    const tab = config.tabs?.find((t) => t.is_history === is_history);
    if (!tab || d.is_history === is_history) return;
    d.is_history = is_history;
    d.table_id = tab.table_id;
    d.page_num = 1;
    d.reload_config = true;
    d.applied = null;
    d.query = null;
    d.fetch_totals = false;
  });

/**
 * The config of the new tab arrived: fresh defaults for it (the history tab has its own default range
 * and restriction), the page size and org codes kept, then the first search of the tab.
 */
export const configLoaded = (state: ReportState, config: ReportConfig, today: string): ReportState =>
  produce(state, (d) => loadConfig(d, config, today));

/** Chip click (rules 113, 114): toggles, except a forced chip, which stays active. Applies on search. */
export const toggleChip = (state: ReportState, config: ReportConfig, id: string): ReportState =>
  produce(state, (d) => {
    const chips = chipItems(config);
    const chip = chips.find((c) => c.id === id);
    if (!chip || chip.forced) return;
    const active = new Set(d.chips);
    if (active.has(id)) active.delete(id);
    else active.add(id);
    d.chips = chips.filter((c) => active.has(c.id)).map((c) => c.id);
  });

/**
 * Sets a filter value, shaped by its widget: text cut to its maxlength (trimmed when sent), number
 * ranges clamped, rounded and ordered, selects '' → null, lists kept as lists. Unknown ids are ignored.
 */
export const setFilter = (state: ReportState, config: ReportConfig, id: string, value: FilterValue): ReportState =>
  produce(state, (d) => {
    const item = filterItems(config).find((f) => f.id === id);
    if (!item) return;
    switch (item.type) {
      case 'text':
        d.filters[id] = limitText(typeof value === 'string' ? value : '', item.maxlength);
        return;
      case 'select':
        d.filters[id] = typeof value === 'string' && value !== '' ? value : null;
        return;
      case 'number_range': {
        const bounds = numberBounds(item);
        const [lo, hi] = Array.isArray(value) ? value : [null, null];
        const range: NumberRange = [parseNumberInput(lo, bounds), parseNumberInput(hi, bounds)];
        d.filters[id] = orderNumberRange(range, 1);
        return;
      }
      default:
        d.filters[id] = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    }
  });

/** One side of a number range typed by the user (rules 343–346). */
export const setNumberBound = (
  state: ReportState,
  config: ReportConfig,
  id: string,
  side: 0 | 1,
  input: string | number | null,
): ReportState =>
  produce(state, (d) => {
    const item = filterItems(config).find((f) => f.id === id && f.type === 'number_range');
    if (!item) return;
    const current = d.filters[id];
    const range: NumberRange = Array.isArray(current) && current.length === 2 ? [current[0] as number | null, current[1] as number | null] : [null, null];
    d.filters[id] = setNumberSide(range, side, input, numberBounds(item));
  });

/** A range edited by hand: the value as typed (validated when sent) and its shortcut code cleared (rule 336). */
export const setDateRange = (state: ReportState, index: number, range: DateRange): ReportState =>
  produce(state, (d) => {
    d.dates[index] = [range[0] ?? '', range[1] ?? ''];
    d.shortcuts[index] = null;
  });

/** A shortcut click (rules 335–339): trimmed range and its code, or 选择日期超出限制 and nothing changes. */
export const pickShortcut = (
  state: ReportState,
  config: ReportConfig,
  index: number,
  code: ShortcutCode,
  today: string,
): ReportState =>
  produce(state, (d) => {
    const picker = config.dates.find((r) => r.index === index);
    if (!picker) return;
    const result = applyShortcut(code, picker, today, d.is_history === '1');
    if (!result.ok) {
      notify(d, result.message);
      return;
    }
    d.dates[index] = result.range;
    d.shortcuts[index] = code;
  });

export const clearNotice = (state: ReportState): ReportState =>
  produce(state, (d) => {
    d.notice = null;
  });
