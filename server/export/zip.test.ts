import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ZipWriter } from './zip';

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

interface Read {
  name: string;
  data: Buffer;
  crc: number;
  flags: number;
}

/** Reads an archive the way unzip tools do: from the central directory, each entry checked against its CRC. */
function readZip(zip: Buffer): Read[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const entries: Read[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const [flags, crc, compressed, size, nameLength, offset] = [8, 16, 20, 24, 28, 42].map((o) =>
      o === 8 || o === 28 ? zip.readUInt16LE(at + o) : zip.readUInt32LE(at + o),
    );
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    if (flags & 8) expect([...zip.subarray(dataStart + compressed, dataStart + compressed + 16)]).toEqual([...descriptor(crc, compressed, size)]);
    entries.push({ name, data, crc, flags });
    at += 46 + nameLength;
  }
  return entries;
}

function descriptor(crc: number, compressed: number, size: number): Buffer {
  const d = Buffer.alloc(16);
  [0x08074b50, crc, compressed, size].forEach((v, i) => d.writeUInt32LE(v, i * 4));
  return d;
}

describe('zip writer', () => {
  it('writes small parts and a streamed part that unzip tools read back with matching CRC-32 and sizes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(dir, 'a.zip');
    const out = createWriteStream(file);
    const zip = new ZipWriter(out, new Date(2026, 10, 24, 12, 30, 10));
    await zip.add('[Content_Types].xml', Buffer.from('<Types/>'));
    const sheet = zip.stream('xl/worksheets/表1.xml', 1);
    const pieces = Array.from({ length: 40 }, (_, i) => Buffer.from(`<row r="${i}">${'单元格&x'.repeat(20_000 + i)}</row>`));
    for (const piece of pieces) await sheet.write(piece);
    await sheet.end();
    await zip.add('xl/styles.xml', Buffer.from('<styleSheet/>'));
    await zip.finish();
    await finished(out);

    const entries = readZip(readFileSync(file));
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/worksheets/表1.xml', 'xl/styles.xml']);
    expect(entries[0].data.toString()).toBe('<Types/>');
    expect(entries[1].data.equals(Buffer.concat(pieces))).toBe(true);
    // UTF-8 names; only the streamed part carries its sizes after the data
    expect(entries.map((e) => e.flags)).toEqual([0x0800, 0x0808, 0x0800]);
  });

  it('joins pieces deflated side by side into one stream: incompressible, tiny and empty pieces, and an empty part', async () => {
    dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(dir, 'b.zip');
    const out = createWriteStream(file);
    const zip = new ZipWriter(out);
    const empty = zip.stream('empty.xml', 1);
    await empty.end();
    const sheet = zip.stream('sheet.xml', 1, 3);
    const pieces = [randomBytes(300_000), Buffer.from('a'), Buffer.alloc(0), randomBytes(70_000), Buffer.from('<row/>'.repeat(50_000))];
    for (const piece of pieces) await sheet.write(piece);
    await sheet.end();
    await zip.finish();
    await finished(out);
    const [first, second] = readZip(readFileSync(file));
    expect(first.data.length).toBe(0);
    expect(second.data.equals(Buffer.concat(pieces))).toBe(true);
  });
});
