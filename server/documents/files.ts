/**
 * Where document files live: attachments and import files under the shared files folder
 * (HM_FILES_DIR), per tenant, so a file written through one instance is served by every other.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

export type DocumentFileKind = 'attachments' | 'imports';

/** The folder of one tenant's files of a kind, created when missing. */
export function documentFilesDir(filesDir: string, tenantId: number, kind: DocumentFileKind): string {
  const dir = join(filesDir, 'documents', String(tenantId), kind);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Suffixes of files that exist only while a request or an import job works on them. */
const WORK_FILE = /\.(upload|part)$/;

/** An instance's name as it may appear in a file name. */
const fileToken = (instanceId: string) => instanceId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64);

/** A new work file's name: the instance writing it is in the name, so its restart knows its own leftovers. */
export const workFileName = (instanceId: string, suffix: 'upload' | 'part') => `${fileToken(instanceId)}~${randomUUID()}.${suffix}`;

/** Work files older than this are leftovers whoever wrote them: no upload or import runs a day. */
export const WORK_FILE_MAX_AGE_MS = 24 * 3600_000;

/**
 * Removes the work files of a kind a killed process left behind: at start, those of this instance's
 * previous run, and anyone's older than a day. Another live instance's files in progress are left alone.
 */
export function removeLeftoverWorkFiles(filesDir: string, instanceId: string, kind: DocumentFileKind, now = Date.now()): string[] {
  const root = join(filesDir, 'documents');
  if (!existsSync(root)) return [];
  const mine = `${fileToken(instanceId)}~`;
  const removed: string[] = [];
  for (const tenant of readdirSync(root)) {
    const dir = join(root, tenant, kind);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => WORK_FILE.test(n))) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat && (name.startsWith(mine) || now - stat.mtimeMs > WORK_FILE_MAX_AGE_MS)) {
        rmSync(path, { force: true });
        removed.push(path);
      }
    }
  }
  return removed;
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
