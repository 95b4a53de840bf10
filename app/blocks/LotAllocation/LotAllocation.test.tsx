import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lotLines, lotStock } from '../data-source/document-fixtures';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { LotAllocation } from './LotAllocation';

const doc = { documentType: 'store-outbound', documentNo: 'CK1' };
const lineProps = (i: number) => ({ skuNo: lotLines[i].sku_no, businessItemId: lotLines[i].business_item_id });
const lotsOf = (i: number) => lotStock.filter((l) => l.sku_no === lotLines[i].sku_no);

describe('<LotAllocation>', () => {
  it('rules 280–281, 283, 285: picks lots, refuses an empty quantity with 分配数量不能为空！, then saves', async () => {
    const dataSource = createMemoryDataSource();
    const save = vi.spyOn(dataSource.documents, 'saveLots');
    const onSaved = vi.fn();
    const { notify } = renderBlock(<LotAllocation opened onClose={() => {}} editState onSaved={onSaved} {...doc} {...lineProps(0)} />, { dataSource });
    expect(await screen.findByText('按商品分配批次库存')).toBeTruthy();
    // rule 283: the blank manual row is there from the start
    expect(await screen.findByRole('textbox', { name: '输入批次号' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '选择批次' }));
    const picker = await screen.findByRole('dialog', { name: '选择批次库存' });
    const lot = lotsOf(0)[0].lot_no!;
    await userEvent.click(within(picker).getByRole('checkbox', { name: lot }));
    await userEvent.click(within(picker).getByRole('button', { name: '确定' }));
    const qty = await screen.findByRole('textbox', { name: `分配数量 ${lot}` });
    const main = screen.getByRole('dialog', { name: '按商品分配批次库存' });
    await userEvent.click(within(main).getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('分配数量不能为空！');
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(qty, '3.5');
    await userEvent.click(within(main).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith(doc.documentType, doc.documentNo, {
      sku_no: lotLines[0].sku_no,
      business_item_id: 1,
      rows: [{ lot_no: lot, change_stock_num: '3.5', dorder_item_source: 1 }],
    });
  }, 20_000);

  it('a lot whose expiry date has passed shows 已过期 in 选择批次库存; one still in date does not', async () => {
    const dataSource = createMemoryDataSource();
    const read = dataSource.documents.lots;
    vi.spyOn(dataSource.documents, 'lots').mockImplementation(async (...args) => ({ ...(await read(...args)), today: '2026-10-15' }));
    renderBlock(<LotAllocation opened onClose={() => {}} editState {...doc} {...lineProps(0)} />, { dataSource });
    await userEvent.click(await screen.findByRole('button', { name: '选择批次' }));
    const picker = await screen.findByRole('dialog', { name: '选择批次库存' });
    const rowOf = (lotNo: string) => within(picker).getByRole('checkbox', { name: lotNo }).closest('tr')!;
    const inStock = lotsOf(0).filter((l) => Number(l.stock_num) > 0);
    const [past, later] = [inStock.find((l) => l.expiration_date! < '2026-10-15')!, inStock.find((l) => l.expiration_date! > '2026-10-15')!];
    expect(past && later).toBeTruthy();
    expect(within(rowOf(past.lot_no!)).getByText('已过期')).toBeTruthy();
    expect(within(rowOf(later.lot_no!)).queryByText('已过期')).toBeNull();
  }, 20_000);

  it('rule 288: more than the lot\'s stock is refused with 分配数量不能大于库存数量！', async () => {
    const lot = lotsOf(0)[0];
    const dataSource = createMemoryDataSource({ documents: { allocations: { 'CK1/1': [{ ...lot, change_stock_num: (lot.stock_num ?? 0) + 1 }] } } });
    const save = vi.spyOn(dataSource.documents, 'saveLots');
    const { notify } = renderBlock(<LotAllocation opened onClose={() => {}} editState {...doc} {...lineProps(0)} />, { dataSource });
    await screen.findByRole('textbox', { name: `分配数量 ${lot.lot_no}` });
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('分配数量不能大于库存数量！');
    expect(save).not.toHaveBeenCalled();
  });

  it('rule 289: an issue line must allocate exactly the issued quantity', async () => {
    const lot = lotsOf(1)[0];
    const dataSource = createMemoryDataSource({ documents: { allocations: { 'CK1/2': [{ ...lot, change_stock_num: 5 }] } } });
    const { notify } = renderBlock(<LotAllocation opened onClose={() => {}} editState {...doc} {...lineProps(1)} />, { dataSource });
    await screen.findByRole('textbox', { name: `分配数量 ${lot.lot_no}` });
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('分配数量不等于实际领用数量');
  });

  it('rule 286: decimals beyond the allowed places', async () => {
    const { notify } = renderBlock(<LotAllocation opened onClose={() => {}} editState {...doc} {...lineProps(0)} />);
    await userEvent.type(await screen.findByRole('textbox', { name: '输入批次号' }), 'M-01');
    await userEvent.type(screen.getByRole('textbox', { name: '分配数量 M-01' }), '1.234');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('请输入分配数量，大于0且支持2位小数');
    // the typed manual row stays and a new blank row follows (rule 283)
    expect(screen.getAllByRole('textbox', { name: '输入批次号' })).toHaveLength(2);
  });

  it('rule 290: goods without lots cannot be issued', async () => {
    const onClose = vi.fn();
    const { notify } = renderBlock(<LotAllocation opened onClose={onClose} editState {...doc} {...lineProps(2)} />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(expect.stringMatching(/^商品'.+'要先入库生成批次，才能操作出库！$/)));
    expect(onClose).toHaveBeenCalled();
  });

  it('rules 280, 292: view mode is 商品分配记录, read only, prices masked by the flag', async () => {
    const lot = lotsOf(0)[0];
    const dataSource = createMemoryDataSource({ documents: { allocations: { 'CK1/1': [{ ...lot, change_stock_num: 2 }] }, lotSettings: { mask_price: true } } });
    renderBlock(<LotAllocation opened onClose={() => {}} editState={false} {...doc} {...lineProps(0)} />, { dataSource });
    expect(await screen.findByText('商品分配记录')).toBeTruthy();
    const table = await screen.findByTestId('lot-table');
    expect(within(table).getByText('**.**')).toBeTruthy();
    expect(within(table).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '选择批次' })).toBeNull();
  });
});
