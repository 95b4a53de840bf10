/**
 * What a multipart request said, for its Idempotency-Key fingerprint (`idempotentForm`): its fields and
 * the names and bytes of its files. The boundary is left out: a browser draws a new one for every send,
 * and a repeat of the same form must still be the same request.
 */
import { createHash, type Hash } from 'node:crypto';
import type { MultipartFields } from '@fastify/multipart';

export interface FormFile {
  field: string;
  filename: string;
  /** hex SHA-256 of the file's bytes */
  sha256: string;
}

/** The form's fields, in name order (the order they were sent in says nothing), and its files. */
export function formBody(fields: [name: string, value: string][], files: FormFile[]): unknown {
  return { fields: [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), files };
}

/** The text fields a multipart stream read before its first file. */
export function fieldsBefore(fields: MultipartFields): [string, string][] {
  return Object.values(fields)
    .flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []))
    .flatMap((part) => (part.type === 'field' ? [[part.fieldname, String(part.value)] as [string, string]] : []));
}

/** A hash for a file's bytes, fed as the file streams by. */
export const fileHash = (): Hash => createHash('sha256');

/** The hex SHA-256 of a file read whole. */
export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
