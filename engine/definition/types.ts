/**
 * The report definition language. Two kinds of JSON file, each with "$schema" first:
 *
 * - report-defs/datasets/*.json (`DatasetFile`): the semantic layer. Where rows come from (a table
 *   with joins, or a UNION ALL of parts), the dimensions and filterable fields, the measures, and
 *   the row scope per client.
 * - report-defs/reports/*.json (`ReportFile`): one report id. Which dataset, which chips, filters,
 *   indicators and date ranges, and every per-report UI rule of the spec as a field.
 *
 * SQL in a definition is a fragment written by an analyst and reviewed like code: identifiers and
 * expressions come only from here. Values never do: a fragment names a value by a placeholder
 * (`{tenant_id}`, `{date_start}`, …) and the compiler binds it as a $n parameter. The JSON Schemas
 * in schemas/ are generated from these types (npm run gen:schema).
 */
import type {
  ClientType,
  ColumnFormat,
  DateGranularity,
  DateRestriction,
  DefaultRangeKind,
  FilterWidget,
  OptionSource,
} from '../wire';

/** A text in both catalogues. */
export interface I18nText {
  /** @minLength 1 */
  zh: string;
  /** @minLength 1 */
  en: string;
}

/**
 * Lower-case identifier: ids of dimensions, measures, fields, columns, aliases.
 * @pattern ^[a-z][a-z0-9_]*$
 */
export type Ident = string;

/**
 * Dataset id = its file name without .json.
 * @pattern ^[a-z][a-z0-9-]*$
 */
export type DatasetId = string;

/**
 * Table or view name; a report may map it to another physical table (`tables`).
 * @pattern ^[a-z][a-z0-9_]*$
 */
export type TableName = string;

/**
 * An SQL fragment over the aliases in scope. Placeholders in braces name bound values:
 * {tenant_id}; {date_start}, {date_end}, {date_start_prev} (start − 1 day), {date_end_next}
 * (end + 1 day), with a suffix _2.._4 for the other ranges; {today} (the tenant's today, e.g. for
 * remaining shelf-life days); {values} in a field condition.
 * No semicolons, comments or $ parameters.
 * @minLength 1
 */
export type SqlFragment = string;

/**
 * A column type of a union source.
 * @pattern ^(VARCHAR(\([0-9]+\))?|BIGINT|INTEGER|SMALLINT|DECIMAL\([0-9]+,[0-9]+\)|DATE|TIMESTAMP)$
 */
export type SqlType = string;

/** How a value of a dimension or field is typed when bound (CAST($n AS …)). */
export type ValueType = 'text' | 'int' | 'number' | 'date' | 'datetime';

// ------------------------------------------------------------------ dataset

export interface Join {
  table: TableName;
  alias: Ident;
  /** join condition without the tenant equality, which the compiler always adds */
  on: SqlFragment;
  /** default "left": a look-up, dropped when nothing uses its alias */
  kind?: 'inner' | 'left';
  /**
   * The look-up can match several rows per fact row (e.g. a SKU's tag categories). The totals row never
   * reads it, so rows grouped through it and the totals row cannot come from one grouped pass.
   */
  fan_out?: boolean;
}

/** One fact table (or view) with its joins. Dimensions and measures use its aliases. */
export interface TableSource {
  table: TableName;
  alias: Ident;
  joins?: Join[];
  /** conditions every query of the dataset applies */
  where?: SqlFragment[];
}

export interface UnionColumn {
  name: Ident;
  type: SqlType;
}

/**
 * One branch of a union source. It projects the union's columns by name (`select`); a column it
 * does not list is NULL. Its own joins and conditions stay inside the branch, so a date filter
 * here does not drop rows of the other branches (e.g. organisations without sales).
 */
