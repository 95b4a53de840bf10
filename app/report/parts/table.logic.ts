/** Pure pieces of the result table: which columns show, their widths, and where the 合计 label goes. */
import type { Column, ReportRow } from '../../../engine/wire';

export const SELECT_COLUMN = 'mrt-row-select';
/** rule 179: 40 px rows (the virtual scroller's row height in focus mode) */
export const ROW_HEIGHT = 40;

/** Columns the server marks hidden (is_header_show "0") are left out. */
export const shownColumns = (columns: Column[]): Column[] => columns.filter((c) => c.is_header_show !== '0');

/** Rules 118, 119: a column is at least its min width (180 on sortable reports, 100 otherwise). */
export function columnWidth(column: Column, fallbackMin: number, layoutWidth?: number): number {
  const min = column.min_width > 0 ? column.min_width : fallbackMin;
  return layoutWidth && layoutWidth > 0 ? layoutWidth : min;
}

/** The 合计 label sits in the first dimension column when there is one, else in the selection column. */
export function totalsLabelColumn(ordered: Column[], hidden: readonly string[] = []): string {
  const first = ordered.find((c) => !hidden.includes(c.value));
  return first && first.type === '1' ? first.value : SELECT_COLUMN;
}

/** Selected rows by row id (the row's index in the answer, as text), as the table library keeps them. */
export type RowSelection = Record<string, boolean>;

export const isRowSelected = (selection: RowSelection, index: number): boolean => !!selection[String(index)];

/**
 * The selection after a click on row `index`'s checkbox: the row flips; with shift held and an earlier
 * clicked row (`anchor`), every row between the two takes the clicked row's new state.
 */
export function selectionAfterClick(selection: RowSelection, index: number, anchor: number | null, shift: boolean): RowSelection {
  const checked = !isRowSelected(selection, index);
  const [from, to] = shift && anchor !== null ? [Math.min(anchor, index), Math.max(anchor, index)] : [index, index];
  const next = { ...selection };
  for (let i = from; i <= to; i++) {
    if (checked) next[String(i)] = true;
    else delete next[String(i)];
  }
  return next;
}

/**
 * The sku_no a cell links with (rules 24–25): a goods-name column (`sku_name`) of a row that carries its
 * sku_no. Any report whose goods dimension answers both gets the link; none is named here.
 */
export function goodsLinkSku(row: ReportRow, columnKey: string): string | null {
  if (columnKey !== 'sku_name') return null;
  const sku = row.sku_no;
  return typeof sku === 'string' && sku !== '' ? sku : typeof sku === 'number' ? String(sku) : null;
}
