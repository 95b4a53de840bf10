/** The attachment list's bookkeeping (rule 304): saved rows as Upload items, and which rows a change removed. Pure. */
import { MIME_EXTENSIONS } from '../../../engine/upload';
import type { DocumentAttachment } from '../data-source/document-types';
import type { UploadItem } from '../Upload/types';

/** Rule 304: the attachment dialog holds up to 5 files (unless the document's definition says otherwise). */
export const ATTACHMENT_LIMIT = 5;

/** Saved attachments as finished Upload items; `save_url` carries the attachment id. */
export function toItems(rows: readonly DocumentAttachment[], urls: Readonly<Record<string, string>>): UploadItem[] {
  return rows.map((r, index) => ({
    uid: `att-${r.id}`,
    status: '1',
    name: r.name,
    size: r.size,
    type: r.type,
    ext: 'img',
    percentage: 100,
    index,
    url: urls[r.id] ?? '',
    save_url: r.id,
  }));
}

/** Ids of saved items that are in `before` and no longer in `after`. */
export function removedIds(before: readonly UploadItem[], after: readonly UploadItem[]): string[] {
  const kept = new Set(after.map((i) => i.uid));
  return before.filter((i) => i.status === '1' && !kept.has(i.uid)).map((i) => i.save_url);
}

export const isImage = (mime: string) => mime.toLowerCase().startsWith('image/');

/** 'jpg、png、pdf、xlsx' from the accepted mime types, for the refusal message (a type without a known extension by its subtype). */
export const acceptedNames = (accept: readonly string[]) =>
  accept.map((m) => MIME_EXTENSIONS[m.toLowerCase()] ?? m.split('/')[1]?.replace(/^x-/, '') ?? m).join('、');

/** 1.2 MB / 35 KB, for the list. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
