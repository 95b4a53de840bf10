import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commodities } from '../data-source/fixtures';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { ScanSearch } from './ScanSearch';
import { SkuAutocomplete } from './SkuAutocomplete';

describe('<SkuAutocomplete>', { timeout: 30_000 }, () => {
  it('rule 349: typing fast makes one search after 300 ms; picking returns the row', async () => {
    const dataSource = createMemoryDataSource();
    const search = vi.spyOn(dataSource, 'searchSku');
    const onSelect = vi.fn();
    renderBlock(<SkuAutocomplete onSelect={onSelect} />, { dataSource });
    const box = screen.getByPlaceholderText('输入商品编码/名称/条码');
    for (const text of ['伊', '伊利', '伊利纯', '伊利纯牛']) fireEvent.change(box, { target: { value: text } });
    expect(search).not.toHaveBeenCalled();
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(search).toHaveBeenCalledWith({ keyword: '伊利纯牛', search_type: '1' });
    await userEvent.click(await screen.findByText('1000029 - 伊利纯牛奶 250ml*16'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ sku_no: '1000029' }));
  });

  it('rules 347, 348: three digits or a comma make no search', async () => {
    const dataSource = createMemoryDataSource();
    const search = vi.spyOn(dataSource, 'searchSku');
    renderBlock(<SkuAutocomplete onSelect={() => {}} />, { dataSource });
    const box = screen.getByPlaceholderText('输入商品编码/名称/条码');
    fireEvent.change(box, { target: { value: '100' } });
    fireEvent.change(box, { target: { value: '1000001,1000' } });
    await new Promise((r) => setTimeout(r, 450));
    expect(search).not.toHaveBeenCalled();
  });
});

describe('<ScanSearch>', { timeout: 30_000 }, () => {
  it('rule 353: Enter looks the barcode up with page_size 10', async () => {
    const dataSource = createMemoryDataSource();
    const scan = vi.spyOn(dataSource, 'scanSku');
    const onResult = vi.fn();
    renderBlock(<ScanSearch storeNo="S001" onResult={onResult} />, { dataSource });
    const box = screen.getByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(box, { target: { value: commodities[2].barcode } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onResult).toHaveBeenCalledWith([expect.objectContaining({ sku_no: commodities[2].sku_no })]));
    expect(scan).toHaveBeenCalledWith({ scan_no: commodities[2].barcode, page_size: 10, store_no: 'S001' });
  });

  it('an unknown code says so', async () => {
    const onResult = vi.fn();
    const { notify } = renderBlock(<ScanSearch onResult={onResult} />);
    const box = screen.getByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(box, { target: { value: '0000' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('未找到条码对应的商品', 'warning'));
    expect(onResult).not.toHaveBeenCalled();
  });
});
