import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { DatasetOptionSelect } from './DatasetOptionSelect';
import type { DatasetChoice } from './datasetOption.logic';
import { SALES_DIMENSIONS, SALES_MEASURES } from './fixtures';

function Demo({ label, choices, initial, error }: { label: string; choices: DatasetChoice[]; initial?: string; error?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <Box p="md" w={280}>
      <DatasetOptionSelect label={label} choices={choices} value={value} onChange={setValue} error={error} />
      <Text size="xs" c="dimmed" mt="xs">
        value = {JSON.stringify(value)}
      </Text>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/DatasetOptionSelect', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

/** A chip's dimension, picked from the dataset's dimensions. */
export const Dimension: Story = { args: { label: '维度', choices: SALES_DIMENSIONS, initial: 'org' } };
/** An indicator's measure: derived measures (ratios, margins) in their own group. */
export const Measure: Story = { args: { label: '指标', choices: SALES_MEASURES, initial: 'gm_rate' } };
/** A value the dataset no longer offers stays visible, with the cross-file error at the field. */
export const UnknownValue: Story = {
  args: { label: '维度', choices: SALES_DIMENSIONS, initial: 'store_kind', error: 'unknown dimension "store_kind"' },
};
