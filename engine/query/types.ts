import type { DateRange, ShortcutCode } from '../dates';
import type { ReportQuery } from '../wire';
import type { NumberRange } from './inputs';
import type { Message } from './messages';

/**
 * A filter value by widget: select → string | null; multi_select, picker, cascader → string[]
 * (codes); number_range → [lower, upper]; text → string. Date ranges live in `dates`, not here.
 */
export type FilterValue = string | string[] | NumberRange | null;

/** What the filter box and the chip row show. */
export interface FormValues {
  /** by filter id (the where_id) */
  filters: Record<string, FilterValue>;
  /** by date-range index (1 → date_start/date_end, 2 → date_start_2/end_2, …) */
  dates: Record<number, DateRange>;
  /** the shortcut that filled a range; null once the range is edited by hand (rule 336) */
  shortcuts: Record<number, ShortcutCode | null>;
  /** active chip ids, in config order */
  chips: string[];
}

/** `seq` grows with each notice, so the same message raised twice is shown twice. */
export type Notice = Message & { seq: number };

export interface ReportState extends FormValues {
  page_table_id: number;
  /** the id the requests use (the tab's id on tabbed pages) */
  table_id: number;
  is_history: '1' | '2' | null;
  /** org codes joined into org_code on org-restricted reports */
  org_codes: string[];
  page_num: number;
  page_size: number;
  order_by: string | null;
  /** the values of the last accepted search; paging and sorting reuse them, not unsearched edits */
  applied: FormValues | null;
  /** the request the table shows; null = table emptied, nothing to fetch */
  query: ReportQuery | null;
  /** the current query also fetches /totals (search and refresh on page 1; rule 120) */
  fetch_totals: boolean;
  /** the tab changed: load the config of `table_id`, then call configLoaded */
  reload_config: boolean;
  /** grows with every new fetch (the app refetches and closes the AI panel on change) */
  fetch_seq: number;
  /** a message for the user (toast), until clearNotice */
  notice: Notice | null;
  notice_seq: number;
}

export interface InitOptions {
  /** account_org_relation org codes, for org-restricted reports */
  org_codes?: string[];
  /** keep a page size chosen before (tab change) */
  page_size?: number;
}