export interface UnionPart {
  id: Ident;
  table: TableName;
  alias: Ident;
  joins?: Join[];
  where?: SqlFragment[];
  select: Record<string, SqlFragment>;
  /**
   * The branch has no value for these dimensions: while any of them is an active chip the branch is
   * left out of the rows (the totals row keeps it). Pair with the measures' null_when_dimensions.
   */
  omit_when_dimensions?: Ident[];
  /**
   * The branch is in the rows only while all of these chips are active; the totals row, which groups
   * by nothing, leaves it out. E.g. month-end balances per month next to a range-end branch that
   * omits itself under the month chip.
   */
  only_with_dimensions?: Ident[];
}

/**
 * Pre-shaped rows: UNION ALL of the parts, seen as one table under `alias`, then look-up joins.
 * Used for comparison and balance sources (opening / movements / closing), and for "every
 * organisation even without sales" (a branch of organisations next to a branch of sales).
 */
export interface UnionSource {
  /** @minItems 1 */
  union: UnionPart[];
  /** @minItems 1 */
  columns: UnionColumn[];
  alias: Ident;
  joins?: Join[];
  where?: SqlFragment[];
}

export interface DateColumn {
  expr: SqlFragment;
  /** a datetime column filtered by days compares start ≤ x < end + 1 day */
  type: 'date' | 'datetime';
  /**
   * The same value carried by other tables of the source (equal to `expr` by construction, e.g. the
   * order's business date on its lines). A range filters these too, so the database can skip their
   * blocks instead of reading them whole to join.
   */
  also?: SqlFragment[];
  /** the column's name where a report picks it (the studio's 日期字段); without it, the dimension of the same id or a shipped report's range names it */
  label?: I18nText;
}

/** One output column of a dimension; the first column of a dimension is its key. */
export interface DimensionColumn {
  /** output field key (Column.value) */
  value: Ident;
  label: I18nText;
  expr: SqlFragment;
  /** the value is a code of this fixed enumeration, shown as its label */
  enum?: string;
}

export interface DimensionDef {
  id: Ident;
  label: I18nText;
  /** @minItems 1 */
  columns: DimensionColumn[];
  /** type of the key when filtered */
  value_type: ValueType;
}

/**
 * Something a filter can test that is not a dimension key: several expressions ORed (sku_no or
 * barcode contains …), or a whole condition template using {values} (e.g. an EXISTS over another
 * table). `part` puts the condition inside one branch of a union source.
 */
export interface FieldDef {
  id: Ident;
  value_type: ValueType;
  exprs?: SqlFragment[];
  condition?: SqlFragment;
  part?: Ident;
  /** like `part`, for a condition every one of these branches applies (the other branches stay unfiltered) */
  parts?: Ident[];
  /** the field's name where a report filters on it (the studio's 筛选条件); without it, a shipped report's filter on it names it */
  label?: I18nText;
}

export type Aggregation = 'sum' | 'count' | 'count_distinct' | 'min' | 'max';

export interface MeasureBase {
  id: Ident;
  label: I18nText;
  /** help text (index_desc), carrying the formula */
  desc?: I18nText;
  format: ColumnFormat;
  /** shown as null ("-") on the rows while any of these chips is active; the totals row keeps it */
  null_when_dimensions?: Ident[];
}

/** An aggregate: SUM / COUNT / COUNT DISTINCT / MIN / MAX of an expression, optionally conditional. */
export interface MeasureDef extends MeasureBase {
  agg: Aggregation;
  /** required except for count */
  expr?: SqlFragment;
  /** only rows where this holds: SUM(CASE WHEN filter THEN expr ELSE 0 END) and so on */
  filter?: SqlFragment;
  /**
   * A balance at the end of a period (stock, month-end cost): split by a time chip, each row holds
   * its own period's end and the totals row the end of the whole range, so the rows do not add up
   * to the totals.
   */
  point_in_time?: boolean;
  /**
   * Table sources with a comparison date range: the range this measure aggregates over
   * (default 1). A report with a comparison range reads both ranges in one scan.
   * @minimum 1
   * @maximum 4
   */
  range?: number;
}

