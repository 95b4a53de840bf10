import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipWriter } from '../export/zip';
import { xlsxWorksheets } from './xlsx-sheets';
import { entryStream, zipDirectory } from './zip-directory';

const dir = mkdtempSync(join(tmpdir(), 'hm-xlsx-sheets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the reader gives: each sheet's name and its rows' values. */
async function read(path: string): Promise<{ name: string; rows: unknown[][] }[]> {
  const out: { name: string; rows: unknown[][] }[] = [];
  for await (const ws of xlsxWorksheets(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit' })) {
    const rows: unknown[][] = [];
    for await (const row of ws) rows.push((row.values as unknown[]).slice(1));
    out.push({ name: (ws as unknown as { name: string }).name, rows });
  }
  return out;
}

/** A workbook as exceljs writes it: the first sheet before its shared strings, the workbook part last. */
async function written(name: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const first = wb.addWorksheet('导入');
  first.addRow(['商品编码', '调整数量', '成本价']);
  first.addRow(['100001', 2, 1.5]);
  first.addRow(['100002', 1, 2]);
  wb.addWorksheet('说明').addRow(['第二个工作表']);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

/** The same parts stored in the opposite order (another writer's layout). */
async function reversed(source: string, name: string): Promise<string> {
  const entries = await zipDirectory(source);
  if (typeof entries === 'string') throw new Error(entries);
  const path = join(dir, name);
  const file = createWriteStream(path);
  const done = finished(file);
  const zip = new ZipWriter(file);
  for (const e of [...entries].reverse()) if (!e.name.endsWith('/')) await zip.add(e.name, await buffer((await entryStream(source, e))!));
  await zip.finish();
  file.end();
  await done;
  return path;
}

const EXPECTED = [
  { name: '导入', rows: [['商品编码', '调整数量', '成本价'], ['100001', 2, 1.5], ['100002', 1, 2]] },
  { name: '说明', rows: [['第二个工作表']] },
];

describe('xlsxWorksheets', () => {
  it('reads a workbook written by exceljs (workbook part stored last): names, shared strings, numbers', async () => {
    const path = await written('exceljs.xlsx');
    const names = (await zipDirectory(path) as { name: string }[]).map((e) => e.name).filter((n) => !n.endsWith('/'));
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    expect(names.at(-1)).toBe('xl/workbook.xml');
    expect(await read(path)).toEqual(EXPECTED);
  });

  it('gives the same sheets whatever order the parts are stored in', async () => {
    const path = await reversed(await written('forward.xlsx'), 'reversed.xlsx');
    const names = (await zipDirectory(path) as { name: string }[]).map((e) => e.name);
    expect(names[0]).toBe('xl/workbook.xml');
    expect(await read(path)).toEqual(EXPECTED);
  });

  it('reads the same file fifty times at once, every time whole', async () => {
    const path = await written('many.xlsx');
    const all = await Promise.all(Array.from({ length: 50 }, () => read(path)));
    for (const sheets of all) expect(sheets).toEqual(EXPECTED);
  });

  it('refuses a file that is not a zip, and a zip without a workbook part', async () => {
    const text = join(dir, 'text.xlsx');
    writeFileSync(text, 'not a spreadsheet at all');
    await expect(read(text)).rejects.toThrow(/zip directory: unreadable/);
    const bare = join(dir, 'bare.xlsx');
    const file = createWriteStream(bare);
    const done = finished(file);
    const zip = new ZipWriter(file);
    await zip.add('hello.txt', Buffer.from('hello'));
    await zip.finish();
    file.end();
    await done;
    await expect(read(bare)).rejects.toThrow(/no workbook part/);
  });
});
