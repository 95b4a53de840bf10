import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { CommodityPicker } from './CommodityPicker';

const NAME_OUT = '思念水饺猪肉白菜 1kg';
const NAME_WEEKDAY = '旺旺仙贝 52g';

describe('<CommodityPicker>', { timeout: 30_000 }, () => {
  it('rules 355, 356: two tabs; the chosen set survives paging and is confirmed', async () => {
    const onConfirm = vi.fn();
    renderBlock(<CommodityPicker type={1} opened onClose={() => {}} onConfirm={onConfirm} />);
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    await userEvent.click(screen.getByTestId('row-1000001'));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('伊利纯牛奶 250ml*16');
    await userEvent.click(screen.getByTestId('row-1000029'));
    expect(screen.getByRole('tab', { name: '已选列表(2)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm.mock.calls[0][0].map((r: { sku_no: string }) => r.sku_no)).toEqual(['1000001', '1000029']);
  });

  it('rule 358: nothing chosen is refused', async () => {
    const { notify } = renderBlock(<CommodityPicker type={1} opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请至少选择一个商品！', 'warning');
  });

  it('rules 359, 360: double-click ordering is refused out of stock and off weekday, else orders the row', async () => {
    const onConfirm = vi.fn();
    const { notify } = renderBlock(<CommodityPicker type={2} opened onClose={() => {}} onConfirm={onConfirm} />);
    await screen.findByText(NAME_OUT);
    await userEvent.dblClick(screen.getByTestId('row-1000005'));
    expect(notify).toHaveBeenLastCalledWith(`${NAME_OUT}库存不足，不可订货`, 'warning');
    await userEvent.dblClick(screen.getByTestId('row-1000006'));
    expect(notify).toHaveBeenLastCalledWith(`${NAME_WEEKDAY}今日非订货日，不可订货`, 'warning');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.dblClick(screen.getByTestId('row-1000002'));
    expect(onConfirm).toHaveBeenCalledWith([expect.objectContaining({ sku_no: '1000002' })]);
  });

  it('rule 361: with stock validation, a stock-limited row without stock cannot be checked', async () => {
    renderBlock(<CommodityPicker type={2} stockValidation opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByText(NAME_OUT);
    expect((screen.getByLabelText('1000005') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('1000002') as HTMLInputElement).disabled).toBe(false);
  });

  it('rule 362: the usable range takes digits only, the stock range a minus too', async () => {
    renderBlock(<CommodityPicker type={3} opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    const usable = screen.getByLabelText('可用库存 最小值') as HTMLInputElement;
    fireEvent.change(usable, { target: { value: '-5x' } });
    expect(usable.value).toBe('5');
    const stock = screen.getByLabelText('实际库存 最小值') as HTMLInputElement;
    fireEvent.change(stock, { target: { value: '-5x' } });
    expect(stock.value).toBe('-5');
  });

  it('rule 367: a supplier user gets no supplier filter and asks for its own supplier', async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    renderBlock(<CommodityPicker type={1} opened onClose={() => {}} onConfirm={() => {}} />, { dataSource, session: DEMO_SESSIONS.HMS });
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(list.mock.calls[0][1]).toMatchObject({ supplier_no: 'V001' });
    expect(screen.queryByLabelText('供应商编码')).toBeNull();
    // its buying price, not the retailer's selling price or margin
    expect(screen.getAllByText('进价').length).toBeGreaterThan(0);
    expect(screen.queryByText('售价')).toBeNull();
    expect(screen.queryByText('毛利率')).toBeNull();
  });

  it("rule 354, 356: type 8 is 'batch stock query' keyed by lot", async () => {
    renderBlock(<CommodityPicker type={8} opened onClose={() => {}} onConfirm={() => {}} />);
    expect(await screen.findByText('批次库存查询')).toBeTruthy();
    expect(await screen.findByTestId('row-LOT20250021')).toBeTruthy();
  });

  it('rule 357: filters are cleared when the picker opens again', async () => {
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button onClick={() => setOpened(true)}>open</button>
          <CommodityPicker type={1} opened={opened} onClose={() => setOpened(false)} onConfirm={() => {}} />
        </>
      );
    }
    renderBlock(<Harness />);
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    fireEvent.change(screen.getByLabelText('商品编码/名称/条码'), { target: { value: '牛奶' } });
    expect((screen.getByLabelText('商品编码/名称/条码') as HTMLInputElement).value).toBe('牛奶');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect((screen.getByLabelText('商品编码/名称/条码') as HTMLInputElement).value).toBe(''));
  });
});