/**
 * A measure computed from other measures, on every row and on the totals row alike, so a ratio
 * is always a ratio of sums.
 * - ratio(a, b) = a / NULLIF(b, 0)
 * - difference(a, b) = a − b; sum(a, b, …) = a + b + …
 * - growth(a, b) = (a − b) / NULLIF(ABS(b), 0)
 * - share(a) = a / Σa over all rows (1 on the totals row)
 * - rank(a) = RANK by a descending (null on the totals row)
 * - cumulative(a) = running Σa along the `along` chip within the other chips (a without that chip, and on the totals row)
 * - total(a) = a over the whole filtered set on every row (a share's denominator); number ranges on aggregates do not narrow it
 * - formula: arithmetic over {measure} references, numbers and + − * / ( )
 */
export interface DerivedDef extends MeasureBase {
  op: 'ratio' | 'difference' | 'sum' | 'growth' | 'share' | 'rank' | 'cumulative' | 'total' | 'formula';
  args?: Ident[];
  formula?: string;
  /** rank only: rank by the query's sort column and direction when it is another indicator (else by args[0], descending) */
  follow_sort?: boolean;
  /** cumulative only: the dimension (chip) the running sum goes along, e.g. the hour of day */
  along?: Ident;
  /**
   * ratio only: null ("-") unless the denominator is > 0, not only when it is 0 (days of stock
   * when the sales quantity is ≤ 0)
   */
  positive_denominator?: boolean;
}

export type SessionValue = 'org_code' | 'store_no' | 'supplier_no' | 'org_codes';

/**
 * Row scope of one client: expr = the session value (org_codes: expr IN the account's related
 * orgs, intersected with the request's org_code when the report is org-restricted).
 */
export interface ScopeRule {
  expr: SqlFragment;
  session: SessionValue;
  /** union sources: apply inside this branch instead of on the union */
  part?: Ident;
}

/** HMT sees every row of its tenant; HMD and HMS rows are limited by these rules. */
export interface ScopeMap {
  HMD?: ScopeRule[];
  HMS?: ScopeRule[];
}

/**
 * A pre-aggregated copy of the dataset's facts (the source with its inner joins, its `where` applied):
 * one row per tenant and combination of the dimensions' keys, each measure summed over that grain.
 * A query is answered from it instead of the facts when everything it reads is kept here: its chips,
 * filters, date columns, row scope and conditions use only these keys (directly or through the
 * dataset's look-up joins on them), and every base measure it aggregates is one of these sums, or
 * the same sum over another date range. The table is created by a migration with the columns
 * tenant_id, each dimension's key column (named by the part of its key expression after the alias)
 * and each measure (named by its id); `npm run seed -- --refresh-summaries` rebuilds it from the facts.
 */
export interface SummaryDef {
  table: TableName;
  /**
   * Dimensions whose key (`alias.column` of the source or an inner join) is kept. A date column whose
   * expression is one of these keys is kept too.
   * @minItems 1
   */
  dimensions: Ident[];
  /**
   * Measures kept as sums over the grain: `sum` measures without a point in time or placeholders,
   * reading the source and its inner joins only.
   * @minItems 1
   */
  measures: Ident[];
}

export interface DatasetFile {
  $schema: string;
  /** file name without .json */
  id: DatasetId;
  title: I18nText;
  source: TableSource | UnionSource;
  /** columns a report date range may filter on (table sources; union sources use placeholders) */
  date_columns?: Record<string, DateColumn>;
  dimensions: DimensionDef[];
  fields?: FieldDef[];
  measures: MeasureDef[];
  derived?: DerivedDef[];
  /** named conditions a report may switch on (`conditions`) */
  conditions?: Record<string, SqlFragment>;
  scope: ScopeMap;
  /** table sources: summaries the compiler answers covered queries from (the first that covers wins) */
  summaries?: SummaryDef[];
}

// ------------------------------------------------------------------ report

export interface ChipDef {
  dimension: Ident;
  /** active by default (`*` in the catalogue) */
  active?: boolean;
  /** stays active when clicked (`!`); implies active */
  forced?: boolean;
}

