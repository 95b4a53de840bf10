import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { stores } from '../data-source/fixtures';
import { StoryFrame } from '../data-source/StoryFrame';
import type { StoreRow } from '../data-source/types';
import { MultiStorePicker } from './MultiStorePicker';

function MultiStoreDemo({ initial }: { initial: StoreRow[] }) {
  const [opened, setOpened] = useState(true);
  const [chosen, setChosen] = useState<StoreRow[]>(initial);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        选择门店
      </Button>
      <Code block>{chosen.map((s) => `${s.store_no} - ${s.store_name}`).join('\n') || '（未选择）'}</Code>
      <MultiStorePicker opened={opened} initialChosen={chosen} onClose={() => setOpened(false)} onConfirm={setChosen} />
    </Stack>
  );
}

const meta: Meta<typeof MultiStoreDemo> = {
  title: 'Blocks/Pickers/Multi-store picker',
  component: MultiStoreDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof MultiStoreDemo>;

export const Empty: Story = { args: { initial: [] } };
/** Ten stores chosen: seven chips and 展开 +3. Adding one again gives 该门店已选择！ */
export const ManyChosen: Story = { args: { initial: stores.slice(0, 10) } };
