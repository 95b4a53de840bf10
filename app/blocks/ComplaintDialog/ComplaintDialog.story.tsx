import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Code, Stack } from '@mantine/core';
import { ComplaintDialog } from './ComplaintDialog';
import { createMemoryComplaintSource } from './memory-source';

function ComplaintDemo({ failSubmit, hotline }: { failSubmit?: string; hotline?: string }) {
  const source = useMemo(() => createMemoryComplaintSource({ stepMs: 300, failSubmit }), [failSubmit]);
  const [opened, setOpened] = useState(true);
  const [count, setCount] = useState(0);
  return (
    <Box p="md">
      <Stack align="flex-start">
        <Button onClick={() => setOpened(true)}>投诉反馈</Button>
        <Code block>{JSON.stringify(source.submitted.slice(0, count || source.submitted.length), null, 1)}</Code>
      </Stack>
      <ComplaintDialog
        opened={opened}
        onClose={() => {
          setOpened(false);
          setCount(source.submitted.length);
        }}
        source={source}
        hotline={hotline}
      />
    </Box>
  );
}

const meta: Meta<typeof ComplaintDemo> = { title: 'Blocks/ComplaintDialog', component: ComplaintDemo };
export default meta;
type Story = StoryObj<typeof ComplaintDemo>;

/** Opens cleared; submit without input shows every required message; 1–5 screenshots; 提交成功 closes it. */
export const Default: Story = {};
export const CustomHotline: Story = { args: { hotline: '400-123-4567' } };
/** The server refuses: its message is shown and the dialog stays open. */
export const SubmitFails: Story = { args: { failSubmit: '截图不存在或已失效，请重新上传' } };