export type FilterTarget = { dimension: Ident } | { field: Ident } | { measure: Ident };

export interface FilterDef {
  /** where_id */
  id: Ident;
  label: I18nText;
  widget: FilterWidget;
  target: FilterTarget;
  /** allowed operator ids; default by widget (select 1, multi 8, number range 4/6, text 7, …) */
  operators?: number[];
  default_operator?: number;
  source?: OptionSource;
  default_value?: string[];
  min?: number;
  max?: number;
  maxlength?: number;
  placeholder?: I18nText;
  /** clients that do not get this filter (e.g. the supplier filter on HMS, fixed by scope) */
  hidden_for?: ClientType[];
}

export interface IndicatorDef {
  measure: Ident;
  label?: I18nText;
  desc?: I18nText;
  format?: ColumnFormat;
}

export interface DateRangeDef {
  /**
   * 1: date_start/date_end; 2: date_start_2/end_2; …
   * @minimum 1
   * @maximum 4
   */
  index: number;
  label: I18nText;
  /** dataset date column it filters (table sources); union sources read it through placeholders */
  column?: string;
  granularity: DateGranularity;
  /** missing → 422 请选择日期 */
  required: boolean;
  default_kind: DefaultRangeKind;
  /** the default is the equally long period just before range 1 */
  default_previous_of?: 1;
  restriction: DateRestriction;
  /**
   * A comparison period over the same column as range 1: rows of either range are read in one
   * scan, and each measure aggregates over its own range (`range` of the measure).
   */
  comparison?: boolean;
}

export interface HistoryTabDef {
  is_history: '1' | '2';
  label: I18nText;
  table_id: number;
  /** used instead of table_id when the tenant is the special tenant */
  special_tenant_table_id?: number;
}

/** The page's two tabs (近3个月内数据 "2" / 3个月前数据 "1") and the report id each one uses. */
export interface HistoryDef {
  default_tab: '1' | '2';
  /**
   * @minItems 2
   * @maxItems 2
   */
  tabs: HistoryTabDef[];
}

export interface PrintDef {
  export_type: number;
  service_type: string;
}

export interface ExplainDef {
  title: string;
  sections: { heading: string; lines: string[] }[];
}

export interface ReportFile {
  $schema: string;
  /**
   * table_id
   * @asType integer
   * @minimum 1
   */
  id: number;
  title: I18nText;
  /** @minItems 1 */
  clients: ClientType[];
  area: string;
  dataset: DatasetId;
  /** physical table for a dataset table name (live / _his / _x archives of one family) */
  tables?: Record<string, TableName>;
  /** dataset conditions switched on for this report */
  conditions?: Ident[];
  /** replaces the dataset's row scope */
  scope?: ScopeMap;
  /** only the special tenant may open it */
  special_tenant_only?: boolean;
  chips: ChipDef[];
  filters: FilterDef[];
  /** @minItems 1 */
  indicators: IndicatorDef[];
  dates: DateRangeDef[];
  sortable: boolean;
  /** 'column asc|desc' */
  default_order_by?: string;
  /** default 180 when sortable, else 100 */
  column_min_width?: number;
  /** the page's history tabs */
  history?: HistoryDef;
  /** this id belongs to another page's tab family and shows its tabs (128 → 33) */
  history_family?: number;
  export_type?: number;
  print?: PrintDef;
  /** the fixed note line */
  note?: I18nText;
  /** the explanation popup */
  explain?: ExplainDef;
  /** the request's org_code (the account's related orgs) narrows the rows and goes into the export */
  org_restricted?: boolean;
  /** rows whose indicator aggregates are all zero are left out */
  hide_zero_rows?: boolean;
  /** export and refresh shown even without rows */
  always_show_buttons?: boolean;
  ai_assistant?: boolean;
  custom_columns?: boolean;
  /** default page size (50) */
  page_size?: number;
}
