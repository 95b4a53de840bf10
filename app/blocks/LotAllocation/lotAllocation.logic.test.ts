import { describe, expect, it } from 'vitest';
import { lotLines, lotStock } from '../data-source/document-fixtures';
import type { LotAllocationView } from '../data-source/document-types';
import {
  addLots,
  allocationError,
  codeName,
  filterLots,
  hasNoLots,
  initialLotFilter,
  MANUAL_SOURCE,
  priceText,
  quantityError,
  saveBody,
  toEditRows,
  withBlankRow,
} from './lotAllocation.logic';

const lots = lotStock.filter((l) => l.sku_no === lotLines[0].sku_no);
const view = (over: Partial<LotAllocationView> = {}): LotAllocationView => ({ ...lotLines[0], sku_name: lots[0].sku_name, allocated: [], available: lots, today: '2026-11-26', ...over });
const rules = { decimals: 2, stock_validation: true };

describe('allocated quantity (rules 285–288)', () => {
  it('rule 285: required — 分配数量不能为空！', () => {
    expect(quantityError(' ', 10, rules)).toEqual({ key: 'required' });
  });
  it('rule 286: above 0 with at most N decimals', () => {
    expect(quantityError('1.25', 10, rules)).toBeNull();
    expect(quantityError('1.255', 10, rules)).toEqual({ key: 'decimals', params: { n: 2 } });
    expect(quantityError('0', 10, rules)?.key).toBe('decimals');
    expect(quantityError('-1', 10, rules)?.key).toBe('decimals');
    expect(quantityError('1.5', 10, { ...rules, decimals: 0 })).toEqual({ key: 'decimals', params: { n: 0 } });
  });
  it('rule 287: at most 10 characters', () => {
    expect(quantityError('1234567.12', null, rules)).toBeNull();
    expect(quantityError('12345678.12', null, rules)?.key).toBe('decimals');
  });
  it('rule 288: not above the stock when stock validation is on', () => {
    expect(quantityError('11', 10, rules)).toEqual({ key: 'overStock' });
    expect(quantityError('11', 10, { ...rules, stock_validation: false })).toBeNull();
  });
});

describe('the allocation as a whole', () => {
  it('rule 283: edit mode keeps one blank manual row (source 4) at the end', () => {
    const rows = withBlankRow(toEditRows([]), view());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ manual: true, qty: '' });
    expect(rows[0].lot.dorder_item_source).toBe(MANUAL_SOURCE);
    const typed = [{ ...rows[0], lot: { ...rows[0].lot, lot_no: 'M1' }, qty: '2' }];
    expect(withBlankRow(typed, view())).toHaveLength(2);
    expect(withBlankRow(withBlankRow(typed, view()), view())).toHaveLength(2);
  });
  it('rule 289: an issue (领用 13) must allocate exactly the issued quantity', () => {
    const issue = view({ store_lot_type: 13, exact_type: 13, qty: 12 });
    const rows = addLots([], lots.slice(0, 2));
    expect(allocationError([{ ...rows[0], qty: '5' }, { ...rows[1], qty: '6.99' }], issue)).toEqual({ key: 'issueMismatch' });
    expect(allocationError([{ ...rows[0], qty: '5.01' }, { ...rows[1], qty: '6.99' }], issue)).toBeNull();
    // other lot types need not match
    expect(allocationError([{ ...rows[0], qty: '5' }], view())).toBeNull();
  });
  it('a manual row needs its lot number; a lot is allocated once', () => {
    const [blank] = withBlankRow([], view());
    expect(allocationError([{ ...blank, qty: '1' }], view())).toEqual({ key: 'lotNoRequired' });
    expect(addLots(addLots([], lots.slice(0, 1)), lots.slice(0, 2))).toHaveLength(2);
  });
  it('rule 290: no lot allocated and none in stock', () => {
    expect(hasNoLots(view({ available: [] }))).toBe(true);
    expect(hasNoLots(view())).toBe(false);
  });
  it('saves the filled rows with their source, not the blank row', () => {
    const rows = withBlankRow(addLots([], lots.slice(0, 1)).map((r) => ({ ...r, qty: '3' })), view());
    expect(saveBody(rows, view()).rows).toEqual([{ lot_no: lots[0].lot_no, change_stock_num: '3', dorder_item_source: 1 }]);
  });
});

describe('display and lot search', () => {
  it('rule 284: picker values as code - name', () => {
    expect(codeName('V001', '鲜丰')).toBe('V001 - 鲜丰');
    expect(codeName(null, null)).toBe('-');
  });
  it('rule 292: prices masked as **.**', () => {
    expect(priceText(12.5, true)).toBe('**.**');
    expect(priceText(12.5, false)).toBe('12.50');
  });
  it('rule 291: by default lots with zero stock are left out; bounds filter the stock', () => {
    expect(lots.some((l) => l.stock_num === 0)).toBe(true);
    expect(filterLots(lots, initialLotFilter()).every((l) => l.stock_num !== 0)).toBe(true);
    expect(filterLots(lots, { keyword: '', min: 0, max: 0 }).map((l) => l.stock_num)).toEqual([0]);
    expect(filterLots(lots, { keyword: lots[1].lot_no!, min: null, max: null })).toEqual([lots[1]]);
  });
});
