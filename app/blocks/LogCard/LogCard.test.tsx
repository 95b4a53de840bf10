import { describe, expect, it, vi } from 'vitest';
import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { LogCard, type LogCardProps } from './LogCard';

const props = (over: Partial<LogCardProps> = {}): LogCardProps => ({
  title: '日结记录',
  crumb: '日志管理 > 日结记录',
  refreshLabel: '刷新',
  onRefresh: () => {},
  refreshing: false,
  testId: 'log',
  head: <Table.Th>营业日</Table.Th>,
  rows: [],
  columns: 1,
  pending: false,
  error: null,
  emptyText: '暂无数据',
  loadingLabel: '加载中',
  ...over,
});

describe('LogCard', () => {
  it('shows a loader while the list is on its way, 暂无数据 once it came back empty, the error when it failed', () => {
    const loading = renderWithProviders(<LogCard {...props({ pending: true })} />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    loading.unmount();
    const empty = renderWithProviders(<LogCard {...props()} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    empty.unmount();
    renderWithProviders(<LogCard {...props({ error: '网络异常' })} />);
    expect(screen.getByText('网络异常')).toBeTruthy();
  });

  it('shows its rows, title and place in the menu, and refreshes on the button', () => {
    const onRefresh = vi.fn();
    const rows = [
      <Table.Tr key="a">
        <Table.Td>2026-11-27</Table.Td>
      </Table.Tr>,
    ];
    renderWithProviders(<LogCard {...props({ rows, onRefresh })} />);
    expect(screen.getByText('2026-11-27')).toBeTruthy();
    expect(screen.getByText('日志管理 > 日结记录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
