/**
 * Live preview: the draft shown in the real report page (filters, chips, table with totals, export),
 * on the signed-in account's data. It runs when asked, never while typing, and saves nothing.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReportFile } from '../../../engine/definition/types';
import { createQueryClient } from '../../api/query-client';
import { useT } from '../../i18n';
import { ReportView } from '../../report/SummaryReportPage';
import { ReportSourceProvider } from '../../report/source';
import { createPreviewSource } from './preview-source';

export function PreviewPanel({ draft, disabled }: { draft: ReportFile; disabled: boolean }) {
  const t = useT();
  const [shown, setShown] = useState<{ report: ReportFile; run: number } | null>(null);
  // each run gets its own cache: a draft's answers must never be taken for a saved report's
  const run = useMemo(
    () => (shown ? { source: createPreviewSource(shown.report), client: createQueryClient() } : null),
    [shown],
  );
  return (
    <>
      <Group gap="xs" mb="xs">
        <Button size="xs" disabled={disabled} data-testid="studio-preview" onClick={() => setShown({ report: draft, run: (shown?.run ?? 0) + 1 })}>
          {shown ? t('studio.refreshPreview') : t('studio.preview')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('studio.previewHint')}
        </Text>
      </Group>
      {shown && run && (
        <QueryClientProvider client={run.client}>
          <ReportSourceProvider source={run.source}>
            <ReportView key={shown.run} pageId={shown.report.id} />
          </ReportSourceProvider>
        </QueryClientProvider>
      )}
    </>
  );
}
