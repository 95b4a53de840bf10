/**
 * The summary-report page (/report/:tableId; spec §1, §2; rules 82–87): one page for every report id,
 * built from the server's ReportConfig. Header buttons, optional history tabs, the filter box, the
 * summary-dimension chips, an optional fixed note, the result table with its totals row and the pager.
 */
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { refresh, search, toggleChip } from '../../engine/query';
import { useT } from '../i18n';
import { usePageTitle } from '../shell/tabs/TabsProvider';
import { AiPanel } from './parts/AiPanel';
import { ChipRow } from './parts/ChipRow';
import { DownloadHintModal } from './parts/DownloadHintModal';
import { ExplainModal } from './parts/ExplainModal';
import { GoodsLinksContext, useClientGoodsLinks } from './parts/GoodsName';
import { HeaderButtons } from './parts/HeaderButtons';
import { HistoryTabs } from './parts/HistoryTabs';
import { ReportFilterBox } from './parts/ReportFilterBox';
import { ReportResult } from './parts/ReportResult';
import { customColumnsKey, headerButtons, parseTableId, reportRoute } from './report.logic';
import { useCustomColumns } from './useCustomColumns';
import { useReportActions } from './useReportActions';
import { useReportPage } from './useReportPage';

export function SummaryReportPage() {
  const t = useT();
  const { tableId } = useParams();
  const id = parseTableId(tableId);
  // goods names link to the goods detail page of this client (rules 24–25)
  const links = useClientGoodsLinks();
  if (id === null) return <Alert color="red">{t('report.badTableId')}</Alert>;
  // a new id is a new page: nothing of the previous report's state survives
  return (
    <GoodsLinksContext.Provider value={links}>
      <ReportView key={id} pageId={id} />
    </GoodsLinksContext.Provider>
  );
}

export function ReportView({ pageId }: { pageId: number }) {
  const t = useT();
  const page = useReportPage(pageId);
  const { config, state, apply } = page;
  usePageTitle(config?.title);
  const [aiOpen, setAiOpen] = useState(false);
  const [explainOpen, setExplainOpen] = useState(false);
  const actions = useReportActions(config, state, page.rows);
  const columnsEnabled = !!config?.custom_columns;
  const custom = useCustomColumns(columnsEnabled, reportRoute(pageId), customColumnsKey(pageId), page.columns);

  // rule 174: the AI panel closes when a new fetch starts
  const seq = state?.fetch_seq;
  useEffect(() => setAiOpen(false), [seq]);
  const onToggleChip = useCallback((chip: string) => apply((s, c) => toggleChip(s, c, chip)), [apply]);

  if (page.configQuery.isError && !config) {
    return (
      <Card>
        <Alert color="red" title={t('report.loadFailed', { message: page.configQuery.error.message })}>
          <Button size="xs" variant="light" onClick={() => page.configQuery.refetch()}>
            {t('report.retry')}
          </Button>
        </Alert>
      </Card>
    );
  }
  if (!config || !state) {
    return (
      <Card>
        <Stack gap="sm" data-testid="report-loading">
          <Skeleton h={28} w={240} />
          <Skeleton h={32} />
          <Skeleton h={280} />
        </Stack>
      </Card>
    );
  }

  const shown = headerButtons(config, page.rows.length > 0);
  return (
    <Stack gap="sm" data-testid="summary-report">
      <Card>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={4}>{config.title}</Title>
            <HeaderButtons
              shown={shown}
              exporting={actions.exporting}
              printing={actions.printing}
              onExport={actions.doExport}
              // an emptied table has nothing to refresh: search instead (and say 请选择日期 if still missing)
              onRefresh={() => apply((s, c) => (s.applied ? refresh(s, c) : search(s, c)))}
              onPrint={actions.doPrint}
              onExplain={() => setExplainOpen(true)}
              onAi={() => (state.query ? setAiOpen(true) : actions.warnRequired())}
            />
          </Group>
          <HistoryTabs tabs={config.tabs} value={state.is_history} onChange={page.selectTab} disabled={page.tabLoading} />
          <ReportFilterBox config={config} state={state} apply={apply} />
          <ChipRow config={config} active={state.chips} onToggle={onToggleChip} />
        </Stack>
      </Card>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ReportResult
          config={config}
          state={state}
          apply={apply}
          columns={page.columns}
          rows={page.rows}
          totals={page.totalsRow}
          total={page.total}
          loading={page.loading || page.tabLoading}
          layout={columnsEnabled ? custom.layout : null}
          onLayout={custom.update}
        />
        {config.ai_assistant && <AiPanel opened={aiOpen} onClose={() => setAiOpen(false)} query={state.query} />}
      </Group>
      <ExplainModal explain={config.explain} opened={explainOpen} onClose={() => setExplainOpen(false)} />
      <DownloadHintModal opened={actions.hint} onClose={actions.closeHint} />
    </Stack>
  );
}
