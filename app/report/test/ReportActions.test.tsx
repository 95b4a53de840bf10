import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { receipts76 } from '../source/fixtures';
import { callsOf, renderReport, TODAY } from './render';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T04:00:00Z`) });
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  notifications.clean();
});

/** The page with its first rows and totals on screen (or, with `empty`, its empty table). */
async function loaded(pageId: number, options: Parameters<typeof renderReport>[1] = {}, empty = false) {
  const view = renderReport(pageId, options);
  await waitFor(() => expect(callsOf(view.source, 'data').length).toBeGreaterThan(0));
  if (empty) {
    await waitFor(() => expect(document.querySelector('.mantine-LoadingOverlay-root')).toBeNull());
    await screen.findAllByText('暂无数据');
    return view;
  }
  await screen.findAllByText('南山旗舰店');
  await screen.findAllByText('合计');
  return view;
}

const buttons = () => within(screen.getByTestId('report-buttons'));

describe('header buttons (rules 149–152)', () => {
  it('rules 149, 150: export and refresh only when rows exist', async () => {
    await loaded(76, { configs: () => ({ ...receipts76(), dates: [{ ...receipts76().dates[0], default_kind: 'today', restriction: 'none' }] }) }, true);
    expect(buttons().queryByRole('button', { name: '导出' })).toBeNull();
    expect(buttons().queryByRole('button', { name: '刷新' })).toBeNull();
  });

  it('rules 149, 150: report 70 shows them even with no rows', async () => {
    await loaded(70);
    await userEvent.click(screen.getByLabelText('营业日期清空'));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await screen.findAllByText('暂无数据');
    expect(buttons().getByRole('button', { name: '导出' })).toBeTruthy();
    expect(buttons().getByRole('button', { name: '刷新' })).toBeTruthy();
  });

  it('rule 151: print is in the more-menu only with rows and a print config', async () => {
    await loaded(33);
    await userEvent.click(buttons().getByRole('button', { name: '更多' }));
    expect(await screen.findByText('打印')).toBeTruthy();
  });

  it('refresh refetches the shown query (page 1 with totals)', async () => {
    const { source } = await loaded(76);
    await userEvent.click(buttons().getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(callsOf(source, 'totals')).toHaveLength(2);
    expect(callsOf(source, 'data')[1].refreshe).toBeTruthy();
  });
});

describe('export (rules 153–156)', () => {
  it('sends the shown query with is_down "1" and the tab id, downloads under the route title; repeat clicks within 1500 ms are ignored', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { source } = await loaded(33);
    const exportButton = buttons().getByRole('button', { name: '导出' });
    await userEvent.click(exportButton);
    await userEvent.click(exportButton);
    await waitFor(() => expect(callsOf(source, 'download')).toHaveLength(1));
    expect(callsOf(source, 'exportReport')).toHaveLength(1);
    expect(callsOf(source, 'exportReport')[0]).toMatchObject({ table_id: 128, is_down: '1', is_history: '2', page_num: 1 });
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('财务销售成本汇总.xlsx');
  });

  it('a background export shows the download hint linking to the import log', async () => {
    await loaded(76, { exportStatus: 'running' });
    await userEvent.click(buttons().getByRole('button', { name: '导出' }));
    const link = await screen.findByRole('link', { name: '日志管理 > 系统导入日志' });
    expect(link.getAttribute('href')).toBe('/j-system-leadingin');
  });
});

describe('print (rule 157)', () => {
  it('posts the print payload and opens the PDF in a new tab', async () => {
    const win = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => win as unknown as Window);
    const { source } = await loaded(33);
    await userEvent.click(buttons().getByRole('button', { name: '更多' }));
    await userEvent.click(await screen.findByText('打印'));
    await waitFor(() => expect(callsOf(source, 'print')).toHaveLength(1));
    const payload = callsOf(source, 'print')[0];
    expect(payload).toMatchObject({ table_id: 128, is_list: '1', export_type: 406, service_type: 'finance' });
    expect((payload.operate_content as { list: unknown[] }).list.length).toBeGreaterThan(0);
    expect((payload.print_json as { conditions: unknown[] }).conditions).toContainEqual({ label: '营业日期', value: '2025-06-10 至 2025-06-10' });
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(win.location.href).toBe('blob:report'));
  });
});

describe('history tabs (rules 99–105, 110)', () => {
  it('page 33 opens on 近3个月内数据 with 128; 3个月前数据 reloads the config and uses 33 from page 1', async () => {
    const { source } = await loaded(33);
    expect(callsOf(source, 'data')[0]).toMatchObject({ table_id: 128, is_history: '2' });
    await userEvent.click(screen.getByRole('tab', { name: '3个月前数据' }));
    await waitFor(() => expect(callsOf(source, 'config').at(-1)).toEqual({ tableId: 33, isHistory: '1' }));
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    // C1: the history tab's default day, 93 days back
    expect(callsOf(source, 'data')[1]).toMatchObject({ table_id: 33, is_history: '1', page_num: 1, date_start: '2025-03-10' });
    await userEvent.click(screen.getByRole('tab', { name: '近3个月内数据' }));
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(3));
    expect(callsOf(source, 'data')[2]).toMatchObject({ table_id: 128, is_history: '2' });
  });
});

describe('AI panel (rules 173–175)', () => {
  it('opens from its button with the current query and closes when a new fetch starts', async () => {
    const { source } = await loaded(70, { aiChunks: ['## 整体情况\n\n', '本期销售金额 **12,345.00** 元。'] });
    await userEvent.click(buttons().getByRole('button', { name: 'AI 解读' }));
    const panel = await screen.findByTestId('ai-panel');
    expect(await within(panel).findByText('12,345.00')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: '整体情况' })).toBeTruthy();
    expect(callsOf(source, 'ai')[0]).toMatchObject({ table_id: 70, date_start: '2025-06-10' });
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(screen.queryByTestId('ai-panel')).toBeNull());
  });
});

describe('an emptied table (rules 128, 129)', () => {
  it('refresh searches again and AI does not open: both say 请选择日期 and send nothing', async () => {
    const { source } = await loaded(70);
    await userEvent.click(screen.getByLabelText('营业日期清空'));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await screen.findAllByText('暂无数据');
    notifications.clean();
    await userEvent.click(buttons().getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('请选择日期')).toBeTruthy();
    notifications.clean();
    await userEvent.click(buttons().getByRole('button', { name: 'AI 解读' }));
    expect(await screen.findByText('请选择日期')).toBeTruthy();
    expect(screen.queryByTestId('ai-panel')).toBeNull();
    expect(callsOf(source, 'data')).toHaveLength(1);
    expect(callsOf(source, 'ai')).toHaveLength(0);
  });
});

describe('custom columns (rules 177, 181–185)', () => {
  it('the stored layout loads after 1 s and hides its hidden column; a change is saved per route and key', async () => {
    const { source } = await loaded(102, {
      columns: { '/report/102|report_102': [{ prop: 'cost', isShow: false, minWidth: 100 }, { prop: 'org_name', isShow: true, minWidth: 100 }] },
    });
    await waitFor(() => expect(callsOf(source, 'loadColumns')).toEqual([{ route: '/report/102', key: 'report_102' }]), { timeout: 5000 });
    // rule 182: a second after the page had its config (when the first data call went out)
    const at = (call: string) => source.calls.find((c) => c.call === call)!.at;
    expect(at('loadColumns') - at('data')).toBeGreaterThanOrEqual(900);
    await waitFor(() => expect(screen.queryAllByRole('columnheader').some((th) => th.textContent?.startsWith('销售成本'))).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    await userEvent.click(await screen.findByLabelText('毛利额'));
    await waitFor(() => expect(callsOf(source, 'saveColumns')).toHaveLength(1));
    const saved = callsOf(source, 'saveColumns')[0] as { route: string; key: string; columns: { prop: string; isShow: boolean }[] };
    expect(saved.route).toBe('/report/102');
    expect(saved.columns[0]).toMatchObject({ prop: 'cost', isShow: false });
    expect(saved.columns.find((c) => c.prop === 'gm')).toMatchObject({ isShow: false });
  });

  it('reports without custom columns never load a layout', async () => {
    const { source } = await loaded(76);
    await new Promise((r) => setTimeout(r, 1200));
    expect(callsOf(source, 'loadColumns')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '列设置' })).toBeNull();
  });
});
