/**
 * What the report page reads and writes, behind one interface: HTTP in the app, memory in
 * stories and component tests. Shapes are the wire contract's (engine/wire.ts) plus the export, print,
 * custom-column and AI calls the server answers.
 */
import type { OptionItem, OptionSource, ReportConfig, ReportData, ReportQuery, ReportRow, ReportTotals } from '../../../engine/wire';

/** POST /api/reports/:table_id/export answer: small exports are done at once, large ones run as jobs. */
export interface ExportAnswer {
  job_id: string;
  status: 'done' | 'running' | 'queued' | 'failed';
  file_name: string;
}

/** One stored column of the custom-column layout (spec §3: prop, isShow, minWidth), in display order. */
export interface StoredColumn {
  prop: string;
  isShow: boolean;
  minWidth: number;
}

/** Print payload (spec §3, rule 157). */
export interface PrintPayload {
  table_id: number;
  is_list: '1';
  operate_content: { list: ReportRow[] };
  print_json: { conditions: { label: string; value: string }[]; query: ReportQuery };
  export_type: number;
  service_type: string;
}

export interface ReportSource {
  /** GET /api/reports/:table_id/config[?is_history=] */
  config(tableId: number, isHistory: '1' | '2' | null, signal?: AbortSignal): Promise<ReportConfig>;
  /** POST /api/reports/:table_id/data (table_id of the query: the tab's id on tabbed pages) */
  data(query: ReportQuery, signal?: AbortSignal): Promise<ReportData>;
  /** POST /api/reports/:table_id/totals */
  totals(query: ReportQuery, signal?: AbortSignal): Promise<ReportTotals>;
  /** option lists, dictionaries and enumerations of filters */
  options(source: OptionSource, signal?: AbortSignal): Promise<OptionItem[]>;
  /** POST /api/reports/:table_id/export with is_down "1" */
  exportReport(query: ReportQuery): Promise<ExportAnswer>;
  /** GET /api/jobs/:job_id/download */
  download(jobId: string): Promise<Blob>;
  /** POST /api/reports/:table_id/print → a PDF */
  print(payload: PrintPayload): Promise<Blob>;
  /** GET /api/table-columns?route=&custom_field_key= */
  loadColumns(route: string, key: string): Promise<StoredColumn[]>;
  /** POST /api/table-columns */
  saveColumns(route: string, key: string, columns: StoredColumn[]): Promise<void>;
  /** POST /api/reports/:table_id/ai: the interpretation as it streams (markdown text chunks) */
  ai(query: ReportQuery, signal: AbortSignal): AsyncIterable<string>;
}
