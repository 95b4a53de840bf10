/**
 * The result table (spec §4, §9; rules 86, 93, 116–119, 179, 180): dimension columns then right-aligned
 * numeric columns, header help from index_desc, the totals row pinned at the bottom, server-side sort on
 * sortable reports, row selection with its count bar, virtual scrolling of 40 px rows in focus mode
 * only, 暂无数据 when empty and a loading overlay that never blanks the table. The pager sits in the
 * bottom toolbar so focus mode keeps it. mantine-react-table draws the frame, header and footer; the body
 * rows outside focus mode are our plain ReportRows and the header labels our HeaderLabel (the library's cell
 * components and per-column sort buttons were the cost of a paint).
 */
import { createContext, memo, useCallback, useContext, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Center, Group, Text } from '@mantine/core';
import {
  MantineReactTable,
  MRT_TableHeadCellResizeHandle,
  MRT_ToggleFullScreenButton,
  useMantineReactTable,
  type MRT_ColumnDef,
  type MRT_ColumnSizingState,
  type MRT_RowSelectionState,
  type MRT_TableInstance,
  type MRT_Updater,
} from 'mantine-react-table';
import { MRT_Localization_EN } from 'mantine-react-table/locales/en/index.esm.mjs';
import { MRT_Localization_ZH_HANS } from 'mantine-react-table/locales/zh-Hans/index.esm.mjs';
import type { Column, ReportRow } from '../../../engine/wire';
import { useLocale, useT } from '../../i18n';
import { EMPTY_LAYOUT, orderedColumns, tableStateOf, type ColumnLayout } from '../custom-columns.logic';
import { formatCell, isNegativeCell } from '../format';
import { DelayedLoader } from './DelayedLoader';
import { GoodsName } from './GoodsName';
import { HeaderLabel, HeaderSortContext } from './HeaderLabel';
import { ReportRows, ROW_INDEX_ATTR } from './ReportRows';
import { columnWidth, goodsLinkSku, ROW_HEIGHT, SELECT_COLUMN, selectionAfterClick, shownColumns, totalsLabelColumn } from './table.logic';
import classes from './ReportTable.module.css';

export interface ReportTableProps {
  columns: Column[];
  rows: ReportRow[];
  totals: ReportRow | null;
  loading: boolean;
  /** the report sorts on the server (rule 115) */
  sortable: boolean;
  orderBy: string | null;
  onSort: (field: string) => void;
  /** fallback min width when a column has none (config.column_min_width) */
  minWidth: number;
  layout?: ColumnLayout;
  /** column widths dragged by the user (custom-column reports) */
  onResize?: (sizing: Record<string, number>) => void;
  /** extra toolbar actions (the custom-column button) */
  toolbarActions?: ReactNode;
  /** the pager, shown under the table (also in focus mode) */
  pager?: ReactNode;
}

function NumberCell({ value, column }: { value: unknown; column: Column }) {
  const text = formatCell(value, column.format);
  return isNegativeCell(value, column.format) ? <span className={classes.negative}>{text}</span> : <>{text}</>;
}

/**
 * The totals reach the footer through a context, so the column definitions do not change when the totals
 * answer arrives after the rows: new definitions would rebuild and repaint every body cell.
 */
const TotalsContext = createContext<ReportRow | null>(null);

// memoised: the footer renders with every page render, a cell redraws only when the totals change
const TotalCell = memo(function TotalCell({ column, labelColumn }: { column: Column; labelColumn: string }) {
  const t = useT();
  const totals = useContext(TotalsContext);
  const value = totals?.[column.value];
  if (column.value === labelColumn && (value === null || value === undefined || value === '')) return <>{t('report.totals')}</>;
  if (!totals) return null;
  return column.type === '2' ? <NumberCell value={value} column={column} /> : <>{formatCell(value, column.format)}</>;
});

/**
 * A header cell's content: our label, and the library's resize handle when columns resize (it follows the drag,
 * so it is drawn anew with each render; the label element is the same one and is skipped).
 */
function headContent(table: MRT_TableInstance<ReportRow>, column: Column, label: ReactNode) {
  const header = table.options.enableColumnResizing ? table.getFlatHeaders().find((h) => h.id === column.value) : undefined;
  return (
    <div className={column.type === '2' ? classes.headNumeric : classes.headContent}>
      {label}
      {header && <MRT_TableHeadCellResizeHandle header={header} table={table} />}
    </div>
  );
}

