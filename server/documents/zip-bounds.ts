/**
 * What an uploaded xlsx inflates to, counted before anything reads it. An xlsx is a zip, and a few
 * kilobytes of deflated zeros can inflate to gigabytes. Each entry is inflated as a stream and only
 * counted; past the limit the file is refused.
 */
import { createReadStream } from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { DEFLATE } from '../export/zip';
import { dataStart, STORED, zipDirectory } from './zip-directory';

export type ZipBounds = 'ok' | 'too-large' | 'too-many-entries' | 'unreadable';

/** Whether the file's entries together inflate to at most `limit` bytes. */
export async function zipBounds(path: string, limit: number): Promise<ZipBounds> {
  const entries = await zipDirectory(path);
  if (typeof entries === 'string') return entries;
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
