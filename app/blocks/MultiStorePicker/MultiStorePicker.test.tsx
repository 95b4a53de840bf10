import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stores } from '../data-source/fixtures';
import { renderBlock } from '../data-source/test-utils';
import { MultiStorePicker } from './MultiStorePicker';

describe('<MultiStorePicker>', { timeout: 30_000 }, () => {
  it('rule 388: adding a chosen store again is refused', async () => {
    const onConfirm = vi.fn();
    const { notify } = renderBlock(<MultiStorePicker opened initialChosen={[stores[1]]} onClose={() => {}} onConfirm={onConfirm} />);
    const box = screen.getByPlaceholderText('输入门店编码或名称搜索');
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: 'S002 - 北京海淀门店', hidden: true }));
    expect(notify).toHaveBeenCalledWith('该门店已选择！', 'warning');
    await userEvent.click(box);
    await userEvent.click(await screen.findByRole('option', { name: 'S003 - 北京丰台门店', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm.mock.calls[0][0].map((s: { store_no: string }) => s.store_no)).toEqual(['S002', 'S003']);
  });

  it('rule 389: with 9 stores chosen 7 chips show and 展开 reveals the rest', async () => {
    renderBlock(<MultiStorePicker opened initialChosen={stores.slice(0, 9)} onClose={() => {}} onConfirm={() => {}} />);
    const chips = within(await screen.findByTestId('store-chips'));
    expect(chips.getByText('S007 - 上海徐汇门店')).toBeTruthy();
    expect(chips.queryByText('S008 - 上海浦东门店')).toBeNull();
    await userEvent.click(chips.getByRole('button', { name: '展开 +2' }));
    expect(chips.getByText('S009 - 上海静安门店')).toBeTruthy();
  });
});
