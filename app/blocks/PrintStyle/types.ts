import type { PrintDocumentRef, PrintSourceType, PrintStyle, StyleCustom } from '../../../engine/print/styles';

export interface StyleFormValues {
  id?: number;
  report_name: string;
  description: string;
  source_type: number;
  is_default: boolean;
  custom: StyleCustom;
  file: File | null;
}

/** What the print-style blocks need from the server (HTTP in the app, memory in stories and tests). */
export interface PrintStyleSource {
  sourceTypes(): Promise<PrintSourceType[]>;
  list(sourceType: number): Promise<{ list: PrintStyle[]; total: number }>;
  /** with the opened form's Idempotency-Key: a repeated save stores one style */
  save(values: StyleFormValues, idempotencyKey: string): Promise<void>;
  setDefault(id: number): Promise<void>;
  remove(id: number): Promise<void>;
  /** the built-in model's address, opened in a new tab */
  builtModelUrl(sourceType: number): Promise<string>;
  /** the built-in model as a file to upload as a new style's template */
  builtModel(sourceType: number): Promise<File>;
  /** the style's template file */
  exportFile(id: number): Promise<Blob>;
  /** documents (by type and number; the server loads them) printed with a style: the PDF */
  print(id: number, documents: PrintDocumentRef[]): Promise<Blob>;
}
