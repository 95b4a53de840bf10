import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table } from '@mantine/core';
import { StoryFrame } from '../data-source/StoryFrame';
import { LogCard } from './LogCard';

const head = (
  <>
    <Table.Th>营业日</Table.Th>
    <Table.Th>状态</Table.Th>
  </>
);
const row = (day: string, status: string) => (
  <Table.Tr key={day}>
    <Table.Td>{day}</Table.Td>
    <Table.Td>{status}</Table.Td>
  </Table.Tr>
);

const meta: Meta<typeof LogCard> = {
  title: 'Blocks/LogCard',
  component: LogCard,
  args: {
    title: '日结记录',
    crumb: '日志管理 > 日结记录',
    refreshLabel: '刷新',
    onRefresh: () => {},
    refreshing: false,
    testId: 'log-card',
    head,
    rows: [row('2026-11-27', '完成'), row('2026-11-26', '完成')],
    columns: 2,
    pending: false,
    error: null,
    emptyText: '暂无数据',
    loadingLabel: '加载中',
  },
  decorators: [(Story) => <StoryFrame>{<Story />}</StoryFrame>],
};
export default meta;
type Story = StoryObj<typeof LogCard>;

/** A list that came back. */
export const Rows: Story = {};
/** Still on its way: a loader, not 暂无数据. */
export const Loading: Story = { args: { rows: [], pending: true } };
/** Came back empty. */
export const Empty: Story = { args: { rows: [] } };
/** Failed: its message in red. */
export const Failed: Story = { args: { rows: [], error: '网络异常，请稍后重试' } };
