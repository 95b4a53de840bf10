/**
 * The result table's body rows, drawn as plain <tr>/<td> (no per-cell components): one answer is ~50 × 15
 * cells, and a library cell per value cost most of the time between the answer and its paint. Rows are
 * memoised, so a render for the loading overlay, the totals or one ticked row repaints nothing else; the
 * row checkboxes carry their row index and are handled by one listener on the <tbody> (see ReportTable).
 */
import { memo } from 'react';
import type { Column, ReportRow } from '../../../engine/wire';
import { formatCell, isNegativeCell } from '../format';
import { GoodsName } from './GoodsName';
import { goodsLinkSku, isRowSelected, type RowSelection } from './table.logic';
import classes from './ReportTable.module.css';

/** data attribute on a row checkbox: the index of its row in the answer */
export const ROW_INDEX_ATTR = 'data-row-index';

interface RowProps {
  row: ReportRow;
  index: number;
  columns: Column[];
  selected: boolean;
  selectLabel: string;
}

function cell(row: ReportRow, column: Column) {
  const value = row[column.value];
  const text = formatCell(value, column.format);
  if (column.type !== '2') {
    const sku = goodsLinkSku(row, column.value);
    return <td key={column.value}>{sku ? <GoodsName skuNo={sku} text={text} /> : text}</td>;
  }
  return (
    <td key={column.value} align="right">
      {isNegativeCell(value, column.format) ? <span className={classes.negative}>{text}</span> : text}
    </td>
  );
}

const Row = memo(function Row({ row, index, columns, selected, selectLabel }: RowProps) {
  return (
    <tr className={classes.bodyRow} data-selected={selected || undefined}>
      <td className={classes.selectCell}>
        {/* readOnly: the <tbody>'s click listener changes the selection, React keeps the box in step */}
        <input type="checkbox" className={classes.check} checked={selected} readOnly aria-label={selectLabel} {...{ [ROW_INDEX_ATTR]: index }} />
      </td>
      {columns.map((column) => cell(row, column))}
    </tr>
  );
});

export interface ReportRowsProps {
  rows: ReportRow[];
  /** the shown columns in display order */
  columns: Column[];
  selection: RowSelection;
  selectLabel: string;
}

export const ReportRows = memo(function ReportRows({ rows, columns, selection, selectLabel }: ReportRowsProps) {
  return (
    <>
      {rows.map((row, index) => (
        <Row key={index} row={row} index={index} columns={columns} selected={isRowSelected(selection, index)} selectLabel={selectLabel} />
      ))}
    </>
  );
});
