import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/messages';
import { DEMO_SESSIONS } from '../data-source/BlocksProvider';
import { commodities, lotCommodities } from '../data-source/fixtures';
import type { CommodityRow } from '../data-source/types';
import {
  assertCommodityType,
  buildCommodityQuery,
  commodityColumns,
  commodityKey,
  commodityTitle,
  COMMODITY_PAGE_SIZE,
  isSelectableRow,
  orderRefusal,
  sanitizeStockInput,
  showsSupplierFilter,
} from './commodity.logic';

const zh = catalogues['zh-CN'];
const en = catalogues['en-US'];
const { HMT, HMD, HMS } = DEMO_SESSIONS;
const row = (over: Partial<CommodityRow>): CommodityRow => ({ ...commodities[0], ...over });
const page1 = { page_num: 1, page_size: COMMODITY_PAGE_SIZE };

describe('commodity picker', () => {
  it("rule 354: 'Select commodity', or 'Batch stock query' for type 8", () => {
    expect(en[commodityTitle(1)]).toBe('Select commodity');
    expect(en[commodityTitle(8)]).toBe('Batch stock query');
  });

  it('rule 364: types 1–6, 8 and 9; any other type raises 参数异常 (rule 381)', () => {
    for (const t of [1, 2, 3, 4, 5, 6, 8, 9]) expect(assertCommodityType(t)).toBe(t);
    expect(() => assertCommodityType(7)).toThrow('参数异常');
    expect(() => assertCommodityType(0)).toThrow('参数异常');
  });

  it('rule 356: the chosen set is keyed by sku_no, by id for type 8', () => {
    expect(commodityKey(1)(commodities[3])).toBe(commodities[3].sku_no);
    expect(commodityKey(8)(lotCommodities[1])).toBe(lotCommodities[1].lot_no);
    expect(lotCommodities[0].sku_no).toBe(lotCommodities[1].sku_no);
  });

  it("rule 358: confirming nothing gives 'Please choose at least one commodity!'", () => {
    expect(en['blocks.picker.commodityEmpty']).toBe('Please choose at least one commodity!');
  });

  it('rule 359: stock-limited rows without enough usable stock cannot be ordered', () => {
    const refused = orderRefusal(row({ sku_name: '可口可乐 330ml', stock_limit: '2', logistics_center_usable_num: 0, min_dorder_num: 1 }));
    expect(refused).toEqual({ message: 'blocks.commodity.outOfStock', params: { name: '可口可乐 330ml' } });
    expect(en[refused!.message].replace('{name}', 'X')).toBe('X out of stock, cannot be ordered');
    expect(orderRefusal(row({ stock_limit: '2', logistics_center_usable_num: 5, min_dorder_num: 6 }))?.message).toBe('blocks.commodity.outOfStock');
    expect(orderRefusal(row({ stock_limit: '2', logistics_center_usable_num: 7, min_dorder_num: 6, is_week: 1 }))).toBeNull();
    expect(orderRefusal(row({ stock_limit: '1', logistics_center_usable_num: 0, is_week: 1 }))).toBeNull();
  });

  it('rule 360: is_week 0 cannot be ordered on this weekday', () => {
    const refused = orderRefusal(row({ sku_name: '雪碧 500ml', stock_limit: '1', is_week: 0 }));
    expect(refused).toEqual({ message: 'blocks.commodity.notWeekday', params: { name: '雪碧 500ml' } });
    expect(en['blocks.commodity.notWeekday']).toBe('{name} cannot be ordered on this weekday');
    expect(zh['blocks.commodity.notWeekday']).toContain('{name}');
  });

  it('rule 361: with stock validation on, stock-limited rows with usable stock ≤ 0 are not selectable', () => {
    const empty = row({ stock_limit: '2', logistics_center_usable_num: 0 });
    const negative = row({ stock_limit: '2', logistics_center_usable_num: -2 });
    expect(isSelectableRow(empty, true)).toBe(false);
    expect(isSelectableRow(negative, true)).toBe(false);
    expect(isSelectableRow(empty, false)).toBe(true);
    expect(isSelectableRow(row({ stock_limit: '1', logistics_center_usable_num: 0 }), true)).toBe(true);
  });

  it('rule 362: stock inputs keep digits; freeze and stock ranges also a leading minus', () => {
    expect(sanitizeStockInput('12a.5', false)).toBe('125');
    expect(sanitizeStockInput('-12', false)).toBe('12');
    expect(sanitizeStockInput('-12', true)).toBe('-12');
    expect(sanitizeStockInput('1-2', true)).toBe('12');
  });

  it('rules 363, 365: page 1 of 20, get_location 1, get_lot_stock from configuration 143, own org', () => {
    const q = buildCommodityQuery(1, { keyword: '牛奶' }, page1, HMD, { getLotStock: true });
    expect(q).toMatchObject({ type: 1, get_location: '1', get_lot_stock: '1', keyword: '牛奶', org_code: 'S001', page_num: 1, page_size: 20 });
    expect(q).not.toHaveProperty('usable_num_s');
    expect(buildCommodityQuery(1, {}, page1, HMT, { getLotStock: false }).get_lot_stock).toBe('0');
  });

  it("the org of the caller's params (a document's chosen store) is whose stock is listed; the user's own only without one", () => {
    expect(buildCommodityQuery(8, {}, page1, HMT, { getLotStock: false, extra: { org_code: '2001' } }).org_code).toBe('2001');
    expect(buildCommodityQuery(8, {}, page1, HMT, { getLotStock: false, extra: {} }).org_code).toBe(HMT.org_code);
    expect(buildCommodityQuery(8, {}, page1, HMT, { getLotStock: false, orgCode: 'S9', extra: { org_code: '2001' } }).org_code).toBe('S9');
  });

  it("rule 365: types 8 and 9 send usable_num_s '0.001' unless the user set a bound", () => {
    expect(buildCommodityQuery(8, {}, page1, HMT, { getLotStock: false }).usable_num_s).toBe('0.001');
    expect(buildCommodityQuery(9, {}, page1, HMT, { getLotStock: false }).usable_num_s).toBe('0.001');
    expect(buildCommodityQuery(9, { usable_num_s: '5' }, page1, HMT, { getLotStock: false }).usable_num_s).toBe('5');
  });

  it("rule 367: on the supplier client the supplier filter is hidden, fixed to the own supplier, its buying price shown, never the retailer's selling price or margin", () => {
    expect(showsSupplierFilter(HMS)).toBe(false);
    expect(showsSupplierFilter(HMT)).toBe(true);
    expect(buildCommodityQuery(1, { supplier_no: 'V009' }, page1, HMS, { getLotStock: false }).supplier_no).toBe('V001');
    for (const type of [1, 2, 6] as const) {
      const keys = commodityColumns(type, HMS).map((c) => c.key);
      expect(keys).toContain('buying_price');
      expect(keys).not.toContain('selling_price');
      expect(keys).not.toContain('margin_rate');
    }
    expect(commodityColumns(2, HMT).map((c) => c.key)).toContain('selling_price');
    expect(commodityColumns(2, HMT).map((c) => c.key)).not.toContain('margin_rate');
  });

  it('type 8 shows lot columns', () => {
    expect(commodityColumns(8, HMT).map((c) => c.key)).toEqual(expect.arrayContaining(['lot_no', 'produce_date', 'expiration_date']));
    const expiry = commodityColumns(8, HMT).find((c) => c.key === 'expiration_date')!;
    expect(expiry.mark?.({ expired: 1 } as never)).toBe('documents.lots.expired');
    expect(expiry.mark?.({ expired: 0 } as never)).toBeNull();
  });
});
