/**
 * Writing one multipart file to disk with the size limit enforced: a file cut off by the limit, or
 * a failed stream, leaves nothing behind and answers the caller's "too large" error.
 */
import { closeSync, createWriteStream, openSync, readSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { HttpError } from './errors';

/** Saves the file's stream at `path`; answers its size in bytes. */
export async function saveMultipartFile(file: MultipartFile, path: string, tooLarge: () => HttpError): Promise<number> {
  try {
    await pipeline(file.file, createWriteStream(path));
  } catch (err) {
    rmSync(path, { force: true });
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw err;
  }
  if (file.file.truncated) {
    rmSync(path, { force: true });
    throw tooLarge();
  }
  return statSync(path).size;
}

/** The first bytes of a saved file, to tell its type by content. */
export function readHead(path: string, size = 16): Uint8Array {
  const buf = Buffer.alloc(size);
  const fd = openSync(path, 'r');
  try {
    return buf.subarray(0, readSync(fd, buf, 0, size, 0));
  } finally {
    closeSync(fd);
  }
}
