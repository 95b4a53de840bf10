/**
 * Reading document lines from an import spreadsheet: the first sheet, headings in row 1 matched to
 * the definition's import columns, every data row checked like a typed line. Row problems are
 * collected (not stopped at the first) so the error file can name every row. The sheet is streamed:
 * rows beyond a document's line limit are never kept, so a million-row file costs time, not memory.
 * The reading runs on the import's reading thread (import-pool.ts), under its time and memory limits.
 */
import ExcelJS from 'exceljs';
import type { DocumentFile, LineColumnDef } from '../../engine/document/types';
import type { DocumentValue } from '../../engine/document/wire';
import { checkLine } from '../../engine/document/rules';
import { sheetName } from '../export/xlsx';
import { xlsxWorksheets, XLSX_LIMITS } from './xlsx-sheets';
import { xmlRefusal, type ImportRefusal } from './import-refusals';
import { XmlRefused } from './xml-guard';

export const IMPORT_MESSAGES = {
  unreadable: '无法读取文件，请使用xlsx格式的导入模板',
  missingColumns: (names: string[]) => `导入模板缺少列：${names.join('、')}`,
  empty: '文件中没有数据行',
  rowErrors: (n: number) => `共${n}行有错误，未导入任何数据，请下载错误文件查看`,
  tooManyRows: (max: number, existing: number) =>
    existing > 0
      ? `单据最多${max}行，已有${existing}行，本次最多导入${Math.max(0, max - existing)}行，请分单导入`
      : `导入文件超过${max}行，单据最多${max}行，请分单导入`,
} as const;

export const headingOf = (c: LineColumnDef) => c.import_heading ?? c.label.zh;

/** The definition's import columns in template order. */
export function importColumns(def: DocumentFile): LineColumnDef[] {
  return (def.import?.columns ?? []).map((key) => def.lines.find((c) => c.key === key)!);
}

export interface SheetRow {
  /** the row number in the sheet (1 = headings) */
  row: number;
  raw: Record<string, string>;
}

export interface RowProblem {
  row: number;
  raw: Record<string, string>;
  message: string;
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return String(v.result ?? '');
    if ('text' in v) return String(v.text);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
  }
  return String(v).trim();
}

/** How many lines the document may still take: its limit, and the lines it already has. */
export interface RowCapacity {
  max: number;
  existing: number;
}

/**
 * A sheet as read: its data rows (at most the limit asked for; `more` when the sheet has further
 * ones), the reason the file cannot be used (a note on the import job), or a refusal of the file.
 */
export type SheetRead = { rows: SheetRow[]; more: boolean } | { error: string } | { refusal: ImportRefusal };

/**
 * The data rows of the first sheet. Stops keeping rows once there are more than `max`; every sheet is
 * still read to its end, which closes its stream of the file.
 */
export async function readSheet(path: string, columns: LineColumnDef[], max: number): Promise<SheetRead> {
  const reader = xlsxWorksheets(path, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const rows: SheetRow[] = [];
  let more = false;
  let positions: Map<string, number> | null = null;
  let error: string | null = null;
  let sheets = 0;
  try {
    for await (const ws of reader) {
      sheets++;
      for await (const row of ws) {
        if (sheets > 1 || error) continue;
        if (!positions) {
          positions = new Map();
          if (row.number === 1) {
            row.eachCell((cell, col) => {
              const text = cellText(cell);
              const match = columns.find((c) => headingOf(c) === text || c.label.zh === text || c.key === text);
              if (match && !positions!.has(match.key)) positions!.set(match.key, col);
            });
          }
          const missing = columns.filter((c) => c.required && !positions!.has(c.key)).map(headingOf);
          if (missing.length) error = IMPORT_MESSAGES.missingColumns(missing);
          if (row.number === 1) continue;
        }
        if (more) continue;
        const raw: Record<string, string> = {};
        for (const [key, col] of positions) raw[key] = cellText(row.getCell(col));
        if (!Object.values(raw).some((v) => v !== '')) continue;
        if (rows.length >= max) {
          more = true;
          rows.length = 0;
          continue;
        }
        rows.push({ row: row.number, raw });
      }
    }
  } catch (err) {
    const refusal = err instanceof XmlRefused ? xmlRefusal(err.refusal, XLSX_LIMITS) : null;
    return refusal ? { refusal } : { error: IMPORT_MESSAGES.unreadable };
  }
  if (sheets === 0) return { error: IMPORT_MESSAGES.unreadable };
  if (!positions) {
    const required = columns.filter((c) => c.required).map(headingOf);
    return { error: required.length ? IMPORT_MESSAGES.missingColumns(required) : IMPORT_MESSAGES.empty };
  }
  if (error) return { error };
  if (!rows.length && !more) return { error: IMPORT_MESSAGES.empty };
  return { rows, more };
}

/** The rows read, if the document can still take them all; else why not. */
export function fittingRows(read: { rows: SheetRow[]; more: boolean }, capacity: RowCapacity): { rows: SheetRow[] } | { error: string } {
  if (read.more || read.rows.length > capacity.max - capacity.existing) return { error: IMPORT_MESSAGES.tooManyRows(capacity.max, capacity.existing) };
  return { rows: read.rows };
}

/** Each row checked as a line; the typed rows, or the problems of every bad row. */
export function checkRows(def: DocumentFile, rows: SheetRow[]): { lines: Record<string, DocumentValue>[]; problems: RowProblem[] } {
  const lines: Record<string, DocumentValue>[] = [];
  const problems: RowProblem[] = [];
  for (const r of rows) {
    const checked = checkLine(def, r.raw, `第${r.row}行：`);
    if ('error' in checked) problems.push({ row: r.row, raw: r.raw, message: checked.error.message });
    else lines.push(checked.row);
  }
  return { lines, problems };
}

/** The error file: the template's columns, the row number and what is wrong, one sheet row per bad row. */
export async function writeErrorFile(path: string, def: DocumentFile, problems: RowProblem[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(`${def.title.zh}导入错误`));
  const columns = importColumns(def);
  ws.addRow(['行号', ...columns.map(headingOf), '错误信息']).font = { bold: true };
  for (const p of problems) ws.addRow([p.row, ...columns.map((c) => p.raw[c.key] ?? ''), p.message]);
  await wb.xlsx.writeFile(path);
}

/** The import template: the headings of the import columns. */
export async function templateBuffer(def: DocumentFile): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(def.title.zh));
  ws.addRow(importColumns(def).map(headingOf)).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
