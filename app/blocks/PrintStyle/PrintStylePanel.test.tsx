import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrintStyle, StyleActor } from '../../../engine/print/styles';
import { renderWithProviders } from '../../test-utils';
import { createMemoryPrintStyleSource } from './memory-source';
import { PrintStylePanel } from './PrintStylePanel';

const HQ: StyleActor = { client: 'HMT', provider_no: '0' };

function Panel({ seed, actor = HQ, onSource }: { seed: Partial<PrintStyle>[]; actor?: StyleActor; onSource?: (s: ReturnType<typeof createMemoryPrintStyleSource>) => void }) {
  const [source] = useState(() => {
    const s = createMemoryPrintStyleSource(actor, seed);
    onSource?.(s);
    return s;
  });
  const [ticked, setTicked] = useState<number | null>(null);
  return <PrintStylePanel source={source} sourceType={102} actor={actor} ticked={ticked} onTick={setTicked} />;
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('<PrintStylePanel> (rules 237, 238, 251)', { timeout: 20_000 }, () => {
  it('a store without any style adds one from the built-in template (rule 256: still a file), and can tick it', async () => {
    let source!: ReturnType<typeof createMemoryPrintStyleSource>;
    const store: StyleActor = { client: 'HMD', provider_no: 'S001' };
    renderWithProviders(<Panel seed={[]} actor={store} onSource={(s) => (source = s)} />);
    await userEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = await screen.findByRole('dialog', { name: '新增样式' });
    await userEvent.type(within(form).getByRole('textbox', { name: /名称/ }), '门店收货单');
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('请上传文件')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: '使用内置模板' }));
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(source.styles.map((x) => [x.report_name, x.provider_no])).toEqual([['门店收货单', 'S001']]));
    await waitFor(() => expect(radio('门店收货单').checked).toBe(true));
  });

  it('each opened add form saves with its own Idempotency-Key: two adds make two styles', async () => {
    let source!: ReturnType<typeof createMemoryPrintStyleSource>;
    renderWithProviders(<Panel seed={[]} onSource={(s) => (source = s)} />);
    for (const name of ['收货单甲', '收货单乙']) {
      await userEvent.click(await screen.findByRole('button', { name: '新增' }));
      const form = await screen.findByRole('dialog', { name: '新增样式' });
      await userEvent.type(within(form).getByRole('textbox', { name: /名称/ }), name);
      await userEvent.click(within(form).getByRole('button', { name: '使用内置模板' }));
      await userEvent.click(within(form).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(source.styles.map((x) => x.report_name)).toContain(name));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增样式' })).toBeNull());
    }
    expect(source.keys).toHaveLength(2);
    expect(new Set(source.keys).size).toBe(2);
  });

  it('delete asks with 确定 (not 保存) and says 删除样式成功！; set default says 设置默认样式成功！', async () => {
    renderWithProviders(<Panel seed={[{ report_name: '甲', is_default: 1 }, { report_name: '乙' }, { report_name: '丙' }]} />);
    await waitFor(() => expect(radio('甲').checked).toBe(true));
    await userEvent.click(radio('丙'));
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).queryByRole('button', { name: '保存' })).toBeNull();
    await userEvent.click(within(ask).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除样式成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('radio', { name: '丙' })).toBeNull());
    await userEvent.click(radio('乙'));
    await userEvent.click(screen.getByRole('button', { name: '设为默认' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('设置默认样式成功！')).toBeTruthy();
  });

  it('a list with no default of this user starts with its first row ticked, exactly one', async () => {
    renderWithProviders(<Panel seed={[{ report_name: '甲' }, { report_name: '乙' }]} />);
    await waitFor(() => expect(radio('甲').checked).toBe(true));
    expect(radio('乙').checked).toBe(false);
  });

  it('设为默认 on the default is disabled with the reason instead of asking and then refusing; the default reads 默认', async () => {
    renderWithProviders(<Panel seed={[{ report_name: '甲', is_default: 1 }, { report_name: '乙' }]} />);
    await waitFor(() => expect(radio('甲').checked).toBe(true));
    expect(screen.getByTestId('style-table').querySelector('.mantine-Badge-label')?.textContent).toBe('默认');
    const setDefault = screen.getByRole('button', { name: '设为默认' });
    expect(setDefault.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(setDefault);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.hover(setDefault);
    expect(await screen.findByText('甲已是默认打印样式。')).toBeTruthy();
    await userEvent.click(radio('乙'));
    expect(screen.getByRole('button', { name: '设为默认' }).getAttribute('aria-disabled')).toBeNull();
  });

  it("a supplier's 修改 on a style head office published is disabled with 总部端创建模板不允许修改!, the form never opens", async () => {
    const supplier: StyleActor = { client: 'HMS', provider_no: 'P001' };
    renderWithProviders(<Panel seed={[{ report_name: '总部收货单', provider_no: '0', custom: 2, is_hms_show: 1, description: '内置样式' }]} actor={supplier} />);
    await waitFor(() => expect(radio('总部收货单').checked).toBe(true));
    const edit = screen.getByRole('button', { name: '修改' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(edit);
    expect(screen.queryByRole('dialog', { name: '修改样式' })).toBeNull();
    await userEvent.hover(edit);
    expect(await screen.findByText('总部端创建模板不允许修改!')).toBeTruthy();
  });

  it('in English the shipped styles read Built-in style, the default badge Default in normal casing', async () => {
    renderWithProviders(<Panel seed={[{ report_name: 'A', is_default: 1, description: '内置样式' }]} />, { locale: 'en-US' });
    expect(await screen.findByText('Built-in style')).toBeTruthy();
    const badge = screen.getByTestId('style-table').querySelector<HTMLElement>('.mantine-Badge-label')!;
    expect(badge.textContent).toBe('Default');
    expect(badge.style.textTransform).toBe('none');
  });
});
