import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogues } from '../../i18n/messages';
import { createMemoryDataSource } from '../data-source/memory';
import { renderBlock } from '../data-source/test-utils';
import { FavoritesPicker } from './FavoritesPicker';
import { favoriteSkuQuery, FOLDER_QUERY } from './favorites.logic';

describe('favourites (rules 370, 372–374)', { timeout: 30_000 }, () => {
  it('rule 372: folders load as page 1 of 1000; rule 373/374: goods by folder, 10 per page', () => {
    expect(FOLDER_QUERY).toEqual({ page_num: 1, page_size: 1000 });
    expect(favoriteSkuQuery(11, 2, true)).toEqual({ favorite_id: 11, get_sku_dorder_group: '1', page_num: 2, page_size: 10 });
  });

  it('rule 370: nothing chosen gives 至少选择一个商品！', async () => {
    expect(catalogues['zh-CN']['blocks.picker.favoriteEmpty']).toBe('至少选择一个商品！');
    const { notify } = renderBlock(<FavoritesPicker opened onClose={() => {}} onConfirm={() => {}} />);
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(notify).toHaveBeenCalledWith('至少选择一个商品！', 'warning');
  });

  it('chooses across pages and folders and confirms', async () => {
    const dataSource = createMemoryDataSource();
    const list = vi.spyOn(dataSource, 'list');
    const onConfirm = vi.fn();
    renderBlock(<FavoritesPicker opened withOrderGroup onClose={() => {}} onConfirm={onConfirm} />, { dataSource });
    await screen.findByText('康师傅红烧牛肉面五连包 105g*5');
    expect(list).toHaveBeenCalledWith('favorite_folder', { page_num: 1, page_size: 1000 });
    expect(screen.getByText('共 24 条')).toBeTruthy();
    await userEvent.click(screen.getByTestId('row-1000001'));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await userEvent.click(await screen.findByTestId('row-1000011'));
    await userEvent.click(screen.getByText('生鲜补货'));
    await userEvent.click(await screen.findByTestId('row-1000038'));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0][0].map((r: { sku_no: string }) => r.sku_no)).toEqual(['1000001', '1000011', '1000038']);
  });
});
