import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Stack, Text } from '@mantine/core';
import { todayIn } from '../../../engine/dates';
import { initialState, toggleChip, type ReportState } from '../../../engine/query';
import type { ReportConfig } from '../../../engine/wire';
import { StoryFrame } from '../../blocks/data-source/StoryFrame';
import { headerButtons } from '../report.logic';
import { createMemoryReportSource, ReportSourceProvider } from '../source';
import { finance33, margin70, receipts76, stock102 } from '../source/fixtures';
import type { Transition } from '../useReportPage';
import { AiPanel } from './AiPanel';
import { ChipRow } from './ChipRow';
import { DownloadHintModal } from './DownloadHintModal';
import { ExplainModal } from './ExplainModal';
import { FixedNote } from './FixedNote';
import { HeaderButtons } from './HeaderButtons';
import { HistoryTabs } from './HistoryTabs';
import { ReportFilterBox } from './ReportFilterBox';

type Part = 'filters' | 'buttons' | 'tabs' | 'note' | 'explain' | 'ai' | 'downloadHint';

interface DemoProps {
  part: Part;
  config: ReportConfig;
  hasRows?: boolean;
}

function FilterDemo({ config }: { config: ReportConfig }) {
  const today = todayIn(new Date());
  const [state, setState] = useState<ReportState>(() => initialState(config, today));
  const apply = (t: Transition) => setState((s) => t(s, config, todayIn(new Date())));
  return (
    <Stack gap="sm">
      <ReportFilterBox config={config} state={state} apply={apply} />
      <ChipRow config={config} active={state.chips} onToggle={(id) => setState((s) => toggleChip(s, config, id))} />
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        query = {JSON.stringify(state.query)}
      </Text>
    </Stack>
  );
}

/** One part of the report page over the in-memory source. */
function Demo({ part, config, hasRows = true }: DemoProps) {
  const [opened, setOpened] = useState(true);
  const [tab, setTab] = useState<'1' | '2'>('2');
  const today = todayIn(new Date());
  const source = useMemo(() => createMemoryReportSource({ today, delay: 200 }), [today]);
  const log = (what: string) => () => console.info(what);
  const content = {
    filters: <FilterDemo config={config} />,
    buttons: (
      <HeaderButtons
        shown={headerButtons(config, hasRows)}
        onExport={log('export')}
        onRefresh={log('refresh')}
        onPrint={log('print')}
        onExplain={log('explain')}
        onAi={log('ai')}
      />
    ),
    tabs: <HistoryTabs tabs={config.tabs} value={tab} onChange={setTab} />,
    note: <FixedNote note={config.note} />,
    explain: (
      <>
        <Button onClick={() => setOpened(true)}>说明</Button>
        <ExplainModal explain={config.explain} opened={opened} onClose={() => setOpened(false)} />
      </>
    ),
    ai: (
      <>
        <Button onClick={() => setOpened(true)}>AI 解读</Button>
        <AiPanel opened={opened} onClose={() => setOpened(false)} query={initialState(config, today).query} />
      </>
    ),
    downloadHint: (
      <>
        <Button onClick={() => setOpened(true)}>导出</Button>
        <DownloadHintModal opened={opened} onClose={() => setOpened(false)} />
      </>
    ),
  }[part];
  return (
    <StoryFrame>
      <ReportSourceProvider source={source}>
        <Box bg="white" p="md">
          {content}
        </Box>
      </ReportSourceProvider>
    </StoryFrame>
  );
}

const meta: Meta<typeof Demo> = { title: 'Report/Parts', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** Two required ranges, a picker, selects, a number range and a text box; 展开/收起; chips with a forced one. */
export const FilterBox: Story = { args: { part: 'filters', config: margin70() } };
export const FilterBoxTabbed: Story = { args: { part: 'filters', config: finance33() } };
export const FilterBoxMonthly: Story = { args: { part: 'filters', config: stock102() } };
/** Export and refresh with rows; print and explanation in the more-menu. */
export const ButtonsWithRows: Story = { args: { part: 'buttons', config: stock102(), hasRows: true } };
/** No rows: nothing but the more-menu's explanation. */
export const ButtonsNoRows: Story = { args: { part: 'buttons', config: stock102(), hasRows: false } };
/** Report 70's shape: export and refresh even without rows, plus AI. */
export const ButtonsAlwaysShown: Story = { args: { part: 'buttons', config: margin70(), hasRows: false } };
export const Tabs: Story = { args: { part: 'tabs', config: finance33() } };
export const Note: Story = { args: { part: 'note', config: receipts76() } };
export const Explanation: Story = { args: { part: 'explain', config: stock102() } };
/** The AI answer streams in as markdown. */
export const AiPanelStreaming: Story = { args: { part: 'ai', config: margin70() } };
export const DownloadHint: Story = { args: { part: 'downloadHint', config: receipts76() } };
