/** Shapes passed between validation, compilation and running of a report query. */
import type { DatasetIndex } from '../../engine/definition/dataset-index';
import type { FilterDef, I18nText, ReportFile } from '../../engine/definition/types';
import type { ClientType, ColumnFormat } from '../../engine/wire';

/** The session values row scope is built from (never the request body). */
export interface ScopeSession {
  tenant_id: number;
  client: ClientType;
  org_code: string | null;
  store_no: string | null;
  supplier_no: string | null;
  /** org codes of account_org_relation */
  account_org_relation: string[];
}

export interface ValidFilter {
  filter: FilterDef;
  operator: number;
  /** normalised text values (numbers as decimal text) */
  values: string[];
}

/** One date range as validated: 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm:ss' for datetime), null = not given. */
export interface ValidRange {
  index: number;
  start: string | null;
  end: string | null;
  datetime: boolean;
}

export interface ValidQuery {
  pageNum: number;
  pageSize: number;
  /** active chip dimension ids, in definition order */
  dimensions: string[];
  /** indicator measure ids, in definition order */
  indicators: string[];
  orderBy: { column: string; desc: boolean } | null;
  filters: ValidFilter[];
  dates: ValidRange[];
  /** the request's org_code list (org-restricted reports) */
  orgCodes: string[] | null;
}

export interface CompileInput {
  report: ReportFile;
  index: DatasetIndex;
  query: ValidQuery;
  session: ScopeSession;
  /** the tenant's today, 'YYYY-MM-DD': the open end of a range that was not given */
  today: string;
  /**
   * Sum the screen's totals row from its groups when every base aggregate adds up, instead of a
   * second grouping set over the facts: faster on DuckDB, slower on PostgreSQL (docs/performance.md).
   */
  rollUpTotals?: boolean;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface ScreenStatement extends Statement {
  /** the items of the statement's final ORDER BY, over its output columns (a wrapper orders the same way) */
  order: readonly string[];
}

export interface OutputColumn {
  key: string;
  /** both languages: the title follows the request's language (Accept-Language) */
  label: I18nText;
  type: '1' | '2';
  format: ColumnFormat;
  enum?: string;
  desc?: I18nText;
}

export interface CompiledReport {
  page: Statement;
  count: Statement;
  totals: Statement;
  /** page rows, row count (`__rows`) and the totals row (`__g` = 1) in one pass; null when it cannot be fused */
  screen: ScreenStatement | null;
  columns: OutputColumn[];
}
