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

  it('an import refused for its rows shows its note and offers the error file; an import that wrote its lines offers no file', async () => {
    const job = (id: string, title: string, error: string | null, has_file: boolean) => ({
      job_id: id, kind: 'import', title, status: 'done', progress: 100, row_count: 0, file_name: `${title}.xlsx`, error, has_file,
      created_at: '2026-11-24 10:00:00', finished_at: '2026-11-24 10:00:01',
    });
    const list = [job('a', '有错误的导入', '共2行有错误，未导入任何数据，请下载错误文件查看', true), job('b', '成功的导入', null, false)];
    vi.stubGlobal('fetch', vi.fn(async () => answer({ list, total: 2 })));
    renderWithProviders(<SystemImportLogPage />);
    expect(await screen.findByText('共2行有错误，未导入任何数据，请下载错误文件查看')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: '下载' }) as HTMLButtonElement[];
    expect(buttons.map((b) => b.disabled)).toEqual([false, true]);
  });
});
