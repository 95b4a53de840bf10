import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ZipWriter } from './zip';
import { readZip } from './zip.testkit';

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

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
