import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LineColumnDef } from '../../engine/document/types';
import type { HttpError } from '../http/errors';
import { ImportPool } from './import-pool';
import { headingsFromStrings, manyStrings, nestedSheet, rawXlsx, sheetOf } from './xlsx-fixtures';
import { XLSX_LIMITS } from './xlsx-sheets';

const dir = mkdtempSync(join(tmpdir(), 'hm-import-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns = [
  { key: 'sku_no', label: { zh: '商品编码', en: 'SKU' }, type: 'text', required: true },
  { key: 'qty', label: { zh: '调整数量', en: 'Qty' }, type: 'number', required: true },
] as unknown as LineColumnDef[];

let pool: ImportPool | null = null;
const open = (limits: Partial<ImportPool['limits']> = {}) => (pool = new ImportPool({ workers: 1, queue: 4, timeoutMs: 60_000, memoryMb: 256, ...limits }));
afterEach(async () => {
  await pool?.close();
  pool = null;
});

/** The file on disk, as the route hands it to the pool. */
async function file(name: string, parts: Parameters<typeof rawXlsx>[1]): Promise<string> {
  const path = join(dir, name);
  writeFileSync(path, await rawXlsx(join(dir, `${name}.tmp`), parts));
  return path;
}

const read = (p: ImportPool, path: string, max = 1000) => p.read({ path, columns, max });
const failure = (p: Promise<unknown>) => p.then(() => null, (e: HttpError) => ({ status: e.statusCode, code: e.code, message: e.message, en: e.en }));

describe('import reading pool', { timeout: 180_000 }, () => {
  it('reads a sheet on its thread: rows up to the limit asked for, and whether there are more', async () => {
    const path = await file('good.xlsx', { sheet: sheetOf([['商品编码', '调整数量'], ['100001', '2'], ['100002', '3'], ['100003', '1']]) });
    const p = open();
    expect(await read(p, path)).toEqual({
      rows: [
        { row: 2, raw: { sku_no: '100001', qty: '2' } },
        { row: 3, raw: { sku_no: '100002', qty: '3' } },
        { row: 4, raw: { sku_no: '100003', qty: '1' } },
      ],
      more: false,
    });
    expect(await read(p, path, 2)).toEqual({ rows: [], more: true });
    expect(await read(p, await file('cols.xlsx', { sheet: sheetOf([['商品编码'], ['1']]) }))).toEqual({ error: '导入模板缺少列：调整数量' });
  });

  it('a cell nesting 2,000,000 cells (a 40 kB file) is refused as nested too deep, at once', async () => {
    const path = await file('nested.xlsx', { sheet: nestedSheet(2_000_000) });
    const started = Date.now();
    expect(await read(open(), path)).toMatchObject({ refusal: { status: 400, code: 'XML_TOO_DEEP', zh: expect.stringContaining(`嵌套超过${XLSX_LIMITS.depth}层`) } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('14 million shared strings (under the inflate bound) are refused by their count', async () => {
    const path = await file('strings.xlsx', { sheet: headingsFromStrings, sharedStrings: manyStrings(14_000_000) });
    expect(await read(open(), path)).toMatchObject({ refusal: { code: 'TOO_MANY_SHARED_STRINGS', zh: expect.stringContaining(`超过${XLSX_LIMITS.sharedStrings}项`) } });
    const fits = await file('fits.xlsx', { sheet: headingsFromStrings, sharedStrings: manyStrings(XLSX_LIMITS.sharedStrings, '商品编码') });
    expect(await read(open(), fits)).toEqual({ error: '导入模板缺少列：调整数量' });
  });

  it('a row of more cells than Excel has columns is refused', async () => {
    const wide = Array.from({ length: XLSX_LIMITS.rowCells + 1 }, () => '<c r="C1"/>').join('');
    const path = await file('wide.xlsx', { sheet: sheetOf([['商品编码', '调整数量']]).replace('</row>', `${wide}</row>`) });
    expect(await read(open(), path)).toMatchObject({ refusal: { code: 'TOO_MANY_CELLS' } });
  });

  it('a NUL character in a cell (a character reference; a raw byte is no XML) is refused with its own message', async () => {
    for (const text of ['A&#0;B', 'A&#x0;B']) {
      const path = await file('nul.xlsx', { sheet: sheetOf([['商品编码', '调整数量'], [text, '1']]) });
      expect(await read(open(), path)).toEqual({
        refusal: { status: 400, code: 'NUL_IN_FILE', zh: '文件中含有空字符（\\0），请在Excel中删除后再导入', en: 'The file contains a NUL character (\\0); remove it in Excel and import again' },
      });
    }
  });

  it('a read over its time limit is stopped (422 IMPORT_TIMEOUT); over its memory limit 422 IMPORT_TOO_LARGE; the pool goes on', async () => {
    const rows = () =>
      function* () {
        yield sheetOf([['商品编码', '调整数量']]).replace('</sheetData></worksheet>', '');
        for (let i = 2; i < 300_000; i++) yield `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>1000${i}</t></is></c><c r="B${i}"><v>1</v></c></row>`;
        yield '</sheetData></worksheet>';
      };
    const slow = await file('slow.xlsx', { sheet: rows() });
    const p = open({ timeoutMs: 300 });
    expect(await failure(read(p, slow))).toMatchObject({ status: 422, code: 'IMPORT_TIMEOUT', message: expect.stringMatching(/^读取文件超过\d+秒仍未完成/) });
    expect(p.load).toEqual({ running: 0, waiting: 0 });
    // 150,000 strings of 1,500 characters: about 225 MB kept, past a 64 MB heap
    const heavy = await file('heavy.xlsx', { sheet: headingsFromStrings, sharedStrings: manyStrings(150_000, 'x'.repeat(1500)) });
    expect(await failure(read(open({ memoryMb: 64 }), heavy))).toMatchObject({ status: 422, code: 'IMPORT_TOO_LARGE', message: expect.stringMatching(/^读取文件超出内存限制/) });
    const good = await file('after.xlsx', { sheet: sheetOf([['商品编码', '调整数量'], ['1', '1']]) });
    expect(await read(pool!, good)).toEqual({ rows: [{ row: 2, raw: { sku_no: '1', qty: '1' } }], more: false });
  });

  it('a long read leaves the event loop free', async () => {
    const big = await file('big.xlsx', {
      sheet: () =>
        (function* () {
          yield sheetOf([['商品编码', '调整数量']]).replace('</sheetData></worksheet>', '');
          for (let i = 2; i < 200_000; i++) yield `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>1000${i}</t></is></c><c r="B${i}"><v>1</v></c></row>`;
          yield '</sheetData></worksheet>';
        })(),
    });
    const p = open();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    expect(await read(p, big)).toEqual({ rows: [], more: true });
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(250);
  });
});
