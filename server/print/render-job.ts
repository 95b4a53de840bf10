/** What the print routes hand the render thread, and what comes back (structured-clone data only). */
import type { PrintDocument, PrintTemplate } from '../../engine/print/template';
import type { PdfTable } from './pdf';

export type RenderJob =
  | { kind: 'table'; table: PdfTable }
  /** each distinct document once; `order` prints them (a document listed twice is printed twice) */
  | { kind: 'documents'; template: PrintTemplate; documents: PrintDocument[]; order: number[] };

export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };
