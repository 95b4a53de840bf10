/**
 * The document side of the blocks' data source: audit, approval records, attachments, lots and import
 * (DESIGN §4 documents wire contract; building-blocks §3 field names). HTTP in the app, memory in stories
 * and tests.
 */
import type { ApprovalRecord, ApprovalResult } from '../../../engine/shell';
import type { Page } from './types';

/** The audit form (rule 310). */
export interface AuditForm {
  status: ApprovalResult;
  remark: string;
}

/** A file attached to a document. */
export interface AttachmentRow {
  id: string;
  name: string;
  size: number;
  /** mime type as stored */
  type: string;
  /** where the file is fetched (with the bearer token in the app) */
  url: string;
  created_at?: string;
}

/** Lot row (rule 414). */
export interface LotRow {
  lot_no: string;
  stock_num: number | null;
  /** allocated quantity */
  change_stock_num: number | null;
  lot_price: number | null;
  produce_date: string | null;
  expiration_date: string | null;
  produce_no: string | null;
  supplier_no: string | null;
  supplier_name: string | null;
  receive_no: string | null;
  receive_time: string | null;
  /** 4 = a lot entered by hand (rule 283) */
  dorder_item_source: number | null;
  sku_no: string;
  sku_name: string;
  barcode: string | null;
  sale_unit_text: string | null;
  specification: string | null;
  receive_oub_num: number | null;
  last_modify: string | null;
}

/** Rule 293: the keys lots are loaded by. */
export interface LotKey {
  business_no: string;
  sku_no: string;
  business_item_id: string | number;
  store_lot_type: number;
}

/** The nested 选择批次库存 search: paging plus the integer stock bounds (rule 291). */
export interface LotSearchQuery {
  sku_no: string;
  store_lot_type: number;
  keyword?: string;
  page_num: number;
  page_size: number;
  stock_num_s?: number;
  stock_num_e?: number;
  /** rule 291: by default lots with zero stock are left out */
  stock_num_ne?: number;
}

export interface LotAllocationSave {
  business_item_id: string | number;
  sku_no: string;
  lots: { lot_no: string; change_stock_num: number; dorder_item_source: number | null }[];
}

/** GET /api/import/item?type=: what the import dialog needs about one import type. */
export interface ImportItem {
  type: string;
  title: string;
  /** the template workbook's name, offered for download */
  template_name: string;
  /** bytes; rule 306 default 52428800 */
  max_size?: number;
  /** mime types; rule 307 default xlsx and xls */
  accept?: string[];
}

/** A background job as /api/jobs lists it. */
export interface ImportJob {
  job_id: string;
  kind: 'import';
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
}

export interface DocumentBlocksSource {
  audit(type: string, no: string, form: AuditForm): Promise<void>;
  approvals(type: string, no: string): Promise<ApprovalRecord[]>;
  attachments(type: string, no: string): Promise<AttachmentRow[]>;
  addAttachment(type: string, no: string, file: File, onProgress?: (percentage: number) => void): Promise<AttachmentRow>;
  removeAttachment(type: string, no: string, id: string): Promise<void>;
  /** the file's bytes, for preview and download */
  attachmentBlob(row: AttachmentRow): Promise<Blob>;
  /** the lots allocated to one line (rule 293) */
  lots(type: string, key: LotKey): Promise<LotRow[]>;
  searchLots(type: string, query: LotSearchQuery): Promise<Page<LotRow>>;
  saveLots(type: string, no: string, allocation: LotAllocationSave): Promise<void>;
  importItem(type: string): Promise<ImportItem>;
  importTemplate(type: string): Promise<Blob>;
  startImport(type: string, file: File, params?: Record<string, string>): Promise<ImportJob>;
}
