import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button } from '@mantine/core';
import { ApprovalRecordDialog } from './ApprovalRecordDialog';
import { createMemoryApprovalSource, SAMPLE_RECORDS } from './memory-source';

function ApprovalDemo({ empty }: { empty: boolean }) {
  const source = useMemo(() => createMemoryApprovalSource(empty ? [] : SAMPLE_RECORDS), [empty]);
  const [opened, setOpened] = useState(true);
  return (
    <Box p="md">
      <Button onClick={() => setOpened(true)}>审批记录</Button>
      <ApprovalRecordDialog opened={opened} onClose={() => setOpened(false)} source={source} businessType="purchase_order" businessNo="CG10139001000" />
    </Box>
  );
}

const meta: Meta<typeof ApprovalDemo> = { title: 'Blocks/ApprovalRecordDialog', component: ApprovalDemo, args: { empty: false } };
export default meta;
type Story = StoryObj<typeof ApprovalDemo>;

/** Submitted, sent back, rejected, then approved: who, when, result and opinion. */
export const Default: Story = {};
export const Empty: Story = { args: { empty: true } };
