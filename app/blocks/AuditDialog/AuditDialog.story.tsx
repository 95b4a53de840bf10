import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { DEMO_DOCUMENT } from '../data-source/document-fixtures';
import { StoryFrame } from '../data-source/StoryFrame';
import type { ApprovalResult } from '../../../engine/shell';
import type { AuditForm } from '../data-source/document-types';
import { AuditDialog } from './AuditDialog';

function AuditDemo({ choices, remarkRequired }: { choices: ApprovalResult[]; remarkRequired: boolean }) {
  const [opened, setOpened] = useState(true);
  const [last, setLast] = useState<AuditForm | null>(null);
  return (
    <Stack align="flex-start">
      <Button size="xs" onClick={() => setOpened(true)}>
        审核
      </Button>
      <Code block>{JSON.stringify(last)}</Code>
      <AuditDialog
        opened={opened}
        onClose={() => setOpened(false)}
        documentType={DEMO_DOCUMENT.type}
        documentNo={DEMO_DOCUMENT.no}
        choices={choices}
        remarkRequired={remarkRequired}
        onAudited={setLast}
      />
    </Stack>
  );
}

const meta: Meta<typeof AuditDemo> = {
  title: 'Blocks/AuditDialog',
  component: AuditDemo,
  args: { choices: ['1', '2'], remarkRequired: true },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof AuditDemo>;

/** Approve or reject; a rejection needs an opinion (请输入审核意见！). */
export const Default: Story = {};
/** The reject flag offers send back instead of reject. */
export const SendBack: Story = { args: { choices: ['1', '3'] } };
/** A document with a sent-back state and no reject flag: approve, reject or send back. */
export const RejectOrSendBack: Story = { args: { choices: ['1', '2', '3'] } };
/** Without the remark flag a rejection may go without an opinion. */
export const RemarkOptional: Story = { args: { remarkRequired: false } };
