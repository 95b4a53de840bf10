/**
 * What an uploaded xlsx inflates to, counted before anything reads it. An xlsx is a zip, and a few
 * kilobytes of deflated zeros can inflate to gigabytes; exceljs copies a sheet that comes before its
 * strings into a temporary file, so such a file would fill the disk. Each entry is inflated as a
 * stream and only counted; past the limit the file is refused. The central directory is read from
 * the end of the file as the zip format lays it out; zip64 (entries past 4 GiB) has no place in an
 * import and is refused with the rest.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { CENTRAL_HEADER, DEFLATE, END_OF_CENTRAL_DIRECTORY, LIMIT as ZIP64, LOCAL_HEADER } from '../export/zip';

export type ZipBounds = 'ok' | 'too-large' | 'unreadable';

/** the end record (22 bytes) and the longest comment it may carry */
const TAIL = 22 + 0xffff;
const STORED = 0;
/** far more parts than a workbook has: a directory of more is not an import template */
const MAX_ENTRIES = 10_000;

interface Entry {
  method: number;
  compressed: number;
  localHeader: number;
}

/** Whether the file's entries together inflate to at most `limit` bytes. */
export async function zipBounds(path: string, limit: number): Promise<ZipBounds> {
  const entries = await directory(path);
  if (entries === 'too-large' || entries === 'unreadable') return entries;
  let total = 0;
  for (const entry of entries) {
    const start = await dataStart(path, entry.localHeader);
    if (start === null) return 'unreadable';
    if (entry.method === STORED) total += entry.compressed;
    else if (entry.method === DEFLATE) {
      const inflated = entry.compressed === 0 ? 0 : await inflatedSize(path, start, entry.compressed, limit - total);
      if (inflated === null) return 'too-large';
      if (inflated === undefined) return 'unreadable';
      total += inflated;
    } else return 'unreadable';
    if (total > limit) return 'too-large';
  }
  return 'ok';
}

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function directory(path: string): Promise<Entry[] | 'too-large' | 'unreadable'> {
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
  if (count > MAX_ENTRIES) return 'too-large';
  if (offset + length > size) return 'unreadable';
  const dir = await readAt(path, offset, length);
  const entries: Entry[] = [];
  for (let at = 0, n = 0; n < count; n++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL_HEADER) return 'unreadable';
    const compressed = dir.readUInt32LE(at + 20);
    const inflated = dir.readUInt32LE(at + 24);
    const localHeader = dir.readUInt32LE(at + 42);
    if (compressed === ZIP64 || inflated === ZIP64 || localHeader === ZIP64) return 'too-large';
    if (localHeader + 30 + compressed > size) return 'unreadable';
    entries.push({ method: dir.readUInt16LE(at + 10), compressed, localHeader });
    at += 46 + dir.readUInt16LE(at + 28) + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
  }
  return entries;
}

/** Where an entry's data begins: after its local header, whose name and extra field may differ from the directory's. */
async function dataStart(path: string, localHeader: number): Promise<number | null> {
  const head = await readAt(path, localHeader, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL_HEADER) return null;
  return localHeader + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
}

/** The entry's inflated size, null once it passes `room`, undefined when it does not inflate. */
function inflatedSize(path: string, start: number, compressed: number, room: number): Promise<number | null | undefined> {
  return new Promise((resolve) => {
    const source = createReadStream(path, { start, end: start + compressed - 1 });
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (value: number | null | undefined) => {
      if (settled) return;
      settled = true;
      source.destroy();
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) settle(null);
    });
    inflate.on('end', () => settle(size));
    inflate.on('error', () => settle(undefined));
    source.on('error', () => settle(undefined));
    source.pipe(inflate);
  });
}
