/**
 * An uploaded zip (an xlsx) read through its central directory, from the end of the file as the zip
 * format lays it out: the parts by name, each readable on its own, in any order. zip64 (entries past
 * 4 GiB) has no place in an import and is refused as too large.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { CENTRAL_HEADER, DEFLATE, END_OF_CENTRAL_DIRECTORY, LIMIT as ZIP64, LOCAL_HEADER } from '../export/zip';

/** the end record (22 bytes) and the longest comment it may carry */
const TAIL = 22 + 0xffff;
export const STORED = 0;
/** far more parts than a workbook has (a sheet takes one to three): a directory of more is not an import file */
export const MAX_ENTRIES = 2_000;

export interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  localHeader: number;
}

export async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export async function zipDirectory(path: string): Promise<ZipEntry[] | 'too-large' | 'too-many-entries' | 'unreadable'> {
  const file = await open(path, 'r');
  const { size } = await file.stat();
  await file.close();
  const tailStart = Math.max(0, size - TAIL);
  const tail = await readAt(path, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return 'unreadable';
  const count = tail.readUInt16LE(end + 10);
  const length = tail.readUInt32LE(end + 12);
  const offset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || offset === ZIP64 || length === ZIP64) return 'too-large';
  if (count > MAX_ENTRIES) return 'too-many-entries';
  if (offset + length > size) return 'unreadable';
  const dir = await readAt(path, offset, length);
  const entries: ZipEntry[] = [];
  for (let at = 0, n = 0; n < count; n++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL_HEADER) return 'unreadable';
    const compressed = dir.readUInt32LE(at + 20);
    const inflated = dir.readUInt32LE(at + 24);
    const localHeader = dir.readUInt32LE(at + 42);
    if (compressed === ZIP64 || inflated === ZIP64 || localHeader === ZIP64) return 'too-large';
    if (localHeader + 30 + compressed > size) return 'unreadable';
    const nameLength = dir.readUInt16LE(at + 28);
    const name = dir.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    entries.push({ name, method: dir.readUInt16LE(at + 10), compressed, localHeader });
    at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
  }
  return entries;
}

/** Where an entry's data begins: after its local header, whose name and extra field may differ from the directory's. */
export async function dataStart(path: string, localHeader: number): Promise<number | null> {
  const head = await readAt(path, localHeader, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL_HEADER) return null;
  return localHeader + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
}

/** The entry's content as a stream, inflated; null when the entry cannot be read. */
export async function entryStream(path: string, entry: ZipEntry): Promise<Readable | null> {
  const start = await dataStart(path, entry.localHeader);
  if (start === null || (entry.method !== STORED && entry.method !== DEFLATE)) return null;
  if (entry.compressed === 0) return Readable.from([]);
  const source = createReadStream(path, { start, end: start + entry.compressed - 1 });
  if (entry.method === STORED) return source;
  const inflate = createInflateRaw();
  source.on('error', (err) => inflate.destroy(err));
  return source.pipe(inflate);
}
