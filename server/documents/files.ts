/**
 * Where document files live: attachments and import files under the data folder, per tenant. One
 * function decides the folder, so the store can move (e.g. to a shared files directory) in one place.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export type DocumentFileKind = 'attachments' | 'imports';

/** The folder of one tenant's files of a kind, created when missing. */
export function documentFilesDir(dataDir: string, tenantId: number, kind: DocumentFileKind): string {
  const dir = join(dataDir, 'documents', String(tenantId), kind);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Removes stored files whose records are gone; a file already missing is no error. */
export function removeStoredFiles(paths: readonly string[]): void {
  for (const path of paths) rmSync(path, { force: true });
}

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/**
 * The type of an attached or imported file by its first bytes, beyond the images the shell's upload
 * knows: PDF, xlsx (a zip) and xls (an OLE compound file). The declared name only tells xlsx from
 * another zip.
 */
export function sniffDocumentMime(head: Uint8Array, name: string, imageMime: (head: Uint8Array) => string | null): string | null {
  const image = imageMime(head);
  if (image?.startsWith('image/')) return image;
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && /\.xlsx$/i.test(name)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && /\.xls$/i.test(name)) return 'application/vnd.ms-excel';
  return null;
}
