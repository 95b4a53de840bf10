import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Stack } from '@mantine/core';
import { DEMO_DOCUMENT } from '../data-source/document-fixtures';
import { StoryFrame } from '../data-source/StoryFrame';
import { AttachmentList } from './AttachmentList';

function AttachmentDemo({ disabled }: { disabled: boolean }) {
  const [opened, setOpened] = useState(true);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        附件
      </Button>
      <AttachmentList opened={opened} onClose={() => setOpened(false)} documentType={DEMO_DOCUMENT.type} documentNo={DEMO_DOCUMENT.no} disabled={disabled} />
    </Stack>
  );
}

const meta: Meta<typeof AttachmentDemo> = {
  title: 'Blocks/AttachmentList',
  component: AttachmentDemo,
  args: { disabled: false },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof AttachmentDemo>;

/** An image and a PDF; add up to five jpeg/png/gif/pdf files of at most 20M (请上传20M以内的文件！), preview or download each. */
export const Default: Story = {};
/** A document that can no longer change: preview and download only. */
export const ReadOnly: Story = { args: { disabled: true } };
