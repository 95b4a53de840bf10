/**
 * A zip archive written front to back onto a stream: small parts deflated in one go, a large part
 * streamed in pieces deflated side by side on zlib's thread pool, its CRC-32 taken as the bytes go
 * in; it waits whenever the file or the deflaters are behind, so memory stays flat.
 * Entries and the archive stay below 4 GiB (no zip64): an xlsx export is far smaller.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

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

/** pieces of a streamed part deflating at once: the default thread pool has four threads */
const STREAM_PARALLEL = 4;

const deflateRawAsync = promisify(deflateRaw);
/** zlib's output buffer per call: a piece's deflated bytes come back in one or two callbacks, not dozens */
const OUTPUT_CHUNK = 1 << 17;

/** One piece of a streamed part: raw deflate, ended by a sync flush so the next piece may follow it. */
function deflatePiece(bytes: Buffer, level: number): Promise<Buffer> {
  return deflateRawAsync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: OUTPUT_CHUNK });
}

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

  /**
   * A large part written in pieces, each deflated on its own on zlib's thread pool, as pigz does:
   * every piece but the last ends on a byte boundary (a sync flush, no final bit), so the pieces
   * joined in order are one deflate stream, closed by an empty final block. Several pieces deflate at
   * once on the pool's threads while the caller makes the next; they go onto the archive in order.
   */
  stream(name: string, level: number, parallel = STREAM_PARALLEL): ZipEntryWriter {
    const entry = this.start(name, UTF8_NAMES | SIZES_AFTER_DATA, 0, 0, 0);
    const pending: Promise<Buffer>[] = [];
    let header: Promise<void> | null = this.put(this.localHeader(entry));
    const writeOldest = async () => {
      const deflated = await pending.shift()!;
      if (header) await header;
      header = null;
      entry.compressed += deflated.length;
      await this.put(deflated);
    };
    return {
      write: async (bytes) => {
        if (!bytes.length) return;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        const deflating = deflatePiece(bytes, level);
        // a rejection is taken when its turn comes; until then it must not count as unhandled
        deflating.catch(() => undefined);
        pending.push(deflating);
        while (pending.length >= parallel) await writeOldest();
      },
      end: async () => {
        while (pending.length) await writeOldest();
        if (header) await header;
        const last = deflateRawSync(Buffer.alloc(0));
        entry.compressed += last.length;
        await this.put(last);
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
