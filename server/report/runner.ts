/** Runs compiled report statements and shapes the answers (engine/wire ReportData / ReportTotals). */
import { enumLabel } from '../../engine/definition/known';
import type { ReportFile } from '../../engine/definition/types';
import type { Column, ReportData, ReportRow, ReportTotals } from '../../engine/wire';
import type { Db } from '../db/types';
import { columnMinWidth } from './config';
import type { CompiledReport, OutputColumn } from './types';

export function titleColumns(report: ReportFile, columns: OutputColumn[]): Column[] {
  const minWidth = columnMinWidth(report);
  return columns.map((c) => ({
    label: c.label,
    value: c.key,
    type: c.type,
    is_header_show: '1',
    ...(c.desc ? { index_desc: c.desc } : {}),
    format: c.format,
    sortable: report.sortable,
    min_width: minWidth,
  }));
}

/**
 * Rows in the column order, enumeration codes as their labels. Ratios stay fractions (the page
 * formats them) and are null when their denominator is 0, shown as "-".
 */
export function shapeRows(rows: Record<string, unknown>[], columns: OutputColumn[]): ReportRow[] {
  return rows.map((row) => {
    const out: ReportRow = {};
    for (const c of columns) {
      const v = row[c.key];
      if (c.enum) out[c.key] = enumLabel(c.enum, v);
      else out[c.key] = v === undefined || v === null ? null : (v as string | number);
    }
    return out;
  });
}

export async function runData(db: Db, report: ReportFile, compiled: CompiledReport): Promise<ReportData> {
  const [rows, count] = await Promise.all([
    db.query(compiled.page.sql, compiled.page.params),
    db.query<{ total: number }>(compiled.count.sql, compiled.count.params),
  ]);
  return {
    title: titleColumns(report, compiled.columns),
    list: shapeRows(rows, compiled.columns),
    total: Number(count[0]?.total ?? 0),
  };
}

export async function runTotals(db: Db, compiled: CompiledReport): Promise<ReportTotals> {
  const indicators = compiled.columns.filter((c) => c.type === '2');
  const [rows, count] = await Promise.all([
    db.query(compiled.totals.sql, compiled.totals.params),
    db.query<{ total: number }>(compiled.count.sql, compiled.count.params),
  ]);
  return { total: Number(count[0]?.total ?? 0), list: shapeRows(rows.slice(0, 1), indicators) };
}
