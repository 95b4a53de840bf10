import ExcelJS from 'exceljs';
import { PP_NUMBER_FORMAT, toPoints } from '../../engine/percentage-points';
import type { Column, ColumnFormat, ReportRow } from '../../engine/wire';

const NUM_FMT: Record<ColumnFormat, string | undefined> = {
  text: undefined,
  date: undefined,
  int: '#,##0',
  qty: '#,##0.###',
  money: '#,##0.00',
  rate: '0.00%',
  pp: PP_NUMBER_FORMAT,
};

export interface XlsxSource {
  title: string;
  columns: Column[];
  /** rows in chunks, streamed straight to the file */
  rows: AsyncIterable<ReportRow[]>;
  /** the totals row, written last in the same sheet */
  totals: ReportRow | null;
  onProgress?: (rowsWritten: number) => void;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';
}

function cellValue(v: string | number | null | undefined, numeric: boolean, format?: ColumnFormat): string | number | null {
  if (v === null || v === undefined) return numeric ? '-' : '';
  return format === 'pp' && typeof v === 'number' ? toPoints(v) : v;
}

/**
 * Streams a report to an xlsx file formatted like the screen: a header row, the rows, then the
 * totals row ('合计' in the first column). No shared strings and one style per column keep memory flat.
 */
export async function writeReportXlsx(filename: string, source: XlsxSource): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet(sheetName(source.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, shared by its cells: exceljs resolves a style once per object, so a
  // fresh object per cell (its default) more than doubles the time of a large export.
  const styles: Partial<ExcelJS.Style>[] = source.columns.map((c) => (NUM_FMT[c.format] ? { numFmt: NUM_FMT[c.format] } : {}));
  ws.columns = source.columns.map((c, i) => ({
    header: c.label,
    key: c.value,
    width: Math.max(10, Math.min(40, Math.round((c.min_width || 100) / 8))),
    style: styles[i],
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let written = 0;
  for await (const chunk of source.rows) {
    for (const row of chunk) {
      const added = ws.addRow(source.columns.map((c) => cellValue(row[c.value], c.type === '2', c.format)));
      added.eachCell({ includeEmpty: true }, (cell, col) => {
        cell.style = styles[col - 1];
      });
      added.commit();
    }
    written += chunk.length;
    source.onProgress?.(written);
  }
  if (source.totals) {
    const totals = source.columns.map((c, i) =>
      c.type === '2' ? cellValue(source.totals![c.value], true, c.format) : i === 0 ? '合计' : '',
    );
    const r = ws.addRow(totals);
    r.font = { bold: true };
    r.commit();
  }
  await ws.commit();
  await wb.commit();
  return written;
}
