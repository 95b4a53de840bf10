/** The history tab (spec §4; rules 99–103): 近3个月内数据 ("2", default) / 3个月前数据 ("1"). */
import { memo } from 'react';
import { Tabs } from '@mantine/core';
import type { HistoryTab } from '../../../engine/wire';

export interface HistoryTabsProps {
  tabs: HistoryTab[] | null;
  value: '1' | '2' | null;
  onChange: (isHistory: '1' | '2') => void;
  disabled?: boolean;
}

function HistoryTabsView({ tabs, value, onChange, disabled }: HistoryTabsProps) {
  if (!tabs?.length) return null;
  return (
    <Tabs value={value ?? '2'} onChange={(v) => (v === '1' || v === '2') && onChange(v)} data-testid="report-tabs">
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.is_history} value={tab.is_history} disabled={disabled}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** Memoised: a search's answers re-render the report page, and these props stay the same across them. */
export const HistoryTabs = memo(HistoryTabsView);
