import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tinyReport } from '../../../engine/definition/fixtures';
import type { StudioDataset, StudioVersion } from '../../../engine/studio/wire';
import { renderWithProviders } from '../../test-utils';
import { NewReportModal } from './NewReportModal';
import { missingForCreate } from './new-report.logic';
import { pointerTitle, ReportEditor } from './ReportEditor';
import { VersionsPanel } from './VersionsPanel';

const DATASET: StudioDataset = {
  id: 'tiny',
  title: { zh: '小数据集', en: 'Tiny' },
  dimensions: [{ id: 'org', label: { zh: '组织', en: 'Organisation' } }],
  measures: [{ id: 'qty', label: { zh: '数量', en: 'Qty' }, format: 'qty', derived: false }],
  fields: [{ id: 'sku_text', value_type: 'text', condition: false, label: { zh: '商品名称', en: 'Goods name' } }],
  date_columns: ['business_date'],
  date_labels: { business_date: { zh: '营业日期', en: 'Business date' } },
};

const input = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('studio: names, not ids; required only where it is', { timeout: 20_000 }, () => {
  it('新建报表 names menu groups and date columns, keeps a chosen 菜单分组 when clicked again, and says what 创建 waits for', async () => {
    renderWithProviders(<NewReportModal opened onClose={() => undefined} datasets={[DATASET]} nextId={100001} onCreate={vi.fn()} />);
    const dialog = await screen.findByTestId('studio-new');
    expect(input('菜单分组').value).toBe('销售报表');
    // clicking the chosen group again keeps it (it used to clear it and silently disable 创建)
    await userEvent.click(input('菜单分组'));
    await userEvent.click(await screen.findByRole('option', { name: '销售报表', hidden: true }));
    expect(input('菜单分组').value).toBe('销售报表');
    const create = within(dialog).getByTestId('studio-new-create');
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByTestId('studio-new-missing').textContent).toBe('请先选择数据集');
    await userEvent.click(input('数据集'));
    await userEvent.click(await screen.findByRole('option', { name: /小数据集/, hidden: true }));
    expect(input('日期字段').value).toBe('营业日期');
    await userEvent.click(screen.getByRole('textbox', { name: '筛选条件' }));
    expect(await screen.findByRole('option', { name: '商品名称 (sku_text)', hidden: true })).toBeTruthy();
    expect(within(dialog).getByTestId('studio-new-missing').textContent).toBe('请填写报表名称（中文）');
  });

  it('names the first thing missing, in order', () => {
    const ready = { dataset: true, title: { zh: '甲', en: 'A' }, dimensions: ['org'], forced: 'org', measures: ['qty'], clients: ['HMT'], area: 'sales' };
    expect(missingForCreate(ready)).toBeNull();
    expect(missingForCreate({ ...ready, area: null })).toBe('studio.need.area');
    expect(missingForCreate({ ...ready, title: { zh: '甲', en: ' ' } })).toBe('studio.need.titleEn');
  });

  it('an optional section left empty (说明弹窗) marks none of its fields required; once used, its required ones are', async () => {
    const draft = { ...tinyReport(), id: 100001 } as unknown as Record<string, unknown>;
    const props = { onChange: vi.fn(), onJsonError: vi.fn(), errors: [], context: { dataset: DATASET, datasets: [DATASET], lang: 'zh' as const }, readOnly: false };
    const { unmount } = renderWithProviders(<ReportEditor draft={draft} {...props} />);
    // the fields marked required, by their form ids (root_explain_title …)
    const marked = (prefix: string) => [...document.querySelectorAll('label[data-required="true"]')].filter((l) => l.getAttribute('for')?.startsWith(prefix));
    await screen.findByText('说明弹窗');
    expect(marked('root_explain')).toHaveLength(0);
    expect(marked('root_print')).toHaveLength(0);
    // the report's own required fields keep their mark
    expect(marked('root_title')).toHaveLength(1);
    unmount();
    renderWithProviders(<ReportEditor draft={{ ...draft, explain: { title: { zh: '说明', en: '' } } }} {...props} />);
    await screen.findByText('说明弹窗');
    expect(marked('root_explain_title')).toHaveLength(1);
    // the whole report form renders twice: slow on a shared machine
  }, 60_000);

  it('version diffs name the changed field as the form does, not by its JSON path', async () => {
    const draft = { ...tinyReport(), id: 100001 };
    const versions: StudioVersion[] = [
      { version: 2, action: 'update', username: 'analyst', created_at: '2026-11-28 10:00:00', diff: [{ pointer: '/title/zh', before: '旧', after: '新' }] },
      { version: 1, action: 'create', username: 'analyst', created_at: '2026-11-27 10:00:00', diff: [] },
    ] as StudioVersion[];
    renderWithProviders(<VersionsPanel versions={versions} onRevert={vi.fn()} describe={(p) => pointerTitle(p, draft, { dataset: DATASET, lang: 'zh' })} />);
    expect(await screen.findByText('报表名称 › 中文')).toBeTruthy();
    expect(screen.queryByText('/title/zh')).toBeNull();
  });
});
