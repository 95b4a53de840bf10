/**
 * Writing one multipart file to disk with the size limit enforced: a file cut off by the limit, or
 * a failed stream, leaves nothing behind and answers the caller's "too large" error, or
 * UPLOAD_INCOMPLETE when the sender's body broke off.
 */
import type { Hash } from 'node:crypto';
import { closeSync, createWriteStream, openSync, readSync, rmSync, statSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, type HttpError } from './errors';

export const UPLOAD_INCOMPLETE = '文件上传不完整，请重新上传';

/** Passes the bytes on unchanged, feeding them to the hash. */
const feeding = (hash: Hash) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

/** Saves the file's stream at `path`, feeding its bytes to `hash` on the way; answers its size in bytes. */
export async function saveMultipartFile(file: MultipartFile, path: string, tooLarge: () => HttpError, hash?: Hash): Promise<number> {
  try {
    await (hash ? pipeline(file.file, feeding(hash), createWriteStream(path)) : pipeline(file.file, createWriteStream(path)));
  } catch (err) {
    rmSync(path, { force: true });
    const e = err as { statusCode?: number; syscall?: string };
    if (e.statusCode === 413) throw tooLarge();
    // a failing disk is ours; anything else broke in the sender's body (cut off, malformed)
    if (e.syscall) throw err;
    throw badRequest('UPLOAD_INCOMPLETE', UPLOAD_INCOMPLETE);
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
