import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Code, Stack } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import { Toolbar } from './Toolbar';
import type { PresetName, ToolbarButton } from './toolbar.logic';

function ToolbarDemo({ preset, buttons }: { preset: PresetName; buttons?: ToolbarButton[] }) {
  const [log, setLog] = useState<string[]>([]);
  return (
    <Stack>
      <Toolbar
        preset={preset}
        buttons={buttons}
        onAction={(key, fn) => setLog((l) => [...l, `${key}${fn ? ` (功能键 ${fn})` : ''}`])}
        close={{ tabs: ['/dashboard', '/purchase/orders'], currentPath: '/purchase/orders/1', navigate: (p) => setLog((l) => [...l, `→ ${p}`]) }}
      />
      <Code block>{log.join('\n') || '点击按钮'}</Code>
    </Stack>
  );
}

const meta: Meta<typeof ToolbarDemo> = {
  title: 'Blocks/Toolbar',
  component: ToolbarDemo,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
};
export default meta;

type Story = StoryObj<typeof ToolbarDemo>;

export const List: Story = { args: { preset: 'list' } };
export const Document: Story = { args: { preset: 'document' } };
export const Audit: Story = { args: { preset: 'audit' } };
export const Readonly: Story = { args: { preset: 'readonly' } };
export const Transfer: Story = { args: { preset: 'transfer' } };
/** More than 12 buttons: the rest fold into 更多. */
export const FullWithMore: Story = {
  args: { preset: 'full', buttons: ['复制', '作废', '提交', '撤回', '批量导入', '下载模板', '发送邮件'].map((label, i) => ({ key: `own${i}`, label })) },
};
