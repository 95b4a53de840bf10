import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { stores } from '../data-source/fixtures';
import { addStore, chipView, removeStore, storeSearchQuery } from './multiStore.logic';

describe('multi-store picker (rules 387–390)', () => {
  it('rule 387: titled 选择门店', () => {
    expect(catalogues['zh-CN']['blocks.title.multiStore']).toBe('选择门店');
  });

  it('rule 388: a duplicate is refused with 该门店已选择！', () => {
    const one = addStore([], stores[0]);
    expect(one.ok && one.chosen).toEqual([stores[0]]);
    const again = addStore([stores[0]], stores[0]);
    expect(again.ok).toBe(false);
    expect(!again.ok && catalogues['zh-CN'][again.message]).toBe('该门店已选择！');
    expect(removeStore([stores[0], stores[1]], stores[0].store_no)).toEqual([stores[1]]);
  });

  it('rule 389: the first 7 chips show; an expand control beyond that', () => {
    expect(chipView(stores.slice(0, 7), false)).toEqual({ shown: stores.slice(0, 7), hidden: 0, toggle: false });
    const eight = chipView(stores.slice(0, 8), false);
    expect(eight.shown).toHaveLength(7);
    expect(eight.hidden).toBe(1);
    expect(eight.toggle).toBe(true);
    expect(chipView(stores.slice(0, 12), true)).toMatchObject({ hidden: 0, toggle: true });
  });

  it('rule 390: store searches send scene_auth 4 and page_size 50', () => {
    expect(storeSearchQuery(' 朝阳 ')).toEqual({ keyword: '朝阳', scene_auth: '4', page_num: 1, page_size: 50 });
  });
});
