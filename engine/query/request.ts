/** The report query as sent (spec §3, §5, §7; rules 96–98, 125–130, 145–148). */
import { requestRange } from '../dates';
import { OPERATORS, type DateRangeConfig, type DimensionItem, type ReportConfig, type ReportQuery, type WhereItem } from '../wire';
import { filterItems } from './form';
import { requestText } from './inputs';
import { NOTICES, type Message } from './messages';
import type { FilterValue, FormValues, ReportState } from './types';

/** Query fields of each range index. */
export const DATE_FIELDS = {
  1: ['date_start', 'date_end'],
  2: ['date_start_2', 'end_2'],
  3: ['date_start_3', 'end_3'],
  4: ['date_start_4', 'end_4'],
} as const satisfies Record<DateRangeConfig['index'], readonly [keyof ReportQuery, keyof ReportQuery]>;

const strings = (v: FilterValue): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/** The whereList entries of one filter; none when its value is empty. */
export function whereItems(item: DimensionItem, value: FilterValue | undefined): WhereItem[] {
  const where_id = item.id;
  const v = value ?? null;
  switch (item.type) {
    case 'number_range': {
      const [lo, hi] = Array.isArray(v) ? v : [null, null];
      const out: WhereItem[] = [];
      if (typeof lo === 'number') out.push({ where_id, operator_id: OPERATORS.ge, operation_value: [lo] });
      if (typeof hi === 'number') out.push({ where_id, operator_id: OPERATORS.le, operation_value: [hi] });
      return out;
    }
    case 'text': {
      const text = requestText(typeof v === 'string' ? v : '', item.maxlength);
      return text ? [{ where_id, operator_id: item.default_operator_id ?? OPERATORS.contains, operation_value: [text] }] : [];
    }
    case 'select': {
      const s = typeof v === 'string' ? v.trim() : '';
      return s ? [{ where_id, operator_id: item.default_operator_id ?? OPERATORS.eq, operation_value: [s] }] : [];
    }
    default: {
      // multi_select, picker, cascader: the list as it is (rule 148)
      const list = strings(v);
      return list.length ? [{ where_id, operator_id: item.default_operator_id ?? OPERATORS.in, operation_value: list }] : [];
    }
  }
}

export function buildWhereList(values: Pick<FormValues, 'filters'>, config: ReportConfig): WhereItem[] {
  return filterItems(config).flatMap((item) => whereItems(item, values.filters[item.id]));
}

type Paging = Pick<ReportState, 'table_id' | 'is_history' | 'org_codes' | 'page_num' | 'page_size' | 'order_by'>;

/** The query for some form values at some paging. Invalid dates go out as '' (rule 130). */
export function requestFor(values: FormValues, paging: Paging, config: ReportConfig): ReportQuery {
  const q: ReportQuery = {
    table_id: paging.table_id,
    page_num: paging.page_num,
    page_size: paging.page_size,
    indexIds: config.index.join(','),
    whereList: JSON.stringify(buildWhereList(values, config)),
    dimensionIds: values.chips.join(','),
    is_down: '0',
  };
  if (paging.order_by) q.order_by = paging.order_by;
  for (const range of config.dates) {
    const [s, e] = requestRange(values.dates[range.index], range.granularity);
    const [sf, ef] = DATE_FIELDS[range.index];
    Object.assign(q, { [sf]: s, [ef]: e });
  }
  if (paging.is_history) q.is_history = paging.is_history;
  if (config.org_restricted) q.org_code = paging.org_codes.join(',');
  return q;
}

/** The query the filter box would send now (its current values, the current page). */
export function buildRequest(state: ReportState, config: ReportConfig): ReportQuery {
  return requestFor(state, state, config);
}

/** The export request: the query the table shows, plus is_down "1" (spec §7). Null when nothing is shown. */
export function exportRequest(state: Pick<ReportState, 'query'>): ReportQuery | null {
  if (!state.query) return null;
  const { refreshe: _refresh, ...rest } = state.query;
  return { ...rest, is_down: '1' };
}

/**
 * True when a required range has an empty end in the query (an invalid date was sent as '' and
 * counts as missing). Works on the wire query, so the server can apply the same check (422).
 */
export function requiredDateMissing(query: ReportQuery, dates: DateRangeConfig[]): boolean {
  return dates.some((range) => {
    if (!range.required) return false;
    const [sf, ef] = DATE_FIELDS[range.index];
    return !query[sf] || !query[ef];
  });
}

/**
 * 请选择日期 when any required range (report 70's second range too) is missing or invalid in the current
 * values (rules 125–127); null otherwise. The caller then empties the table and sends nothing.
 */
export function checkRequired(state: ReportState, config: ReportConfig): Message | null {
  return requiredDateMissing(buildRequest(state, config), config.dates) ? NOTICES.DATE_REQUIRED : null;
}
