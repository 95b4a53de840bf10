import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Stack, Text } from '@mantine/core';
import { ENUMS } from '../../../engine/options';
import type { OptionItem } from '../../../engine/wire';
import { OptionSelect } from './OptionSelect';

function Demo({ options, loading }: { options: OptionItem[] | null; loading?: boolean }) {
  const [single, setSingle] = useState<string | null>(null);
  const [multi, setMulti] = useState<string[]>([]);
  return (
    <Box p="md" w={320}>
      <Stack gap="sm">
        <OptionSelect label="单选" options={options} loading={loading} value={single} onChange={setSingle} />
        <OptionSelect multiple label="多选" options={options} loading={loading} value={multi} onChange={setMulti} />
        <Text size="xs" c="dimmed">
          single = {JSON.stringify(single)}; multi = {JSON.stringify(multi)}
        </Text>
      </Stack>
    </Box>
  );
}

const meta: Meta<typeof Demo> = { title: 'Blocks/OptionSelect', component: Demo };
export default meta;
type Story = StoryObj<typeof Demo>;

export const StoreTypes: Story = { args: { options: ENUMS.store_type } };
export const Loading: Story = { args: { options: [], loading: true } };
/** A failed option load: the list stays empty (rule 199). */
export const FailedLoad: Story = { args: { options: null } };
export const Tree: Story = {
  args: {
    options: [
      { value: 'A', label: '食品', children: [{ value: 'A1', label: '饮料' }, { value: 'A2', label: '零食' }] },
      { value: 'B', label: '日化', children: [{ value: 'B1', label: '洗护' }] },
    ],
  },
};
