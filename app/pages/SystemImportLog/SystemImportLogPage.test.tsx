import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { SystemImportLogPage } from './SystemImportLogPage';

afterEach(() => vi.unstubAllGlobals());

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: '200', message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('SystemImportLogPage', () => {
  it('shows a loader, not 暂无数据, while the job list is loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderWithProviders(<SystemImportLogPage />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('shows 暂无数据 once the list came back empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ list: [], total: 0 })));
    renderWithProviders(<SystemImportLogPage />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByLabelText('加载中')).toBeNull();
  });
});
