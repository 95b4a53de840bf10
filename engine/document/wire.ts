/**
 * Wire types of the document endpoints: shared by the server routes and the
 * app's API client. Field names are the spec's where it names them (snake_case).
 */
import type { ApprovalRecord } from '../shell';
import type { DocumentAction, DocumentFile, StateCode } from './types';

/** A cell value as it travels: numbers and money as numbers, dates and times as text. */
export type DocumentValue = string | number | null;

export type DocumentRow = Record<string, DocumentValue>;

/** GET /api/documents: the document types this session may open, with their definitions. */
export interface DocumentTypeItem {
  type: string;
  title: string;
  title_en: string;
  /** the menu route of the list page */
  route: string;
  definition: DocumentFile;
}

/** GET /api/documents/{type}?page_num&page_size&order_by&…filters */
export interface DocumentListPage {
  list: DocumentRow[];
  total: number;
  page_num: number;
  page_size: number;
}

/** GET /api/documents/{type}/{no}: header, lines and what this session may do now. */
export interface DocumentDetail {
  type: string;
  no: string;
  status: StateCode;
  header: DocumentRow;
  lines: DocumentRow[];
  /** actions allowed in the current state for this client */
  actions: DocumentAction[];
  attachment_count: number;
}

/** POST (create) and PUT (edit) body: header fields and all lines (lines replace the old ones). */
export interface DocumentWriteBody {
  header: Record<string, DocumentValue>;
  lines: Record<string, DocumentValue>[];
  /** PUT only: also submit after saving */
  submit?: boolean;
}

/** POST /api/documents/{type}/{no}/audit */
export interface AuditBody {
  status: '1' | '2' | '3';
  /** ≤ 100 characters; required when rejecting where the definition says so */
  remark?: string;
}

/** GET /api/documents/{type}/{no}/approvals */
export interface ApprovalList {
  list: ApprovalRecord[];
}

/** GET /api/documents/{type}/{no}/attachments */
export interface DocumentAttachment {
  id: string;
  name: string;
  size: number;
  type: string;
  /** 'img' for images (previewed inline), 'file' otherwise (downloaded) */
  ext: 'img' | 'file';
  url: string;
  save_url: string;
  created_at: string;
}

export interface AttachmentList {
  list: DocumentAttachment[];
  max_files: number;
  max_size: number;
  accept: string[];
}

/** One lot row of GET /api/documents/{type}/{no}/lots?sku_no= (building blocks §3 "lot row"). */
export interface LotRow {
  lot_no: string | null;
  stock_num: number | null;
  change_stock_num: number | null;
  /** null when the definition masks lot prices (shown as **.**) */
  lot_price: number | null;
  produce_date: string | null;
  expiration_date: string | null;
  produce_no: string | null;
  supplier_no: string | null;
  supplier_name: string | null;
  receive_no: string | null;
  receive_time: string | null;
  /** 4 = a manually entered lot row */
  dorder_item_source: number | null;
  sku_no: string;
  sku_name: string | null;
  barcode: string | null;
  sale_unit_text: string | null;
  specification: string | null;
  receive_oub_num: number | null;
  last_modify: string | null;
}

/** The lot answer for one goods line. */
export interface LotAllocationView {
  sku_no: string;
  sku_name: string | null;
  business_item_id: number;
  /** quantity of the line to allocate */
  qty: number;
  store_lot_type: number;
  /** the lot type whose total must equal qty (13) */
  exact_type: number | null;
  decimals: number;
  stock_validation: boolean;
  mask_price: boolean;
  /** lots allocated now */
  allocated: LotRow[];
  /** lots with stock at the document's org (the 选择批次库存 list) */
  available: LotRow[];
  /** the tenant's business today, against which lots show as expired */
  today: string;
}

/** PUT /api/documents/{type}/{no}/lots */
export interface LotSaveBody {
  sku_no: string;
  business_item_id: number;
  rows: { lot_no: string | null; change_stock_num: number | string | null; dorder_item_source?: number }[];
}

/** GET /api/import/item?type= (building blocks §7): the template and the parameters of an import. */
export interface ImportItem {
  type: string;
  title: string;
  /** the document type whose lines are imported */
  document_type: string;
  /** template headings in column order */
  columns: { key: string; heading: string; required: boolean }[];
  /** GET this to download the template xlsx */
  template_url: string;
  max_size: number;
  accept: string[];
  notes: string | null;
}

/** POST /api/import/{type} (multipart: file, no): answered at once with the job to follow. */
export interface ImportStarted {
  job_id: string;
}
