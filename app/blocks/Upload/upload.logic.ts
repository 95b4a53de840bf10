/** Which picked files the Upload block takes (rules 296, 298–302) and how its list changes. Pure. */
import type { UploadKind, UploadResult } from '../../../engine/shell';
import { isAcceptedType } from '../../../engine/upload';
import type { UploadItem } from './types';

export interface PickRules {
  kind: UploadKind;
  /** most files in the list (rule 298: default 999) */
  limit: number;
  maxBytes: number;
  /** rule 299: without it only one file is taken */
  multiple: boolean;
  /** mime types taken instead of the kind's (rules 301–302), e.g. a document's attachment types */
  accept?: readonly string[];
}

export type PickRefusal = 'type' | 'size';

export interface PickResult<F> {
  accepted: F[];
  refused: { file: F; reason: PickRefusal }[];
}

type PickedFile = Pick<File, 'name' | 'size' | 'type'>;

/** Rules 298–302: files beyond the limit are ignored silently; wrong types and oversize files are refused. */
export function pickFiles<F extends PickedFile>(files: readonly F[], currentCount: number, rules: PickRules): PickResult<F> {
  const room = Math.max(0, rules.limit - currentCount);
  const offered = files.slice(0, rules.multiple ? room : Math.min(1, room));
  const result: PickResult<F> = { accepted: [], refused: [] };
  for (const file of offered) {
    const typeOk = rules.accept ? rules.accept.includes(file.type.toLowerCase()) : isAcceptedType(rules.kind, file.type);
    if (!typeOk) result.refused.push({ file, reason: 'type' });
    else if (file.size > rules.maxBytes) result.refused.push({ file, reason: 'size' });
    else result.accepted.push(file);
  }
  return result;
}

export function newItem(file: PickedFile, kind: UploadKind, uid: string, index: number, url: string): UploadItem {
  return { uid, status: '0', name: file.name, size: file.size, type: file.type, ext: kind, percentage: 0, index, url, save_url: '' };
}

export function setProgress(items: UploadItem[], uid: string, percentage: number): UploadItem[] {
  return items.map((i) => (i.uid === uid && i.status === '0' ? { ...i, percentage: Math.min(99, Math.max(i.percentage, Math.round(percentage))) } : i));
}

/** Rule 295: done, with the saved address. */
export function markDone(items: UploadItem[], uid: string, saved: UploadResult): UploadItem[] {
  return items.map((i) => (i.uid === uid ? { ...i, status: '1', percentage: 100, save_url: saved.save_url, type: saved.type } : i));
}

/** Rule 296 (failure) and rule 297 (delete): the item leaves the list; the rest are renumbered. */
export function removeItem(items: UploadItem[], uid: string): UploadItem[] {
  return items.filter((i) => i.uid !== uid).map((i, index) => ({ ...i, index }));
}

export const savedUrls = (items: readonly UploadItem[]) => items.filter((i) => i.status === '1').map((i) => i.save_url);
export const isUploading = (items: readonly UploadItem[]) => items.some((i) => i.status === '0');
