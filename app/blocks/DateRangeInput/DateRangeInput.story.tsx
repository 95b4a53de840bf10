import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { defaultRange, todayIn } from '../../../engine/dates';
import type { DateGranularity, DateRestriction, DefaultRangeKind } from '../../../engine/wire';
import { DateRangeInput } from './DateRangeInput';
import type { DateRange, ShortcutCode } from './dateRange.logic';

interface DemoProps {
  granularity: DateGranularity;
  restriction: DateRestriction;
  kind: DefaultRangeKind;
  isHistory?: boolean;
}

function Demo({ granularity, restriction, kind, isHistory }: DemoProps) {
  const today = todayIn(new Date());
  const [state, setState] = useState<{ value: DateRange; code: ShortcutCode | null }>({ value: defaultRange(kind, today), code: null });
  return (
    <Box p="md" w={granularity === 'datetime' ? 420 : 320}>
      <DateRangeInput
        label="日期"
        today={today}
        granularity={granularity}
        restriction={restriction}
        isHistory={isHistory}
        value={state.value}
        shortcut={state.code}
        onChange={(value, code) => setState({ value, code })}
        onRefuse={(message) => notifications.show({ message, color: 'orange' })}
      />
      <Text size="xs" c="dimmed" mt="xs">
        value = {JSON.stringify(state.value)}; shortcut = {String(state.code)}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/DateRangeInput', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** Days up to yesterday; the shortcut variant ending at yesterday (no "today"). */
export const ToYesterday: Story = { args: { granularity: 'day', restriction: 'to_yesterday', kind: 'yesterday' } };
export const Unrestricted: Story = { args: { granularity: 'day', restriction: 'none', kind: 'today' } };
/** 3-month split, current tab: only the last three months are enabled. */
export const RecentThreeMonths: Story = { args: { granularity: 'day', restriction: 'three_months', kind: 'yesterday' } };
/** 3-month split, history tab: only days before the cut-off. */
export const HistoryTab: Story = { args: { granularity: 'day', restriction: 'three_months', kind: 'history', isHistory: true } };
/** Completed weeks only: "this week" is refused with 选择日期超出限制. */
export const CompletedWeeks: Story = { args: { granularity: 'week', restriction: 'completed_weeks', kind: 'last_week' } };
export const EarlierMonths: Story = { args: { granularity: 'month', restriction: 'earlier_months', kind: 'prev_months' } };
export const CurrentMonthAtMost: Story = { args: { granularity: 'month', restriction: 'current_month', kind: 'prev_months' } };
export const DateTime: Story = { args: { granularity: 'datetime', restriction: 'none', kind: 'today_datetime' } };
