import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { GoodsPicker } from './GoodsPicker';
import { MultiSkuPicker } from './MultiSkuPicker';

describe('<GoodsPicker> (rules 368–371)', { timeout: 30_000 }, () => {
  it('asks for 50 per page, keeps the chosen set and shows it in the chosen tab', async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    const onConfirm = vi.fn();
    renderBlock(<GoodsPicker opened onClose={() => {}} onConfirm={onConfirm} />, { dataSource });
    await screen.findByText('旺旺仙贝 52g');
    expect(list.mock.calls[0][1]).toMatchObject({ page_num: 1, page_size: 50 });
    await userEvent.click(screen.getByTestId('row-1000006'));
    await userEvent.click(screen.getByTestId('row-1000007'));
    await userEvent.click(screen.getByRole('tab', { name: '已选列表(2)' }));
    expect(screen.getByText('旺旺雪饼 84g')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm.mock.calls[0][0].map((r: { sku_no: string }) => r.sku_no)).toEqual(['1000006', '1000007']);
  });

  it('rule 369: nothing chosen gives 请选择至少一个商品！', async () => {
    const { notify } = renderBlock(<GoodsPicker opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByText('旺旺仙贝 52g');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请选择至少一个商品！', 'warning');
  });

  it('the multi-SKU picker answers the codes under its field name', async () => {
    const onConfirm = vi.fn();
    renderBlock(<MultiSkuPicker fieldName="sku_nos" opened onClose={() => {}} onConfirm={onConfirm} />);
    await screen.findByText('旺旺仙贝 52g');
    await userEvent.click(screen.getByTestId('row-1000006'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm.mock.calls[0][0]).toEqual({ sku_nos: ['1000006'] });
  });
});
