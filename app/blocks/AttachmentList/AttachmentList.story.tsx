import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Stack } from '@mantine/core';
import { DEMO_DOCUMENT } from '../data-source/document-fixtures';
import { StoryFrame } from '../data-source/StoryFrame';
import { AttachmentList } from './AttachmentList';

function AttachmentDemo({ disabled, maxBytes }: { disabled: boolean; maxBytes: number }) {
  const [opened, setOpened] = useState(true);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        附件
      </Button>
      <AttachmentList opened={opened} onClose={() => setOpened(false)} documentType={DEMO_DOCUMENT.type} documentNo={DEMO_DOCUMENT.no} disabled={disabled} maxBytes={maxBytes} />
    </Stack>
  );
}

const meta: Meta<typeof AttachmentDemo> = {
  title: 'Blocks/AttachmentList',
  component: AttachmentDemo,
  args: { disabled: false, maxBytes: 20 * 1024 * 1024 },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof AttachmentDemo>;

/** Two saved files; add up to five jpeg/png/gif files of at most 20M, preview or download each. */
export const Default: Story = {};
/** A document that can no longer change: preview and download only. */
export const ReadOnly: Story = { args: { disabled: true } };
/** A 100 KB limit: bigger files are refused with 请上传100K以内的文件！ */
export const SmallLimit: Story = { args: { maxBytes: 100 * 1024 } };
