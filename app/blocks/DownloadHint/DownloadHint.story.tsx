import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import { DownloadHint } from './DownloadHint';

function HintDemo({ messageKey, titleKey }: { messageKey: string; titleKey: string }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button size="xs" onClick={() => setOpened(true)}>
        打开
      </Button>
      <DownloadHint opened={opened} onClose={() => setOpened(false)} titleKey={titleKey} messageKey={messageKey} />
    </>
  );
}

const meta: Meta<typeof HintDemo> = {
  title: 'Blocks/DownloadHint',
  component: HintDemo,
  args: { titleKey: 'report.downloadHintTitle', messageKey: 'report.downloadHint' },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof HintDemo>;

/** After a large export. */
export const Export: Story = {};
/** After an import was submitted. */
export const Import: Story = { args: { titleKey: 'documents.import.hintTitle', messageKey: 'documents.import.hint' } };
