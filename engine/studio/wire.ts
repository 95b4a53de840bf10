/** The studio's wire shapes: shared by app and server. */
import type { DefinitionError } from '../definition/catalogue';
import type { ReportFile } from '../definition/types';
import type { ClientType, ColumnFormat, ReportData, ReportTotals } from '../wire';
import type { DiffEntry } from './diff';

export interface StudioOption {
  id: string;
  label: { zh: string; en: string };
}

export interface StudioMeasure extends StudioOption {
  format: ColumnFormat;
  /** computed from other measures (ratio, growth, share …) */
  derived: boolean;
}

export interface StudioField {
  id: string;
  value_type: string;
  /** a condition template: tested with operators 1 and 8 only */
  condition: boolean;
  /** as the dataset names it, else as the shipped reports over the dataset label their filter on it */
  label?: { zh: string; en: string };
}

/** What the editor needs of a dataset: its choices, never its SQL. */
export interface StudioDataset {
  id: string;
  title: { zh: string; en: string };
  dimensions: StudioOption[];
  measures: StudioMeasure[];
  fields: StudioField[];
  date_columns: string[];
  /** a date column's name as the dataset gives it, else as its dimension or the shipped reports over the dataset label it (营业日期) */
  date_labels?: Record<string, { zh: string; en: string }>;
}

export interface StudioReportSummary {
  id: number;
  title: { zh: string; en: string };
  area: string;
  clients: ClientType[];
  dataset: string;
  /** the dataset's title, also where the user may not build on it (a built-in report still names its source) */
  dataset_title: { zh: string; en: string } | null;
  /** a file of report-defs (read-only here) or the tenant's own */
  shipped: boolean;
  version: number | null;
  updated_by: string | null;
  updated_at: string | null;
}

export interface StudioReportList {
  reports: StudioReportSummary[];
  /** the id a new report of this tenant gets */
  next_id: number;
}

export interface StudioReportDetail {
  summary: StudioReportSummary;
  report: ReportFile;
}

export interface StudioValidation {
  errors: DefinitionError[];
}

export interface StudioSaved {
  id: number;
  version: number;
}

export interface StudioVersion {
  version: number;
  action: 'create' | 'update' | 'revert';
  username: string;
  created_at: string;
  /** changes against the version before (empty for the first) */
  diff: DiffEntry[];
}

export interface StudioPreview extends ReportData {
  totals: ReportTotals;
}
