/**
 * The wire contract between app and server. Field names are the spec's.
 * Both sides import these types; nothing else crosses the boundary.
 */

/** Every success answer: `{status:"200", message:"ok", data}`. */
export interface Envelope<T> {
  status: '200';
  message: string;
  data: T;
}

/** Every error answer, sent with the matching HTTP status. */
export interface ErrorBody {
  status: string;
  code: string;
  message: string;
}

export type ClientType = 'HMT' | 'HMD' | 'HMS';

// ---------------------------------------------------------------- auth

export interface LoginRequest {
  merchant_no: string;
  username: string;
  /** md5 hex of the typed password */
  password: string;
  client: ClientType;
}

export interface SessionInfo {
  tenant_id: number;
  tenant_name: string;
  merchant_no: string;
  account_id: number;
  username: string;
  account_name: string;
  client: ClientType;
  org_code: string;
  store_no: string | null;
  supplier_no: string | null;
  /** comma list of menu leaf ids the account holds */
  permission: string;
  displayMenu: string;
  account_org_relation: { org_code: string; org_name: string }[];
  store_info: { store_name: string } | null;
  is_special_tenant: boolean;
  /** both set: the forced password-change page is allowed */
  is_edit_password: 0 | 1;
  is_open_edit_password: 0 | 1;
}

export interface LoginResponse {
  token_type: 'Bearer';
  token: string;
  expires_at: string;
  session: SessionInfo;
}

export interface PasswordChangeRequest {
  original_pwd: string;
  new_pwd: string;
  new_pwd_again: string;
}

// ---------------------------------------------------------------- report config

/** Widget of a filter item (catalogue legend: DR, SEL, MS, NR, TXT, PK, CAS). */
export type FilterWidget =
  | 'date_range'
  | 'select'
  | 'multi_select'
  | 'number_range'
  | 'text'
  | 'picker'
  | 'cascader';

export type DateGranularity = 'day' | 'datetime' | 'week' | 'month';

/** Default range kinds (catalogue §0): Y, L7, M1, MON, WK, DT, T, 1970, H; `none` = starts empty (an optional extra range). */
export type DefaultRangeKind =
  | 'none'
  | 'yesterday'
  | 'last7'
  | 'month_to_yesterday'
  | 'prev_months'
  | 'last_week'
  | 'today_datetime'
  | 'today'
  | 'since_1970'
  | 'history';

/** Restriction kinds (catalogue §0): ≤Y, 3M, EM, WK, CM, none. */
export type DateRestriction = 'to_yesterday' | 'three_months' | 'earlier_months' | 'completed_weeks' | 'current_month' | 'none';

/** Where an option list comes from. */
export type OptionSource =
  | { kind: 'list'; list: string } // GET /api/options/{list}
  | { kind: 'dict'; code: string } // GET /api/dict?dic_code=
  | { kind: 'enum'; name: string } // fixed enumeration, values inline in `options`
  // a picker of the building blocks; `value`: the row field taken as the value when it is not the picker's
  // own code (a store picker filling an org_code column takes the store's org_code)
  | { kind: 'picker'; picker: string; value?: string }
  | { kind: 'cascader'; cascader: 1 | 2 | 3 | 4 | 5 | 6 };

export interface OptionItem {
  value: string;
  label: string;
  children?: OptionItem[];
}

/**
 * One entry of config `dimension`: a filter (dimension_show "0") or a summary-dimension chip
 * (dimension_show "1"). For a filter, `id` is the where_id sent in whereList.
 */
export interface DimensionItem {
  id: string;
  /** 'dimension' for chips; the filter widget otherwise */
  type: FilterWidget | 'dimension';
  fieldName: string;
  startField?: string;
  endField?: string;
  label: string;
  default_operator_id?: number;
  dimension_show: '0' | '1';
  active: boolean;
  /** chip stays active when clicked */
  forced?: boolean;
  source?: OptionSource;
  /** inline options for enumerations */
  options?: OptionItem[];
  /** default value of a filter (e.g. stocktake result [1,2]) */
  default_value?: string[];
  /** number range bounds */
  min?: number;
  max?: number;
  maxlength?: number;
  placeholder?: string;
}

/** One date range of the page: range 1 fills date_start/date_end, range 2 date_start_2/end_2, … */
export interface DateRangeConfig {
  index: 1 | 2 | 3 | 4;
  label: string;
  fieldName: string;
  granularity: DateGranularity;
  required: boolean;
  default_kind: DefaultRangeKind;
  /** for range ≥ 2: the default is the equally long period just before range 1 */
  default_previous_of?: 1;
  restriction: DateRestriction;
}

export interface HistoryTab {
  is_history: '1' | '2';
  label: string;
  table_id: number;
}

export interface ReportConfig {
  /** the id actually used (after the history-tab mapping) */
  table_id: number;
  /** the page's own id */
  page_table_id: number;
  title: string;
  dimension: DimensionItem[];
  /** indicator ids */
  index: string[];
  dates: DateRangeConfig[];
  tabs: HistoryTab[] | null;
  is_history: '1' | '2' | null;
  sortable: boolean;
  default_order_by: string | null;
  column_min_width: number;
  page_sizes: number[];
  default_page_size: number;
  export_type: number | null;
  print: { export_type: number; service_type: string } | null;
  /** export and refresh shown even with no rows */
  always_show_buttons: boolean;
  note: string | null;
  explain: { title: string; sections: { heading: string; lines: string[] }[] } | null;
  org_restricted: boolean;
  custom_columns: boolean;
  ai_assistant: boolean;
  hide_zero_rows: boolean;
}

// ---------------------------------------------------------------- report query and results

export interface WhereItem {
  where_id: string;
  operator_id: number;
  operation_value: (string | number)[];
}

export interface ReportQuery {
  table_id: number;
  page_num: number;
  page_size: number;
  indexIds?: string;
  /** 'field asc' | 'field desc' */
  order_by?: string;
  /** JSON text of WhereItem[] (an array is accepted too) */
  whereList?: string | WhereItem[];
  /** comma list of active chip ids */
  dimensionIds?: string;
  date_start?: string;
  date_end?: string;
  date_start_2?: string;
  end_2?: string;
  date_start_3?: string;
  end_3?: string;
  date_start_4?: string;
  end_4?: string;
  is_down?: '0' | '1';
  is_history?: '1' | '2';
  org_code?: string;
  refreshe?: number;
}

export type ColumnFormat = 'text' | 'int' | 'qty' | 'money' | 'rate' | 'pp' | 'date';

export interface Column {
  label: string;
  value: string;
  /** "1" dimension column, "2" numeric column (right-aligned) */
  type: '1' | '2';
  is_header_show: '0' | '1';
  index_desc?: string;
  format: ColumnFormat;
  sortable: boolean;
  min_width: number;
}

export type ReportRow = Record<string, string | number | null>;

export interface ReportData {
  title: Column[];
  list: ReportRow[];
  /** number of rows of the whole result (for the pager) */
  total: number;
}

export interface ReportTotals {
  total: number;
  /** list[0] is the totals row */
  list: ReportRow[];
}

/** Operator ids: 4 and 6 from the spec, the rest chosen by the catalogue. */
export const OPERATORS = { eq: 1, ne: 2, lt: 3, le: 4, gt: 5, ge: 6, contains: 7, in: 8 } as const;

export const PAGE_SIZES = [10, 20, 30, 50, 100, 500] as const;
export const MAX_PAGE = 100;
