/**
 * The result card of the report page: the fixed note, the table with its totals row and the pager under it.
 * Memoised: the page renders for things the table does not show (an answer held back for its totals, the AI
 * panel, the header buttons), and a table render costs a paint.
 */
import { memo, useCallback } from 'react';
import { Card, Stack } from '@mantine/core';
import { setPage, setPageSize, toggleSort } from '../../../engine/query';
import type { ReportConfig, Column, ReportRow } from '../../../engine/wire';
import type { ReportState } from '../../../engine/query';
import { Pager } from '../../blocks/Pager';
import { withWidths, type ColumnLayout } from '../custom-columns.logic';
import { showWarning, type Transition } from '../useReportPage';
import { CustomColumns } from './CustomColumns';
import { FixedNote } from './FixedNote';
import { ReportTable } from './ReportTable';

export interface ReportResultProps {
  config: ReportConfig;
  state: ReportState;
  apply: (transition: Transition) => void;
  columns: Column[];
  rows: ReportRow[];
  totals: ReportRow | null;
  /** rows of the whole result (for the pager) */
  total: number;
  loading: boolean;
  /** the custom-column layout (rules 177, 181–185), or null when the report has none */
  layout: ColumnLayout | null;
  onLayout: (layout: ColumnLayout) => void;
}

export const ReportResult = memo(function ReportResult({ config, state, apply, columns, rows, totals, total, loading, layout, onLayout }: ReportResultProps) {
  const onSort = useCallback((field: string) => apply((s, c) => toggleSort(s, c, field)), [apply]);
  return (
    <Card flex={1} miw={0}>
      <Stack gap="xs">
        <FixedNote note={config.note} />
        <ReportTable
          columns={columns}
          rows={rows}
          totals={totals}
          loading={loading}
          sortable={config.sortable}
          orderBy={state.order_by}
          onSort={onSort}
          minWidth={config.column_min_width}
          layout={layout ?? undefined}
          onResize={layout ? (sizing) => onLayout(withWidths(layout, sizing)) : undefined}
          toolbarActions={layout ? <CustomColumns columns={columns} layout={layout} onChange={onLayout} /> : undefined}
          pager={
            <Pager
              page={state.page_num}
              pageSize={state.page_size}
              total={total}
              pageSizes={config.page_sizes}
              onRefuse={showWarning}
              disabled={!state.query}
              onChange={(pageNum, size) => apply((s, c) => (size !== s.page_size ? setPageSize(s, c, size) : setPage(s, c, pageNum)))}
            />
          }
        />
      </Stack>
    </Card>
  );
});
