import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { todayIn } from '../../engine/dates';
import { StoryFrame } from '../blocks/data-source/StoryFrame';
import { ReportView } from './SummaryReportPage';
import { createMemoryReportSource, ReportSourceProvider, type MemoryCall } from './source';
import type { ExportAnswer } from './source';

interface DemoProps {
  pageId: number;
  fail?: MemoryCall[];
  exportStatus?: ExportAnswer['status'];
}

/** The whole page over the in-memory source: fixture configs and facts, 300 ms answers. */
function Demo({ pageId, fail = [], exportStatus }: DemoProps) {
  const source = useMemo(
    () =>
      createMemoryReportSource({
        today: todayIn(new Date()),
        delay: 300,
        exportStatus,
        fail: Object.fromEntries(fail.map((f) => [f, true])),
      }),
    [fail, exportStatus],
  );
  return (
    <StoryFrame>
      <ReportSourceProvider source={source}>
        <ReportView pageId={pageId} />
      </ReportSourceProvider>
    </StoryFrame>
  );
}

const meta: Meta<typeof Demo> = { title: 'Report/SummaryReportPage', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** Report 70's shape: two required ranges (clear one and search: 请选择日期), sortable, AI assistant. */
export const GrossMargin: Story = { args: { pageId: 70 } };
/** A tabbed report: 近3个月内数据 uses 128, 3个月前数据 uses 33; print in the more-menu. */
export const HistoryTabs: Story = { args: { pageId: 33 } };
/** Custom columns (the column button in the table toolbar) and the explanation popup. */
export const CustomColumns: Story = { args: { pageId: 102 } };
/** A fixed note line above the table. */
export const FixedNote: Story = { args: { pageId: 76 } };
/** A month-granularity range limited to the current month at most. */
export const Monthly: Story = { args: { pageId: 145 } };
/** A large export runs in the background: the download hint links to the import log. */
export const ExportInBackground: Story = { args: { pageId: 76, exportStatus: 'running' } };
/** The data call fails: the loading ends, 暂无数据, an error toast. */
export const DataFails: Story = { args: { pageId: 76, fail: ['data'] } };
/** The totals call fails: rows without a totals row. */
export const TotalsFail: Story = { args: { pageId: 76, fail: ['totals'] } };
/** Option lists fail: the selects stay empty. */
export const OptionsFail: Story = { args: { pageId: 33, fail: ['options'] } };
