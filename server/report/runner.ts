/** Runs compiled report statements and shapes the answers (engine/wire ReportData / ReportTotals). */
import type { ReportFile } from '../../engine/definition/types';
import type { Column, ReportData, ReportRow, ReportTotals } from '../../engine/wire';
import type { Db } from '../db/types';
import { asStored, cellLabel } from './cell-labels';
import { columnMinWidth, type TextLang } from './config';
import type { CompiledReport, OutputColumn } from './types';

/** The columns' titles in the request's language (zh when none is asked for). */
export function titleColumns(report: ReportFile, columns: OutputColumn[], lang: TextLang = 'zh'): Column[] {
  const minWidth = columnMinWidth(report);
  return columns.map((c) => ({
    label: c.label[lang],
    value: c.key,
    type: c.type,
    is_header_show: '1',
    ...(c.desc ? { index_desc: c.desc[lang] } : {}),
    format: c.format,
    sortable: report.sortable,
    min_width: minWidth,
  }));
}

/**
 * Rows in the column order, enumeration codes as their labels in the request's language (zh by
 * default). Ratios stay fractions (the page formats them) and are null when their denominator is 0,
 * shown as "-".
 */
export function shapeRows(rows: Record<string, unknown>[], columns: OutputColumn[], lang: TextLang = 'zh'): ReportRow[] {
  const cells = columns.map((c) => [c.key, cellLabel(c, lang) ?? asStored] as const);
  return rows.map((row) => {
    const out: ReportRow = {};
    for (const [key, show] of cells) out[key] = show(row[key]);
    return out;
  });
}

/** What one report screen shows: a page of rows, how many rows there are, and the totals row. */
export interface ScreenAnswer {
  rows: Record<string, unknown>[];
  count: number;
  totals: Record<string, unknown> | null;
}

/** One grouped pass when the query compiles to a screen statement, else the three statements. */
export async function runScreen(db: Db, compiled: CompiledReport): Promise<ScreenAnswer> {
  const { screen } = compiled;
  if (screen) {
    const all = await db.scan(screen.sql, screen.params);
    const totals = all.find((r) => Number(r.__g) === 1) ?? null;
    return { rows: all.filter((r) => Number(r.__g) === 0), count: Number(totals?.__rows ?? 0), totals };
  }
  const [rows, count, totals] = await Promise.all([
    db.scan(compiled.page.sql, compiled.page.params),
    db.scan<{ total: number }>(compiled.count.sql, compiled.count.params),
    db.scan(compiled.totals.sql, compiled.totals.params),
  ]);
  return { rows, count: Number(count[0]?.total ?? 0), totals: totals[0] ?? null };
}

/**
 * The JSON text of `dataOf(…)` with its title already written (`titleJson`, the same for every page
 * of a query): only the page's rows are written per answer.
 */
export function dataJson(titleJson: string, compiled: CompiledReport, answer: ScreenAnswer, lang: TextLang = 'zh'): string {
  return `{"title":${titleJson},"list":${JSON.stringify(shapeRows(answer.rows, compiled.columns, lang))},"total":${JSON.stringify(answer.count)}}`;
}

export function dataOf(report: ReportFile, compiled: CompiledReport, answer: ScreenAnswer, lang: TextLang = 'zh'): ReportData {
  return { title: titleColumns(report, compiled.columns, lang), list: shapeRows(answer.rows, compiled.columns, lang), total: answer.count };
}

export function totalsOf(compiled: CompiledReport, answer: ScreenAnswer, lang: TextLang = 'zh'): ReportTotals {
  const indicators = compiled.columns.filter((c) => c.type === '2');
  return { total: answer.count, list: answer.totals ? shapeRows([answer.totals], indicators, lang) : [] };
}

export async function runData(db: Db, report: ReportFile, compiled: CompiledReport, lang: TextLang = 'zh'): Promise<ReportData> {
  return dataOf(report, compiled, await runScreen(db, compiled), lang);
}

export async function runTotals(db: Db, compiled: CompiledReport): Promise<ReportTotals> {
  return totalsOf(compiled, await runScreen(db, compiled));
}
