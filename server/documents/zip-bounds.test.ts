import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipWriter } from '../export/zip';
import { zipBounds } from './zip-bounds';
import { MAX_ENTRIES } from './zip-directory';

const dir = mkdtempSync(join(tmpdir(), 'hm-zip-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zip of the given parts, each of `size` zero bytes, deflated as a stream. */
async function zeros(name: string, parts: { name: string; size: number }[]): Promise<string> {
  const path = join(dir, name);
  const file = createWriteStream(path);
  const done = finished(file);
  const zip = new ZipWriter(file);
  const block = Buffer.alloc(1 << 20);
  for (const part of parts) {
    const entry = zip.stream(part.name, 9);
    for (let left = part.size; left > 0; left -= block.length) await entry.write(left >= block.length ? block : block.subarray(0, left));
    await entry.end();
  }
  await zip.finish();
  file.end();
  await done;
  return path;
}

describe('zipBounds: what an upload inflates to, before anything reads it', () => {
  it('a workbook well inside the limit is fine', async () => {
    const path = join(dir, 'small.xlsx');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('导入').addRows([['商品编码', '调整数量'], ['100001', 2]]);
    await wb.xlsx.writeFile(path);
    expect(await zipBounds(path, 1 << 20)).toBe('ok');
  });

  it('a zip bomb is refused once its inflated bytes pass the limit, whatever its few kilobytes', async () => {
    const bomb = await zeros('bomb.xlsx', [{ name: 'xl/worksheets/sheet1.xml', size: 64 << 20 }]);
    expect(readFileSync(bomb).length).toBeLessThan(200_000);
    expect(await zipBounds(bomb, 32 << 20)).toBe('too-large');
    expect(await zipBounds(bomb, 64 << 20)).toBe('ok');
  });

  it('the parts count together: many small parts past the limit are refused', async () => {
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `xl/part${i}.xml`, size: 3 << 20 }));
    const path = await zeros('parts.xlsx', parts);
    expect(await zipBounds(path, 14 << 20)).toBe('too-large');
    expect(await zipBounds(path, 15 << 20)).toBe('ok');
  });

  it('a file that is not a zip, or a cut one, is unreadable', async () => {
    const text = join(dir, 'text.xlsx');
    writeFileSync(text, 'PK\u0003\u0004 not really a zip');
    expect(await zipBounds(text, 1 << 20)).toBe('unreadable');
    const whole = readFileSync(await zeros('whole.xlsx', [{ name: 'a.xml', size: 1000 }]));
    const cut = join(dir, 'cut.xlsx');
    writeFileSync(cut, whole.subarray(0, whole.length - 30));
    expect(await zipBounds(cut, 1 << 20)).toBe('unreadable');
  });

  it('a directory claiming zip64 sizes is refused as too large', async () => {
    const whole = readFileSync(await zeros('z64.xlsx', [{ name: 'a.xml', size: 1000 }]));
    const end = whole.length - 22;
    const at = whole.readUInt32LE(end + 16);
    whole.writeUInt32LE(0xffffffff, at + 24);
    const path = join(dir, 'z64-claimed.xlsx');
    writeFileSync(path, whole);
    expect(await zipBounds(path, 1 << 20)).toBe('too-large');
  });

  it('a directory of more entries than a workbook has is refused by its count, before any entry is read', async () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `xl/p${i}.xml`, size: 1 }));
    expect(await zipBounds(await zeros('most.xlsx', parts(MAX_ENTRIES)), 1 << 20)).toBe('ok');
    expect(await zipBounds(await zeros('many.xlsx', parts(MAX_ENTRIES + 1)), 1 << 20)).toBe('too-many-entries');
  });
});
