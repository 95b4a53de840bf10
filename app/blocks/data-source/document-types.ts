/**
 * The document side of the blocks' data source: audit, approval records, attachments, lots and import
 * over the documents wire contract (engine/document/wire.ts). HTTP in the app, memory in stories and tests.
 */
import type { ApprovalRecord, ApprovalResult } from '../../../engine/shell';
import type {
  AttachmentList,
  DocumentAttachment,
  ImportItem,
  ImportStarted,
  LotAllocationView,
  LotRow,
  LotSaveBody,
} from '../../../engine/document/wire';

export type { AttachmentList, DocumentAttachment, ImportItem, ImportStarted, LotAllocationView, LotRow, LotSaveBody };

/** The audit form (rule 310). */
export interface AuditForm {
  status: ApprovalResult;
  remark: string;
}

export interface DocumentBlocksSource {
  audit(type: string, no: string, form: AuditForm): Promise<void>;
  approvals(type: string, no: string): Promise<ApprovalRecord[]>;
  attachments(type: string, no: string): Promise<AttachmentList>;
  addAttachment(type: string, no: string, file: File, onProgress?: (percentage: number) => void): Promise<DocumentAttachment>;
  removeAttachment(type: string, no: string, id: string): Promise<void>;
  /** the file's bytes, for preview and download */
  attachmentBlob(row: DocumentAttachment): Promise<Blob>;
  /** rule 293: the lots of one goods line, allocated and in stock */
  lots(type: string, no: string, skuNo: string, businessItemId: number): Promise<LotAllocationView>;
  saveLots(type: string, no: string, body: LotSaveBody): Promise<void>;
  importItem(type: string): Promise<ImportItem>;
  importTemplate(item: ImportItem): Promise<Blob>;
  /** with the Idempotency-Key of this file in this opened dialog: a repeated start starts one job */
  startImport(type: string, file: File, params: Record<string, string> | undefined, idempotencyKey: string): Promise<ImportStarted>;
}
