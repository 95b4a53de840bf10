import type { UploadKind, UploadResult } from '../../../engine/shell';

/** One file of the Upload block (building-blocks §3, rule 416). */
export interface UploadItem {
  uid: string;
  /** '0' uploading, '1' done with a saved address (rule 295) */
  status: '0' | '1';
  name: string;
  size: number;
  type: string;
  ext: UploadKind;
  /** 0–100 while uploading */
  percentage: number;
  index: number;
  /** where the file can be shown; a local object URL while the picked file is at hand */
  url: string;
  /** the saved address forms send back; empty until the upload is done */
  save_url: string;
  raw?: File;
}

export interface UploadRequest {
  kind: UploadKind;
  dirname?: string;
  onProgress?: (percentage: number) => void;
}

/** Where files go: HTTP in the app, memory in stories and tests. */
export interface UploadSource {
  upload(file: File, request: UploadRequest): Promise<UploadResult>;
}
