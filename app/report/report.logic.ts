/**
 * Pure rules of the report page that are not query transitions (those live in engine/query): which header
 * buttons show, which totals request is current, how the filter box is laid out, the table's sort state,
 * the print payload and the export file name.
 */
import { requestRange, type DateRange } from '../../engine/dates';
import { chipItems, filterItems, type FormValues, type ReportState } from '../../engine/query';
import type { OptionItem, ReportConfig, ReportQuery, ReportRow } from '../../engine/wire';
import type { PrintPayload } from './source';

export interface HeaderButtons {
  export: boolean;
  refresh: boolean;
  print: boolean;
  explain: boolean;
  ai: boolean;
  columns: boolean;
}

/**
 * Rules 149–151: export and refresh only with rows (always on reports that say so, e.g. 70); print only
 * with rows and a print config; the explanation, AI and column buttons where the config has them.
 */
export function headerButtons(config: ReportConfig, hasRows: boolean): HeaderButtons {
  const always = hasRows || config.always_show_buttons;
  return {
    export: always,
    refresh: always,
    print: hasRows && !!config.print,
    explain: !!config.explain,
    ai: config.ai_assistant,
    columns: config.custom_columns,
  };
}

/** The totals the table shows: fetched with a search or a page-1 refresh, kept while paging and sorting. */
export interface TotalsRequest {
  query: ReportQuery;
  seq: number;
}

/** Rules 95, 120, 128: a new totals request when the state asks for totals; none when the table is emptied. */
export function nextTotalsRequest(prev: TotalsRequest | null, state: Pick<ReportState, 'query' | 'fetch_totals' | 'fetch_seq'>): TotalsRequest | null {
  if (!state.query) return null;
  if (!state.fetch_totals || prev?.seq === state.fetch_seq) return prev;
  return { query: state.query, seq: state.fetch_seq };
}

/**
 * Whether a search's rows wait for its totals: the totals asked with this very fetch (`seq`) are on their way.
 * A failed totals fetch ends the wait like an answer does (rule 123: the rows show, without totals).
 */
export function rowsWaitForTotals(totals: TotalsRequest | null, seq: number, totalsFetching: boolean): boolean {
  return !!totals && totals.seq === seq && totalsFetching;
}

/** The direction an order_by text ('sales desc') sorts `field` in; null when it sorts by another field or none. */
export function sortOfColumn(orderBy: string | null | undefined, field: string): 'asc' | 'desc' | null {
  const [id, dir] = (orderBy ?? '').trim().split(/\s+/);
  if (!id || id !== field) return null;
  return dir === 'desc' ? 'desc' : 'asc';
}

/**
 * The filter box grid: `perRow` cells a row; the first row holds perRow − 1 fields and the
 * 查询/重置 buttons; 展开/收起 appears when there is more than one row.
 */
export function filterLayout(fieldCount: number, perRow: number): { firstRow: number; rows: number; collapsible: boolean } {
  const firstRow = Math.min(fieldCount, perRow - 1);
  const rest = fieldCount - firstRow;
  const rows = 1 + Math.ceil(rest / perRow);
  return { firstRow, rows, collapsible: rows > 1 };
}

const joinLabels = (values: string[], options: OptionItem[] | undefined) =>
  values.map((v) => options?.find((o) => o.value === v)?.label ?? v).join('、');

/** The print header keeps each condition short (the server takes 200 characters a value). */
const CONDITION_MAX = 200;
const clip = (text: string) => (text.length > CONDITION_MAX ? `${text.slice(0, CONDITION_MAX - 1)}…` : text);

/** The searched conditions in words, for the print header (ranges, then filters with a value). */
export function queryConditions(
  config: ReportConfig,
  values: FormValues | null,
  optionsOf: (id: string) => OptionItem[] | undefined = () => undefined,
): { label: string; value: string }[] {
  if (!values) return [];
  const out: { label: string; value: string }[] = [];
  for (const range of config.dates) {
    const [s, e] = requestRange(values.dates[range.index] as DateRange | undefined, range.granularity);
    if (s || e) out.push({ label: range.label, value: `${s} 至 ${e}` });
  }
  for (const item of filterItems(config)) {
    const v = values.filters[item.id];
    let text = '';
    if (typeof v === 'string') text = item.type === 'select' ? joinLabels([v], item.options ?? optionsOf(item.id)) : v.trim();
    else if (Array.isArray(v) && item.type === 'number_range') {
      const [lo, hi] = v as (number | null)[];
      if (lo !== null || hi !== null) text = `${lo ?? ''} ~ ${hi ?? ''}`;
    } else if (Array.isArray(v)) text = joinLabels(v as string[], item.options ?? optionsOf(item.id));
    if (text) out.push({ label: item.label, value: clip(text) });
  }
  const chips = chipItems(config).filter((c) => values.chips.includes(c.id));
  if (chips.length) out.push({ label: '汇总维度', value: chips.map((c) => c.label).join('、') });
  return out;
}

/** Rule 157: the print payload of the shown query and rows; null without a print config or a query. */
export function printPayload(
  config: ReportConfig,
  query: ReportQuery | null,
  rows: ReportRow[],
  conditions: { label: string; value: string }[],
): PrintPayload | null {
  if (!config.print || !query) return null;
  const { refreshe: _refresh, ...shown } = query;
  return {
    table_id: query.table_id,
    is_list: '1',
    operate_content: { list: rows },
    print_json: { conditions, query: shown },
    export_type: config.print.export_type,
    service_type: config.print.service_type,
  };
}

/** Rule 156: the download is titled by the route title. */
export const exportFileName = (title: string): string => `${title.replace(/[\\/:*?"<>|]/g, '_') || 'report'}.xlsx`;

/** The custom-column key of a report page (one layout per report, per client and owner on the server). */
export const customColumnsKey = (pageTableId: number): string => `report_${pageTableId}`;

/** The route of a report page (also the custom-column route). */
export const reportRoute = (pageTableId: number): string => `/report/${pageTableId}`;

/** A table id from the route, or null when it is not a positive integer. */
export function parseTableId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null;
  const n = Number(param);
  return n > 0 ? n : null;
}
