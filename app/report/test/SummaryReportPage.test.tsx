import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { WhereItem } from '../../../engine/wire';
import { receipts76 } from '../source/fixtures';
import { callsOf, renderReport, TODAY } from './render';

// MRT renders slowly in jsdom on this shared machine
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${TODAY}T04:00:00Z`) });
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  // toasts live in a module-level store: start each test without the last one's
  notifications.clean();
});

const where = (q: Record<string, unknown>) => JSON.parse(String(q.whereList)) as WhereItem[];
const lastData = (source: Parameters<typeof callsOf>[0]) => callsOf(source, 'data').at(-1)!;
const searchButton = () => screen.getByRole('button', { name: '查询' });
const header = (label: string) => screen.getAllByRole('columnheader').find((th) => th.textContent?.startsWith(label))!;

/** The filter box shows its first row until 展开 (jsdom is a narrow screen: three cells a row). */
async function expandFilters() {
  const button = screen.queryByRole('button', { name: /展开/ });
  if (button) await userEvent.click(button);
}

async function loaded(pageId: number, options: Parameters<typeof renderReport>[1] = {}) {
  const view = renderReport(pageId, options);
  await waitFor(() => expect(callsOf(view.source, 'data').length).toBeGreaterThan(0));
  await screen.findAllByText('南山旗舰店');
  await screen.findAllByText('合计');
  return view;
}

describe('first load', () => {
  it('rules 82, 87, 120: the config, then page 1 of size 50 with its totals; rows and a 合计 row', async () => {
    const { source } = await loaded(70);
    expect(screen.getByRole('heading', { name: '门店毛利分析' })).toBeTruthy();
    expect(callsOf(source, 'data')).toHaveLength(1);
    expect(callsOf(source, 'data')[0]).toMatchObject({ table_id: 70, page_num: 1, page_size: 50, dimensionIds: 'org', date_start: '2025-06-10' });
    expect(callsOf(source, 'totals')).toHaveLength(1);
    expect(await screen.findByText('南山旗舰店')).toBeTruthy();
  });

  it('rule 93: numeric columns are right-aligned, with thousands separators; help text on headers', async () => {
    await loaded(76);
    const cell = (await screen.findByText('南山旗舰店')).closest('tr')!.querySelectorAll('td');
    const sales = [...cell].find((td) => /^-?[\d,]+\.\d{2}$/.test(td.textContent ?? ''))!;
    expect(sales.getAttribute('align') ?? sales.style.textAlign).toMatch(/right/);
    expect(screen.getAllByLabelText('毛利率 = 毛利额 / 销售金额；销售金额为 0 时显示 -').length).toBeGreaterThan(0);
  });
});

describe('required dates (rules 125–129)', () => {
  it('an emptied required range says 请选择日期, empties the table and sends nothing', async () => {
    const { source } = await loaded(70);
    const before = callsOf(source, 'data').length;
    await userEvent.click(screen.getByLabelText('营业日期清空'));
    await userEvent.click(searchButton());
    expect(await screen.findByText('请选择日期')).toBeTruthy();
    expect(callsOf(source, 'data')).toHaveLength(before);
    expect(callsOf(source, 'totals')).toHaveLength(1);
    expect(screen.queryByText('南山旗舰店')).toBeNull();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });

  it('rule 127: report 70 requires its second range too', async () => {
    const { source } = await loaded(70);
    await userEvent.click(screen.getByLabelText('对比日期清空'));
    await userEvent.click(searchButton());
    expect(await screen.findByText('请选择日期')).toBeTruthy();
    expect(callsOf(source, 'data')).toHaveLength(1);
  });
});

describe('search and filters', () => {
  it('rule 322: Enter in a text filter searches with the trimmed text (rules 325, 120)', async () => {
    const { source } = await loaded(70);
    await expandFilters();
    await userEvent.type(screen.getByRole('textbox', { name: '品牌名称' }), '  海天 {Enter}');
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(where(lastData(source))).toContainEqual({ where_id: 'brand_name', operator_id: 7, operation_value: ['海天'] });
    expect(callsOf(source, 'totals')).toHaveLength(2);
  });

  it('rules 145–147: a number range sends ≥ (6) and ≤ (4) as numbers', async () => {
    const { source } = await loaded(70);
    await expandFilters();
    await userEvent.type(screen.getByLabelText('销售金额最小值'), '100');
    await userEvent.type(screen.getByLabelText('销售金额最大值'), '2000{Enter}');
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(where(lastData(source))).toEqual(
      expect.arrayContaining([
        { where_id: 'sales_range', operator_id: 6, operation_value: [100] },
        { where_id: 'sales_range', operator_id: 4, operation_value: [2000] },
      ]),
    );
  });

  it('rule 148: a multi-select sends a list', async () => {
    const { source } = await loaded(70);
    await expandFilters();
    await userEvent.click(screen.getByRole('textbox', { name: '门店类型' }));
    await userEvent.click(await screen.findByText('直营店'));
    await userEvent.click(screen.getByText('弱加盟店'));
    await userEvent.click(searchButton());
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(where(lastData(source))).toContainEqual({ where_id: 'store_type', operator_id: 8, operation_value: ['1', '3'] });
  });

  it('rules 121, 321: reset restores the initial query and searches', async () => {
    const { source } = await loaded(70);
    const first = callsOf(source, 'data')[0];
    await expandFilters();
    await userEvent.type(screen.getByRole('textbox', { name: '品牌名称' }), '海天{Enter}');
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(3));
    expect(lastData(source)).toMatchObject({ whereList: first.whereList, dimensionIds: first.dimensionIds, date_start: first.date_start });
    expect(screen.getByRole('textbox', { name: '品牌名称' })).toHaveProperty('value', '');
  });

  it('rules 199: a failed option load leaves the filter empty', async () => {
    await loaded(33, { fail: { options: true } });
    await expandFilters();
    await userEvent.click(screen.getByRole('textbox', { name: '财务类目' }));
    expect((await screen.findAllByText('无可选项')).length).toBeGreaterThan(0);
    expect(screen.queryByText('食品类')).toBeNull();
  });

  it('picker filters use the blocks picker and send the picked codes as a list (rule 148)', async () => {
    const store = { id: 'store_no', type: 'picker' as const, label: '门店编码', fieldName: 'org_code', dimension_show: '0' as const, active: false };
    const { source } = await loaded(76, {
      configs: () => ({ ...receipts76(), dimension: [...receipts76().dimension, { ...store, source: { kind: 'picker', picker: 'store' }, default_operator_id: 8 }] }),
    });
    await expandFilters();
    await userEvent.click(within(screen.getByRole('group', { name: '门店编码' })).getByRole('button'));
    await userEvent.click(await screen.findByTestId('row-S002'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await userEvent.click(searchButton());
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(where(lastData(source))).toContainEqual({ where_id: 'store_no', operator_id: 8, operation_value: ['S002'] });
  });

  it('rules 335, 339: a date shortcut fills the range, trimmed to yesterday', async () => {
    const { source } = await loaded(70);
    await userEvent.click(screen.getByLabelText('营业日期开始日期'));
    await userEvent.click(await screen.findByText('本月'));
    await userEvent.click(searchButton());
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(lastData(source)).toMatchObject({ date_start: '2025-06-01', date_end: '2025-06-10' });
  });
});

describe('chips (rules 98, 113, 114)', () => {
  it('a chip toggles and the dimension columns follow at the next search; a forced chip stays active', async () => {
    const { source } = await loaded(70);
    const chips = within(screen.getByTestId('report-chips'));
    await userEvent.click(chips.getByText('品牌'));
    await userEvent.click(chips.getByText('门店'));
    expect(screen.queryByRole('columnheader', { name: /品牌/ })).toBeNull();
    await userEvent.click(searchButton());
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(lastData(source).dimensionIds).toBe('org,brand');
    expect(await screen.findByRole('columnheader', { name: /品牌/ })).toBeTruthy();
  });
});

describe('row selection (rule 180)', () => {
  it('a count bar shows the selected rows and deselect all clears them', async () => {
    await loaded(76);
    const rows = screen.getAllByRole('row').filter((r) => r.closest('tbody'));
    await userEvent.click(within(rows[0]).getByRole('checkbox'));
    await userEvent.click(within(rows[1]).getByRole('checkbox'));
    expect(await screen.findByText(/已选择 2 行/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消全部选择' }));
    await waitFor(() => expect(screen.queryByText(/已选择 2 行/)).toBeNull());
  });

  it('the row boxes tick through the table body; a shift-click ticks the range from the last clicked row', async () => {
    await loaded(76);
    const rows = screen.getAllByRole('row').filter((r) => r.closest('tbody'));
    const box = (i: number) => within(rows[i]).getByRole('checkbox') as HTMLInputElement;
    // one user session, so the held shift key reaches the next click
    const user = userEvent.setup();
    await user.click(box(1));
    await user.keyboard('{Shift>}');
    await user.click(box(4));
    await user.keyboard('{/Shift}');
    expect(await screen.findByText(/已选择 4 行/)).toBeTruthy();
    expect([0, 1, 2, 3, 4, 5].map((i) => box(i).checked)).toEqual([false, true, true, true, true, false]);
    await user.click(box(2));
    expect(await screen.findByText(/已选择 3 行/)).toBeTruthy();
    expect(box(2).checked).toBe(false);
  });
});

describe('sorting (rules 115–118)', () => {
  it('a sortable header toggles asc/desc and sends order_by for page 1', async () => {
    const { source } = await loaded(70);
    expect(callsOf(source, 'data')[0].order_by).toBe('sales desc');
    const table = header('销售成本').closest('table')!;
    expect(table.style.getPropertyValue('--header-cost-size')).toBe('180');
    expect(within(header('销售金额')).getByLabelText('降序')).toBeTruthy();
    fireEvent.click(within(header('销售成本')).getByText('销售成本'));
    await waitFor(() => expect(lastData(source).order_by).toBe('cost asc'));
    // rule 117: the sorted column shows its direction, the others none
    expect(within(header('销售成本')).getByLabelText('升序')).toBeTruthy();
    expect(within(header('销售金额')).queryByLabelText('降序')).toBeNull();
    fireEvent.click(within(header('销售成本')).getByText('销售成本'));
    await waitFor(() => expect(lastData(source).order_by).toBe('cost desc'));
    expect(within(header('销售成本')).getByLabelText('降序')).toBeTruthy();
  });
});

describe('paging (rules 95, 330–332)', () => {
  it('sizes 10/20/30/50/100/500 default 50; page 2 without totals; a page above 100 is refused', async () => {
    const { source } = await loaded(76, {
      configs: () => ({
        ...receipts76(),
        dates: [{ ...receipts76().dates[0], default_kind: 'month_to_yesterday' }],
        dimension: receipts76().dimension.map((d) => (d.id === 'business_date' ? { ...d, active: true } : d)),
      }),
    });
    // 32 days × 6 stores
    expect(screen.getByText('共 192 条')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastData(source)).toMatchObject({ page_num: 2, page_size: 50 }));
    expect(callsOf(source, 'totals')).toHaveLength(1);
    expect(screen.getAllByText('合计').length).toBeGreaterThan(0);

    const jump = screen.getByLabelText('跳转页码');
    await userEvent.clear(jump);
    await userEvent.type(jump, '150{Enter}');
    expect(await screen.findByText('数据量过大，请添加搜索条件！')).toBeTruthy();
    expect(jump).toHaveProperty('value', '2');

    await userEvent.click(screen.getByRole('textbox', { name: '每页条数' }));
    for (const size of [10, 20, 30, 50, 100, 500]) expect(screen.getByText(`${size} 条/页`)).toBeTruthy();
    await userEvent.click(screen.getByText('100 条/页'));
    await waitFor(() => expect(lastData(source)).toMatchObject({ page_num: 1, page_size: 100 }));
  });
});

describe('fetch failures (rules 122, 123)', () => {
  it('a failed data fetch ends loading and shows 暂无数据', async () => {
    renderReport(76, { fail: { data: true } });
    expect(await screen.findByText('服务器开小差了，请稍后再试')).toBeTruthy();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(document.querySelector('.mantine-LoadingOverlay-root')).toBeNull();
  });

  it('rule 120: 查询 sends its requests before the page renders its loading state', async () => {
    const { source } = await loaded(70);
    const seen: (string | null)[] = [];
    const data = source.data;
    source.data = (query, signal) => {
      seen.push(document.querySelector('[data-result]')?.getAttribute('data-result') ?? null);
      return data(query, signal);
    };
    await userEvent.click(searchButton());
    await waitFor(() => expect(callsOf(source, 'data')).toHaveLength(2));
    expect(seen).toEqual(['ready']);
  });

  it('rules 120, 123: a search shows its rows together with its totals, not before', async () => {
    const view = renderReport(76);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const totals = view.source.totals;
    view.source.totals = (query, signal) => held.then(() => totals(query, signal));
    await waitFor(() => expect(callsOf(view.source, 'data')).toHaveLength(1));
    // the memory source answers the rows at once; the table keeps loading until the totals come
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('南山旗舰店')).toBeNull();
    expect(document.querySelector('[data-result="loading"]')).toBeTruthy();
    release();
    expect(await screen.findByText('南山旗舰店')).toBeTruthy();
    expect(document.querySelector('tfoot')?.textContent).toMatch(/合计.*\d/);
    expect(document.querySelector('[data-result="ready"]')).toBeTruthy();
  });

  it('a failed totals fetch leaves no totals row', async () => {
    const { source } = renderReport(76, { fail: { totals: true } });
    expect(await screen.findByText('南山旗舰店')).toBeTruthy();
    await waitFor(() => expect(callsOf(source, 'totals')).toHaveLength(1));
    const tfoot = document.querySelector('tfoot');
    expect(tfoot?.textContent ?? '').not.toMatch(/\d/);
  });
});

describe('org-restricted reports (rule 176)', () => {
  it('send org_code = the account_org_relation codes joined with commas', async () => {
    localStorage.setItem('hm.token', 't');
    localStorage.setItem(
      'hm.session',
      JSON.stringify({ client: 'HMD', account_org_relation: [{ org_code: 'S001', org_name: 'a' }, { org_code: 'S002', org_name: 'b' }] }),
    );
    const { source } = await loaded(76, { configs: () => ({ ...receipts76(), org_restricted: true }) });
    expect(callsOf(source, 'data')[0]).toMatchObject({ org_code: 'S001,S002' });
  });
});

describe('notes and popups', () => {
  it('rule 166: a fixed note shows its text', async () => {
    await loaded(76);
    expect(screen.getByTestId('report-note').textContent).toContain('门店收款汇总为非实时数据');
  });

  it('rule 161: the explanation opens from the more-menu', async () => {
    await loaded(102);
    await userEvent.click(screen.getByRole('button', { name: '更多' }));
    await userEvent.click(await screen.findByText('说明'));
    expect(await screen.findByText('进销存说明')).toBeTruthy();
    expect(screen.getByText(/期末库存 − 期初库存/)).toBeTruthy();
  });
});

