import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Column } from '../../engine/wire';
import type { ColumnChunk } from '../db/types';
import { PackedText } from '../db/packed-text';
import { sheetName, writeReportXlsx } from './xlsx';
import { readZip } from './zip.testkit';

const col = (value: string, label: string, type: '1' | '2', format: Column['format']): Column => ({
  value, label, type, format, is_header_show: '1', sortable: false, min_width: 100,
});

let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Row objects as the writer receives them: a chunk of columns. */
function columnsOf(rows: Record<string, unknown>[]): ColumnChunk {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { names, columns: names.map((n) => rows.map((r) => r[n])), rowCount: rows.length };
}

async function* chunks(...parts: Record<string, unknown>[][]) {
  for (const p of parts) yield columnsOf(p);
}

describe('xlsx export (rule §17)', () => {
  it('writes header, rows and the totals row in one sheet, numbers as numbers', async () => {
    dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    const file = join(dir, 'r.xlsx');
    const columns = [col('org_name', '组织', '1', 'text'), col('sales', '销售额', '2', 'money'), col('gm_rate', '毛利率', '2', 'rate')];
    const n = await writeReportXlsx(file, {
      title: '门店毛利分析',
      columns,
      chunks: chunks([{ org_name: '上海徐汇店', sales: 1234.5, gm_rate: 0.25 }], [{ org_name: '杭州西湖店', sales: 0, gm_rate: null }]),
      totals: { sales: 1234.5, gm_rate: 0.25 },
    });
    expect(n).toBe(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('门店毛利分析')!;
    expect(ws.getRow(1).values).toEqual([undefined, '组织', '销售额', '毛利率']);
    expect(ws.getRow(2).values).toEqual([undefined, '上海徐汇店', 1234.5, 0.25]);
    expect(ws.getRow(3).getCell(3).value).toBe('-');
    expect(ws.getRow(4).values).toEqual([undefined, '合计', 1234.5, 0.25]);
    expect(ws.getColumn(2).numFmt).toBe('#,##0.00');
    // every data cell carries its column's format, like the screen; only the header and totals are bold
    expect([2, 3].map((r) => ws.getRow(r).getCell(2).numFmt)).toEqual(['#,##0.00', '#,##0.00']);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('0.00%');
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(ws.getRow(4).getCell(2).font?.bold).toBe(true);
    expect(ws.getRow(4).getCell(2).numFmt).toBe('#,##0.00');
  });

  it('writes a rate change (format pp) in percentage points', async () => {
    dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    const file = join(dir, 'pp.xlsx');
    await writeReportXlsx(file, {
      title: '门店毛利分析',
      columns: [col('org_name', '组织', '1', 'text'), col('gm_rate_change', '毛利率变动', '2', 'pp')],
      chunks: chunks([{ org_name: '上海徐汇店', gm_rate_change: 0.03 }]),
      totals: { gm_rate_change: -0.0125 },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('门店毛利分析')!;
    expect(ws.getRow(2).getCell(2).value).toBe(3);
    expect(ws.getRow(3).getCell(2).value).toBe(-1.25);
    expect(ws.getRow(2).getCell(2).numFmt).toBe('+0.00"pp";-0.00"pp";0.00"pp"');
  });

  it('keeps text that XML would break, strips what XML cannot carry, and streams many chunks in order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    const file = join(dir, 'r.xlsx');
    const columns = [col('name', '名称 <A&B>', '1', 'text'), col('qty', '数量', '2', 'qty')];
    async function* many() {
      for (let c = 0; c < 30; c++) yield columnsOf(Array.from({ length: 100 }, (_, i) => ({ name: `行${c * 100 + i}`, qty: c * 100 + i })));
    }
    const tricky = chunks([{ name: ' <b>"x" & y\u0001 ', qty: -1.5 }]);
    async function* all() {
      yield* tricky;
      yield* many();
    }
    expect(await writeReportXlsx(file, { title: 'a/b', columns, chunks: all(), totals: null })).toBe(3001);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('a b');
    expect(ws.getRow(1).values).toEqual([undefined, '名称 <A&B>', '数量']);
    expect(ws.getRow(2).values).toEqual([undefined, ' <b>"x" & y ', -1.5]);
    expect(ws.getRow(3002).values).toEqual([undefined, '行2999', 2999]);
    expect(ws.getRow(3002).getCell(2).numFmt).toBe('#,##0.###');
    // no totals: nothing after the last row; the header stays frozen
    expect(ws.rowCount).toBe(3002);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('keeps each distinct text once in the shared strings, packed or not, and Excel readers see the texts', async () => {
    dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    const file = join(dir, 's.xlsx');
    const columns = [col('org', '组织', '1', 'text'), col('day', '日期', '1', 'date'), col('sales', '销售额', '2', 'money')];
    const stores = ['上海徐汇店', ' 杭州 <西湖> 店 ', null, ''];
    async function* rows() {
      for (let c = 0; c < 3; c++) {
        const org = PackedText.of(Array.from({ length: 400 }, (_, i) => stores[i % 4]));
        const day = Array.from({ length: 400 }, (_, i) => `2026-11-${String(1 + ((c + i) % 3)).padStart(2, '0')}`);
        yield { names: ['org', 'day', 'sales'], columns: [org, day, day.map((_, i) => i / 4)], rowCount: 400 };
      }
    }
    expect(await writeReportXlsx(file, { title: 't', columns, chunks: rows(), totals: { sales: 1 } })).toBe(1200);
    const parts = new Map(readZip(readFileSync(file)).map((e) => [e.name, e.data.toString()]));
    const sst = parts.get('xl/sharedStrings.xml')!;
    expect([...sst.matchAll(/<si>(.*?)<\/si>/g)].map((m) => m[1])).toEqual([
      '<t>上海徐汇店</t>',
      '<t xml:space="preserve"> 杭州 &lt;西湖&gt; 店 </t>',
      '<t>2026-11-01</t>',
      '<t>2026-11-02</t>',
      '<t>2026-11-03</t>',
    ]);
    // 600 store cells and 1,200 day cells point at the table; empty and NULL stores are empty cells
    expect(sst).toContain('count="1800" uniqueCount="5"');
    expect(parts.get('xl/worksheets/sheet1.xml')).not.toContain('inlineStr"><is><t>上海');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    expect([2, 3, 4, 5].map((r) => ws.getRow(r).values)).toEqual([
      [undefined, '上海徐汇店', '2026-11-01', 0],
      [undefined, ' 杭州 <西湖> 店 ', '2026-11-02', 0.25],
      [undefined, undefined, '2026-11-03', 0.5],
      [undefined, undefined, '2026-11-01', 0.75],
    ]);
    expect(ws.getRow(1202).values).toEqual([undefined, '合计', undefined, 1]);
  });

  it('makes a valid sheet name from any title', () => {
    expect(sheetName('a/b:c?')).toBe('a b c ');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
