/**
 * Upload limits and types (rules 298–303). Pure: the Upload block checks before sending, the server
 * checks again on the bytes it receives.
 */
import type { UploadKind } from './shell';

/** Rule 300: 20971520 bytes. */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** Rule 298: the block's default file limit. */
export const DEFAULT_MAX_FILES = 999;
/** Rule 303: the default upload folder. */
export const DEFAULT_DIRNAME = 'hmt-static';

/** Rule 301. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Rule 302. */
export const VIDEO_TYPES = ['video/mp4', 'video/ogg', 'video/quicktime', 'video/3gpp', 'video/x-ms-wmv'] as const;

export const TYPES_BY_KIND: Record<UploadKind, readonly string[]> = { img: IMAGE_TYPES, video: VIDEO_TYPES };

/** The file extension of each type a document attachment or import may have: stored names and refusal messages. */
export const MIME_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
};

export function isAcceptedType(kind: UploadKind, mime: string): boolean {
  return TYPES_BY_KIND[kind].includes(mime.toLowerCase());
}

/** Rule 300: the limit in M, or in K when it is under 1 MB. */
export function sizeLimit(maxBytes: number): { n: string; unit: 'M' | 'K' } {
  const mb = maxBytes / (1024 * 1024);
  if (mb >= 1) return { n: Number.isInteger(mb) ? String(mb) : mb.toFixed(1), unit: 'M' };
  return { n: String(Math.round(maxBytes / 1024)), unit: 'K' };
}

/** Rule 300: 请上传{n}M以内的文件！ */
export function sizeLimitMessage(maxBytes: number): string {
  const { n, unit } = sizeLimit(maxBytes);
  return `请上传${n}${unit}以内的文件！`;
}

export const TYPE_MESSAGE_ZH: Record<UploadKind, string> = {
  img: '仅支持jpeg、png、gif格式的图片',
  video: '仅支持mp4、ogg、mov、3gp、wmv格式的视频',
};
