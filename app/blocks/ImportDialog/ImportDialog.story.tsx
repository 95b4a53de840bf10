import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import type { ImportStarted } from '../data-source/document-types';
import { ImportDialog } from './ImportDialog';

function ImportDemo({ importType }: { importType: string }) {
  const [opened, setOpened] = useState(true);
  const [job, setJob] = useState<ImportStarted | null>(null);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        导入
      </Button>
      <Code block>{JSON.stringify(job)}</Code>
      <ImportDialog opened={opened} onClose={() => setOpened(false)} importType={importType} onStarted={setJob} />
    </Stack>
  );
}

const meta: Meta<typeof ImportDemo> = {
  title: 'Blocks/ImportDialog',
  component: ImportDemo,
  args: { importType: 'stock-adjustment-lines' },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof ImportDemo>;

/** Template, one xlsx/xls file of at most 50M, then the hint pointing to the system import log. */
export const Default: Story = {};
/** An import type limited to 100K: 请选择小于100K的文件. */
export const SmallLimit: Story = { args: { importType: 'small-limit' } };
