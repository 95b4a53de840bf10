import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { NumberRangeInput } from './NumberRangeInput';
import type { NumberRange } from './numberRange.logic';

function Demo({ initial, min, max }: { initial: NumberRange; min?: number; max?: number }) {
  const [value, setValue] = useState<NumberRange>(initial);
  return (
    <Box p="md" w={320}>
      <NumberRangeInput label="销售金额" value={value} onChange={setValue} min={min} max={max} />
      <Text size="xs" c="dimmed" mt="xs">
        value = {JSON.stringify(value)}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/NumberRangeInput', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** Clamped to 0..999999999, 2 decimals; a start above the end is set to the end and vice versa. */
export const Empty: Story = { args: { initial: [null, null] } };
export const Filled: Story = { args: { initial: [100, 2500.5] } };
/** A filter with its own bounds (e.g. days that may be negative). */
export const NegativeAllowed: Story = { args: { initial: [-30, 30], min: -365, max: 365 } };
