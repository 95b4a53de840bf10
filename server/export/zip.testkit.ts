/** Reading back what the zip writer wrote, for tests. */
import { crc32, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';

export interface Read {
  name: string;
  data: Buffer;
  crc: number;
  flags: number;
}

/** Reads an archive the way unzip tools do: from the central directory, each entry checked against its CRC. */
export function readZip(zip: Buffer): Read[] {
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