const NO_SELECTION: MRT_RowSelectionState = {};

export function ReportTable({
  columns,
  rows,
  totals,
  loading,
  sortable,
  orderBy,
  onSort,
  minWidth,
  layout = EMPTY_LAYOUT,
  onResize,
  toolbarActions,
  pager,
}: ReportTableProps) {
  const t = useT();
  const { locale } = useLocale();
  const [focus, setFocus] = useState(false);
  const [selection, setSelection] = useState<MRT_RowSelectionState>(NO_SELECTION);
  const [sizing, setSizing] = useState<MRT_ColumnSizingState>({});
  // the row a plain click last ticked or cleared: a shift-click selects the range from it
  const anchor = useRef<number | null>(null);
  // a new result starts with nothing selected (the same empty state when nothing was: no second render)
  useEffect(() => {
    setSelection(NO_SELECTION);
    anchor.current = null;
  }, [rows]);
  useEffect(() => setSizing({ ...layout.widths }), [layout.widths]);

  const visible = useMemo(() => shownColumns(columns), [columns]);
  const ordered = useMemo(() => orderedColumns(visible, layout), [visible, layout]);
  const bodyColumns = useMemo(() => ordered.filter((c) => !layout.hidden.includes(c.value)), [ordered, layout.hidden]);
  const labelColumn = totalsLabelColumn(ordered, layout.hidden);
  const state = useMemo(() => tableStateOf(visible, layout, [SELECT_COLUMN]), [visible, layout]);
  const headerSort = useMemo(() => ({ orderBy, onSort }), [orderBy, onSort]);

  const columnDefs = useMemo<MRT_ColumnDef<ReportRow>[]>(
    () =>
      visible.map((column) => {
        const numeric = column.type === '2';
        const align = numeric ? 'right' : 'left';
        const width = columnWidth(column, minWidth);
        const label = <HeaderLabel column={column} sortable={sortable && column.sortable !== false} />;
        return {
          id: column.value,
          accessorFn: (row) => row[column.value],
          header: column.label,
          Cell: ({ cell, row }) => {
            if (numeric) return <NumberCell value={cell.getValue()} column={column} />;
            const sku = goodsLinkSku(row.original, column.value);
            const text = formatCell(cell.getValue(), column.format);
            return sku ? <GoodsName skuNo={sku} text={text} /> : text;
          },
          Footer: () => <TotalCell column={column} labelColumn={labelColumn} />,
          size: width,
          minSize: Math.min(width, 60),
          mantineTableHeadCellProps: ({ table: tbl }) => ({ children: headContent(tbl, column, label) }),
          mantineTableBodyCellProps: { align },
          mantineTableFooterCellProps: { align },
        };
      }),
    [visible, minWidth, sortable, labelColumn],
  );

  const localization = useMemo(
    () => ({
      ...(locale === 'zh-CN' ? MRT_Localization_ZH_HANS : MRT_Localization_EN),
      noRecordsToDisplay: t('report.empty'),
      selectedCountOfRowCountRowsSelected: t('report.selected', { count: '{selectedCount}' }),
      clearSelection: t('report.deselectAll'),
      toggleFullScreen: t(focus ? 'report.exitFocus' : 'report.focus'),
    }),
    [locale, t, focus],
  );

  const onBodyClick = useCallback((event: MouseEvent<HTMLTableSectionElement>) => {
    const box = (event.target as Element).closest(`[${ROW_INDEX_ATTR}]`);
    if (!box) return;
    const index = Number(box.getAttribute(ROW_INDEX_ATTR));
    const shift = event.shiftKey;
    setSelection((prev) => selectionAfterClick(prev, index, anchor.current, shift));
    anchor.current = index;
  }, []);

  // the body rows are ours (plain cells); an element that only changes with the rows, columns or selection,
  // so renders for the loading overlay or the totals leave them alone
  const body = useMemo(
    () => <ReportRows rows={rows} columns={bodyColumns} selection={selection} selectLabel={localization.toggleSelectRow} />,
    [rows, bodyColumns, selection, localization.toggleSelectRow],
  );

  // 'onEnd' resizing: one sizing change per finished drag, reported for saving
  const onColumnSizingChange = (updater: MRT_Updater<MRT_ColumnSizingState>) => {
    const next = typeof updater === 'function' ? updater(sizing) : updater;
    setSizing(next);
    onResize?.(next);
  };

  const table = useMantineReactTable<ReportRow>({
    columns: columnDefs,
    data: rows,
    localization,
    getRowId: (_row, index) => String(index),
    layoutMode: 'semantic',
    // data cells are memoised on their cell: a render for the totals, the selection or the loading overlay
    // repaints only the select column, the header and the footer (widths come from CSS variables)
    memoMode: 'cells',
    // one bar under the table: focus toggle and column settings left, the pager right (kept in focus mode)
    enableTopToolbar: false,
    enableBottomToolbar: true,
    renderBottomToolbar: ({ table: tbl }) => (
      <Group justify="space-between" wrap="nowrap" className={classes.bottom}>
        <Group gap={4} wrap="nowrap">
          <MRT_ToggleFullScreenButton table={tbl} />
          {toolbarActions}
        </Group>
        {pager}
      </Group>
    ),
    enablePagination: false,
    manualPagination: true,
    manualFiltering: true,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableDensityToggle: false,
    enableHiding: false,
    enableColumnOrdering: false,
    enableColumnDragging: false,
    enableColumnResizing: !!onResize,
    columnResizeMode: 'onEnd',
    // sorting is the server's (rule 115): our header labels ask for it
    enableSorting: false,
    enableRowSelection: true,
    enableSelectAll: true,
    // rule 180: the count bar with 'deselect all' lies over the header while rows are selected
    positionToolbarAlertBanner: 'head-overlay',
    enableStickyHeader: true,
    enableStickyFooter: true,
    // no totals row under an emptied table
    enableTableFooter: rows.length > 0 || !!totals,
    enableFullScreenToggle: true,
    // rule 179: virtual rows only in focus mode
    enableRowVirtualization: focus,
    rowVirtualizerOptions: { estimateSize: () => ROW_HEIGHT, overscan: 8 },
    renderEmptyRowsFallback: () => (
      <Center py="xl">
        <Text c="dimmed" size="sm">
          {t('report.empty')}
        </Text>
      </Center>
    ),
    displayColumnDefOptions: {
      [SELECT_COLUMN]: {
        size: 40,
        Footer: () => (labelColumn === SELECT_COLUMN ? t('report.totals') : null),
      },
    },
    state: {
      rowSelection: selection,
      isFullScreen: focus,
      showLoadingOverlay: loading,
      columnOrder: state.columnOrder,
      columnVisibility: state.columnVisibility,
      columnSizing: sizing,
      density: 'xs',
    },
    onRowSelectionChange: setSelection,
    onIsFullScreenChange: setFocus,
    onColumnSizingChange,
    // the overlay dims the table at once; its spinner waits (DelayedLoader)
    mantineLoadingOverlayProps: { loaderProps: { children: <DelayedLoader /> } },
    mantinePaperProps: { shadow: 'none', withBorder: false, className: focus ? classes.paperFocus : classes.paper },
    // data-result marks when an answer's rows are committed (what the bench's paint timing waits for); its own
    // name, as Mantine's popovers and transitions put data-state on elements of their own
    mantineTableContainerProps: { className: focus ? classes.containerFocus : classes.container, mod: { result: loading ? 'loading' : 'ready' } },
    mantineTableProps: { striped: false, highlightOnHover: true, withColumnBorders: true, className: classes.table },
    // rule 179: focus mode keeps the library's virtual rows; an empty answer its 暂无数据 row
    mantineTableBodyProps: { children: focus || rows.length === 0 ? undefined : body, onClick: onBodyClick },
    mantineTableBodyRowProps: { className: classes.row },
    mantineTableHeadProps: { className: classes.head },
    mantineTableFooterProps: { className: classes.footer },
    mantineTableFooterRowProps: { className: classes.totals },
    mantineToolbarAlertBannerProps: { className: classes.banner },
  });

  return (
    <HeaderSortContext.Provider value={headerSort}>
      <TotalsContext.Provider value={totals}>
        <MantineReactTable table={table} />
      </TotalsContext.Provider>
    </HeaderSortContext.Provider>
  );
}
