/**
 * A zip archive written front to back onto a stream: small parts deflated in one go, one large
 * part streamed through a deflate stream (zlib's thread pool) with its CRC-32 taken by zlib as the
 * bytes go in, and waits whenever the file or the deflater is behind, so memory stays flat.
 * Entries and the archive stay below 4 GiB (no zip64): an xlsx export is far smaller.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** the zip format's record signatures and values, shared with the reader of uploads (documents/zip-bounds) */
export const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
export const CENTRAL_HEADER = 0x02014b50;
export const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
export const DEFLATE = 8;
const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
/** past this a size or offset needs zip64 records */
export const LIMIT = 0xffffffff;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of a moment (local time, two-second steps). */
function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: (Math.max(0, d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** One part being streamed: bytes in, deflated bytes onto the archive's stream. */
export interface ZipEntryWriter {
  write(bytes: Buffer): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp: { time: number; date: number };

  constructor(
    private readonly out: Writable,
    mtime = new Date(),
  ) {
    this.stamp = dosDateTime(mtime);
  }

  /** A small part, deflated at once. */
  async add(name: string, data: Buffer): Promise<void> {
    const deflated = deflateRawSync(data);
    const entry = this.start(name, UTF8_NAMES, crc32(data), deflated.length, data.length);
    await this.put(this.localHeader(entry));
    await this.put(deflated);
  }

  /** A large part written in pieces through a deflate stream of the given level. */
  stream(name: string, level: number): ZipEntryWriter {
    const entry = this.start(name, UTF8_NAMES | SIZES_AFTER_DATA, 0, 0, 0);
    const deflate = createDeflateRaw({ level });
    let failed: Error | null = null;
    deflate.on('error', (err) => (failed = err));
    // deflated bytes go onto the archive as they come; the deflater pauses while the file is behind
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      if (!this.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const header = this.put(this.localHeader(entry));
    return {
      write: async (bytes) => {
        await header;
        if (failed) throw failed;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      },
      end: async () => {
        await header;
        deflate.end();
        await once(deflate, 'end');
        if (failed) throw failed;
        this.checkLimit(entry.size);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.put(descriptor);
      },
    };
  }

  /** The central directory and its end record; the stream is ended. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(CENTRAL_HEADER, 0);
      h.writeUInt16LE(VERSION, 4);
      this.describe(e, h, 6);
      h.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(this.checkLimit(start), 16);
    await this.put(end);
    this.out.end();
  }

  private start(name: string, flags: number, crc: number, compressed: number, size: number): Entry {
    const entry = { name: Buffer.from(name), flags, crc, compressed, size, offset: this.checkLimit(this.offset) };
    this.entries.push(entry);
    return entry;
  }

  private localHeader(e: Entry): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(LOCAL_HEADER, 0);
    // a streamed entry's CRC and sizes are 0 here and follow its data
    this.describe(e, h, 4);
    return Buffer.concat([h, e.name]);
  }

  /** The fields local and central headers share, from `at` on: version needed … name length. */
  private describe(e: Entry, h: Buffer, at: number): void {
    h.writeUInt16LE(VERSION, at);
    h.writeUInt16LE(e.flags, at + 2);
    h.writeUInt16LE(DEFLATE, at + 4);
    h.writeUInt16LE(this.stamp.time, at + 6);
    h.writeUInt16LE(this.stamp.date, at + 8);
    h.writeUInt32LE(e.crc, at + 10);
    h.writeUInt32LE(e.compressed, at + 14);
    h.writeUInt32LE(e.size, at + 18);
    h.writeUInt16LE(e.name.length, at + 22);
  }

  private checkLimit(n: number): number {
    if (n > LIMIT) throw new Error('zip archive larger than 4 GiB');
    return n;
  }

  private write(bytes: Buffer): boolean {
    this.offset += bytes.length;
    return this.out.write(bytes);
  }

  private async put(bytes: Buffer): Promise<void> {
    if (!this.write(bytes)) await once(this.out, 'drain');
  }
}
