import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@mantine/core';
import { initialRequest } from '../../../engine/query';
import { todayIn } from '../../../engine/dates';
import type { ReportConfig } from '../../../engine/wire';
import { Pager } from '../../blocks/Pager';
import { EMPTY_LAYOUT, withWidths, type ColumnLayout } from '../custom-columns.logic';
import { finance33, makeFacts, margin70, stock102 } from '../source/fixtures';
import { reportData, reportTotals } from '../source';
import { CustomColumns } from './CustomColumns';
import { ReportTable } from './ReportTable';

interface DemoProps {
  config: ReportConfig;
  dimensions?: string;
  empty?: boolean;
  loading?: boolean;
  noTotals?: boolean;
}

/** The table alone over fixture rows; sorting and column settings work locally. */
function Demo({ config, dimensions, empty, loading, noTotals }: DemoProps) {
  const today = todayIn(new Date());
  const facts = useMemo(() => makeFacts(today, 35), [today]);
  const [orderBy, setOrderBy] = useState(config.default_order_by);
  const [layout, setLayout] = useState<ColumnLayout>(EMPTY_LAYOUT);
  const query = { ...initialRequest(config, today), date_start: '', date_end: '', page_size: 50, order_by: orderBy ?? undefined };
  if (dimensions) query.dimensionIds = dimensions;
  const data = reportData(config, query, facts);
  const totals = reportTotals(config, query, facts).list[0] ?? null;
  return (
    <Box p="md" bg="white">
      <ReportTable
        columns={data.title}
        rows={empty ? [] : data.list}
        totals={empty || noTotals ? null : totals}
        loading={!!loading}
        sortable={config.sortable}
        orderBy={orderBy}
        onSort={(field) => setOrderBy((o) => (o === `${field} asc` ? `${field} desc` : `${field} asc`))}
        minWidth={config.column_min_width}
        layout={config.custom_columns ? layout : undefined}
        onResize={config.custom_columns ? (sizing) => setLayout((l) => withWidths(l, sizing)) : undefined}
        toolbarActions={config.custom_columns ? <CustomColumns columns={data.title} layout={layout} onChange={setLayout} /> : undefined}
        pager={<Pager page={1} pageSize={50} total={empty ? 0 : data.total} onChange={() => {}} pageSizes={config.page_sizes} />}
      />
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Report/ReportTable', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** Sortable headers (min width 180), help tooltips, negatives in red, '-' for a ratio without denominator. */
export const Sortable: Story = { args: { config: margin70(), dimensions: 'org,cate1' } };
/** Many rows: the focus (full-screen) toggle switches on virtual scrolling of 40 px rows. */
export const ManyRows: Story = { args: { config: finance33(), dimensions: 'org,cate1,brand,business_date' } };
/** Column settings: show/hide, reorder, drag header edges to resize. */
export const WithColumnSettings: Story = { args: { config: stock102(), dimensions: 'org,cate1' } };
export const Empty: Story = { args: { config: margin70(), empty: true } };
export const Loading: Story = { args: { config: margin70(), dimensions: 'org', loading: true } };
/** The totals fetch failed: no totals row. */
export const NoTotals: Story = { args: { config: margin70(), dimensions: 'org', noTotals: true } };
