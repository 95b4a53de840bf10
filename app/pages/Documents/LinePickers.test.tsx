import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentFile } from '../../../engine/document/types';
import { commodities } from '../../blocks/data-source/fixtures';
import { createMemoryDataSource } from '../../blocks/data-source/memory';
import { renderBlock } from '../../blocks/data-source/test-utils';
import { LinePickers } from './LinePickers';

const load = (name: string) => JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents', `${name}.json`), 'utf8')) as DocumentFile;

describe('<LinePickers>', { timeout: 30_000 }, () => {
  it('offers the definition’s adders: a button per goods picker and the scan field', () => {
    renderBlock(<LinePickers def={load('stock-adjustment')} client="HMT" onRows={() => {}} />);
    expect(screen.getByRole('button', { name: '选择商品' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '收藏夹' })).toBeTruthy();
    expect(screen.getByPlaceholderText('扫描或输入条码后回车')).toBeTruthy();
  });

  it('the favourites picker returns the chosen goods to the document', async () => {
    const onRows = vi.fn();
    renderBlock(<LinePickers def={load('stock-adjustment')} client="HMT" onRows={onRows} />);
    await userEvent.click(screen.getByRole('button', { name: '收藏夹' }));
    await userEvent.click(await screen.findByTestId('row-1000001'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onRows).toHaveBeenCalled());
    expect(onRows.mock.calls[0][0].map((r: { sku_no: string }) => r.sku_no)).toEqual(['1000001']);
  });

  it('a scanned barcode returns its goods to the document', async () => {
    const onRows = vi.fn();
    renderBlock(<LinePickers def={load('stock-adjustment')} client="HMT" onRows={onRows} />);
    const box = screen.getByPlaceholderText('扫描或输入条码后回车');
    fireEvent.change(box, { target: { value: commodities[2].barcode } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onRows).toHaveBeenCalledWith([expect.objectContaining({ sku_no: commodities[2].sku_no })]));
  });

  it("the lot-stock picker (commodity type 8) lists the chosen store's lots, not head office's own", async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    renderBlock(<LinePickers def={load('store-outbound')} client="HMT" params={{ org_code: '2001' }} onRows={() => {}} />, { dataSource });
    await userEvent.click(screen.getByRole('button', { name: '按批次库存添加' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(list).toHaveBeenCalledWith('commodity', expect.objectContaining({ type: 8, org_code: '2001' })));
  });

  it('a picker that waits for a header field says so and opens nothing', async () => {
    const { notify } = renderBlock(<LinePickers def={load('store-outbound')} client="HMT" waitsFor={() => '请先选择门店'} onRows={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: '按批次库存添加' }));
    expect(notify).toHaveBeenCalledWith('请先选择门店');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
