/**
 * A result-table header label (rules 115–117): the column's name, its sort mark when the
 * report sorts on the server (a click asks for the next order), and the help tooltip from index_desc. Drawn by
 * us in place of the library's header content: its per-column Tooltip + ActionIcon sort button was most of a
 * header render, and the header renders for the loading overlay and for each answer. The label is memoised on
 * its column; the sort order reaches it through a context, so only a new order redraws the labels.
 */
import { createContext, memo, useContext } from 'react';
import { Tooltip } from '@mantine/core';
import { IconArrowsSort, IconHelpCircle, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { Column } from '../../../engine/wire';
import { useT } from '../../i18n';
import { sortOfColumn } from '../report.logic';
import classes from './ReportTable.module.css';

export interface HeaderSort {
  /** the query's order_by ('sales desc'), null when unsorted */
  orderBy: string | null;
  onSort: (field: string) => void;
}

export const HeaderSortContext = createContext<HeaderSort>({ orderBy: null, onSort: () => undefined });

function SortMark({ sorted }: { sorted: 'asc' | 'desc' | null }) {
  const t = useT();
  if (sorted === 'asc') return <IconSortAscending size={14} className={classes.sortIcon} aria-label={t('report.sortAsc')} />;
  if (sorted === 'desc') return <IconSortDescending size={14} className={classes.sortIcon} aria-label={t('report.sortDesc')} />;
  return <IconArrowsSort size={14} className={classes.sortIcon} aria-hidden />;
}

function Help({ text }: { text: string }) {
  return (
    <Tooltip label={text} multiline maw={320} withArrow withinPortal>
      <IconHelpCircle size={14} className={classes.help} aria-label={text} />
    </Tooltip>
  );
}

function SortButton({ column }: { column: Column }) {
  const { orderBy, onSort } = useContext(HeaderSortContext);
  const sorted = sortOfColumn(orderBy, column.value);
  return (
    <button type="button" className={classes.sortButton} data-sorted={sorted ?? undefined} onClick={() => onSort(column.value)}>
      <span>{column.label}</span>
      <SortMark sorted={sorted} />
    </button>
  );
}

export const HeaderLabel = memo(function HeaderLabel({ column, sortable }: { column: Column; sortable: boolean }) {
  return (
    <span className={classes.headLabel}>
      {sortable ? <SortButton column={column} /> : <span>{column.label}</span>}
      {column.index_desc && <Help text={column.index_desc} />}
    </span>
  );
});
