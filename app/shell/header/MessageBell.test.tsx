import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { MessageBell } from './MessageBell';

const LIST = {
  list: [
    { id: 5, title: '采购入库单待审核', content: '单号 PR0001 已提交，请审核。', is_read: 0, created_at: '2026-01-02 09:00:00' },
    { id: 4, title: '系统维护通知', content: '今晚 22:00 维护。', is_read: 1, created_at: '2026-01-01 09:00:00' },
  ],
  total: 2,
  unread: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe('<MessageBell> (rule 10)', { timeout: 20_000 }, () => {
  it('clicking an unread message opens it in full and marks it read', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
      const data = String(url).includes('/read') ? { unread: 0 } : LIST;
      return new Response(JSON.stringify({ status: '200', message: 'ok', data }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessageBell />);
    await waitFor(() => expect(screen.getByTestId('message-icon').getAttribute('data-unread')).toBe('1'));
    await userEvent.click(screen.getByTestId('message-icon'));
    await userEvent.click(await screen.findByText('采购入库单待审核'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('单号 PR0001 已提交，请审核。')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/messages/5/read') && init?.method === 'POST')).toBe(true),
    );
  });

  it('a message already read opens without being marked again', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => new Response(JSON.stringify({ status: '200', message: 'ok', data: LIST })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessageBell />);
    await waitFor(() => expect(screen.getByTestId('message-icon').getAttribute('data-unread')).toBe('1'));
    await userEvent.click(screen.getByTestId('message-icon'));
    await userEvent.click(await screen.findByText('系统维护通知'));
    expect(within(await screen.findByRole('dialog')).getByText('今晚 22:00 维护。')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/read'))).toBe(false);
  });
});
