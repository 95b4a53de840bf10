/** Test helper: a report page over the in-memory source, with the app providers (zh-CN). */
import { screen } from '@testing-library/react';
import { BlocksProvider, createMemoryDataSource, DEMO_SESSIONS } from '../../blocks/data-source';
import { renderWithProviders } from '../../test-utils';
import { ReportView } from '../SummaryReportPage';
import { createMemoryReportSource, ReportSourceProvider, type MemoryOptions } from '../source';

export const TODAY = '2025-06-11';

export function renderReport(pageId: number, options: Partial<MemoryOptions> = {}) {
  const source = createMemoryReportSource({ today: TODAY, ...options });
  const utils = renderWithProviders(
    <BlocksProvider dataSource={createMemoryDataSource()} session={DEMO_SESSIONS.HMT}>
      <ReportSourceProvider source={source}>
        <ReportView pageId={pageId} />
      </ReportSourceProvider>
    </BlocksProvider>,
  );
  return { ...utils, source };
}

/** Calls of one kind made so far. */
export const callsOf = (source: ReturnType<typeof createMemoryReportSource>, call: string) =>
  source.calls.filter((c) => c.call === call).map((c) => c.arg as Record<string, unknown>);

/** Waits for the table to show rows (its body has a row with a cell). */
export async function waitForRows() {
  await screen.findAllByRole('row');
  return screen.findByText((_, el) => el?.tagName === 'TD' && /\d/.test(el.textContent ?? ''), undefined, { timeout: 3000 });
}
