import { describe, expect, it } from 'vitest';
import type { SkuSearchRow } from '../data-source/types';
import { MAX_RESULTS, rankSkus, scanQuery, shouldSearch, SKU_DEBOUNCE_MS, skuSearchQuery } from './skuSearch.logic';

const sku = (sku_no: string, sku_name: string, barcode: string): SkuSearchRow => ({ sku_no, sku_name, barcode, min_dorder_num: 1, buying_price: 1 });

describe('SKU auto-complete (rules 347–352)', () => {
  it('rule 347: 2 characters, or 4 when all digits', () => {
    expect(shouldSearch('牛')).toBe(false);
    expect(shouldSearch('牛奶')).toBe(true);
    expect(shouldSearch('a1')).toBe(true);
    expect(shouldSearch('123')).toBe(false);
    expect(shouldSearch('1234')).toBe(true);
    expect(shouldSearch('  12  ')).toBe(false);
  });

  it('rule 348: no search with a comma', () => {
    expect(shouldSearch('1000001,1000002')).toBe(false);
    expect(shouldSearch('牛奶，面包')).toBe(false);
  });

  it('rule 349: debounced 300 ms', () => {
    expect(SKU_DEBOUNCE_MS).toBe(300);
  });

  it('rules 350, 351: at most 10, earliest match in code, then name, then barcode', () => {
    const rows = [
      sku('9990', '无关', '6900000000001'),
      sku('1200', '牛奶12', '6900000000002'),
      sku('0120', '其他', '6900000000003'),
      sku('0012', '12牛奶', '6900000000004'),
      sku('5555', '名称含12', '6900000000012'),
    ];
    expect(rankSkus(rows, '12').map((r) => r.sku_no)).toEqual(['1200', '0120', '0012', '5555', '9990']);
    const many = Array.from({ length: 25 }, (_, i) => sku(`A${i}`, `商品${i}`, `69${i}`));
    expect(rankSkus(many, 'A')).toHaveLength(MAX_RESULTS);
  });

  it('rule 352: keyword, search_type 1, sku_source all or absent, back_cate_code', () => {
    expect(skuSearchQuery(' 牛奶 ')).toEqual({ keyword: '牛奶', search_type: '1' });
    expect(skuSearchQuery('牛奶', { allSources: true, backCateCode: '0202' })).toEqual({
      keyword: '牛奶',
      search_type: '1',
      sku_source: 'all',
      back_cate_code: '0202',
    });
  });

  it('rule 353: scan_no with page_size 10, plus source_type and store_no', () => {
    expect(scanQuery(' 6901 ', { sourceType: '1', storeNo: 'S001' })).toEqual({ scan_no: '6901', page_size: 10, source_type: '1', store_no: 'S001' });
  });
});
