import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { DateRuleSelect } from './DateRuleSelect';
import type { DateRuleKind } from './dateRule.logic';

function Demo({ kind, label, initial }: { kind: DateRuleKind; label: string; initial: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <Box p="md" w={280}>
      <DateRuleSelect kind={kind} label={label} value={value} onChange={setValue} />
      <Text size="xs" c="dimmed" mt="xs">
        value = {JSON.stringify(value)}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/DateRuleSelect', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** The range a report opens with (catalogue: Y, L7, M1 …). */
export const DefaultKind: Story = { args: { kind: 'default_kind', label: '默认日期', initial: 'yesterday' } };
/** Which dates may be picked (≤Y, 3M, EM …). */
export const Restriction: Story = { args: { kind: 'restriction', label: '日期限制', initial: 'to_yesterday' } };
export const Granularity: Story = { args: { kind: 'granularity', label: '日期粒度', initial: 'day' } };
