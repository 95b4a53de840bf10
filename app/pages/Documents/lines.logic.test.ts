import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../../engine/document/types';
import { dateTimeIn } from '../../../engine/dates';
import type { DocumentDetail } from '../../../engine/document/wire';
import {
  linePickerParams,
  linesToSend,
  newHeader,
  overPickedLot,
  PICKED_LOT,
  PICKED_LOT_STOCK,
  pickedLineValues,
  pickedLotAllocations,
  pickedNames,
  pickerWaitsFor,
  savedLineOf,
  shownLine,
  withDay,
} from './lines.logic';
import { addPickedLines, editableCopy } from './documents.logic';

const load = (name: string) => JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents', `${name}.json`), 'utf8')) as DocumentFile;
const receipt = load('purchase-receipt');
const adjustment = load('stock-adjustment');

describe('lines filled from the goods master', () => {
  it('a receipt line takes the purchase price, else the buying price, and the input tax rate', () => {
    expect(pickedLineValues(['sku_no', 'qty', 'price', 'input_tax_rate'], { sku_no: 'A', purchase_price: 8.5, buying_price: 7, input_tax_rate: 0.13 })).toEqual({
      sku_no: 'A',
      price: '8.5',
      input_tax_rate: '0.13',
    });
    expect(pickedLineValues(['sku_no', 'price'], { sku_no: 'A', purchase_price: null, buying_price: 7 })).toEqual({ sku_no: 'A', price: '7' });
  });
  it("a cost price is the lot's own price for a lot-stock row, else the buying price", () => {
    expect(pickedLineValues(['sku_no', 'lot_no', 'cost_price'], { sku_no: 'A', lot_no: 'L1', lot_price: 5.25, buying_price: 7 })).toEqual({ sku_no: 'A', lot_no: 'L1', cost_price: '5.25' });
    expect(pickedLineValues(['sku_no', 'cost_price'], { sku_no: 'A', buying_price: 7 })).toEqual({ sku_no: 'A', cost_price: '7' });
  });
  it('a value the row gives under the column name itself wins, and nothing is invented', () => {
    expect(pickedLineValues(['price', 'cost_price'], { price: 3, purchase_price: 8, cost_price: 0 })).toEqual({ price: '3', cost_price: '0' });
    expect(pickedLineValues(['price', 'cost_price', 'input_tax_rate'], { sku_no: 'A' })).toEqual({});
  });
});

describe('line pickers narrowed by the header', () => {
  it("a receipt with a supplier offers that supplier's goods only; without one, all", () => {
    expect(linePickerParams(receipt, { supplier_no: 'V001' })).toEqual({ supplier_no: 'V001' });
    expect(linePickerParams(receipt, { supplier_no: null })).toEqual({});
    expect(linePickerParams(adjustment, { supplier_no: 'V001' })).toEqual({});
  });
  it("lot stock is the chosen store's (head office has none of its own); without a store, the session's", () => {
    const outbound = load('store-outbound');
    expect(linePickerParams(outbound, { org_code: '2001' })).toEqual({ org_code: '2001' });
    expect(linePickerParams(outbound, { org_code: null })).toEqual({});
    expect(linePickerParams(receipt, { supplier_no: 'V001', org_code: '2001' })).toEqual({ supplier_no: 'V001', org_code: '2001' });
  });
  it('the lot-stock picker waits for the store where the client chooses it; a store user has its own', () => {
    const outbound = load('store-outbound');
    expect(pickerWaitsFor(outbound, 'HMT', { org_code: null }, 'batch_stock')).toBe('org_code');
    expect(pickerWaitsFor(outbound, 'HMT', { org_code: '2001' }, 'batch_stock')).toBeNull();
    expect(pickerWaitsFor(outbound, 'HMD', { org_code: null }, 'batch_stock')).toBeNull();
    expect(pickerWaitsFor(outbound, 'HMT', { org_code: null }, 'goods')).toBeNull();
  });
});

describe('a new document starts at now', () => {
  it('now in the tenant time zone, as the server writes times', () => {
    expect(dateTimeIn(new Date('2026-11-20T17:05:09Z'))).toBe('2026-11-21 01:05:09');
    expect(dateTimeIn(new Date('2026-11-20T16:00:00Z'), 'UTC')).toBe('2026-11-20 16:00:00');
  });
  it('required times default to now; defaults of the definition stay; readonly fields are left to the server', () => {
    const header = newHeader(receipt, '2026-11-21 09:30:00');
    expect(header.receive_time).toBe('2026-11-21 09:30:00');
    expect(header.receive_type).toBe('1');
    expect(header.po_no).toBeNull();
    expect('receive_no' in header).toBe(false);
  });
});

describe("a time field's calendar", () => {
  it('a picked day keeps the typed time, else takes the time of now; a date field takes the day alone', () => {
    expect(withDay('2026-11-21 09:30:00', '2026-11-25', '2026-11-24 10:00:00', true)).toBe('2026-11-25 09:30:00');
    expect(withDay('2026-11-21 09:30', '2026-11-25', '2026-11-24 10:00:00', true)).toBe('2026-11-25 09:30:00');
    expect(withDay('', '2026-11-25', '2026-11-24 10:00:00', true)).toBe('2026-11-25 10:00:00');
    expect(withDay('2026-11-21 09:30:00', '2026-11-25', '2026-11-24 10:00:00', false)).toBe('2026-11-25');
  });
});

describe('按批次库存添加: a lot picked from lot stock is allocated when the document is saved', () => {
  const outbound = load('store-outbound');
  const lotRow = (lot_no: string, usable_num: number) => ({ id: `C:${lot_no}`, sku_no: 'A', lot_no, usable_num, lot_price: 2.5 });

  it("each picked lot is a line of its own starting at one unit (never the lot's whole stock); the same lot twice adds nothing", () => {
    const lines = addPickedLines(outbound, [], [lotRow('L1', 5), lotRow('L2', 0.25)]);
    expect(lines).toEqual([
      { sku_no: 'A', qty: '1', cost_price: '2.5', [PICKED_LOT]: 'L1', [PICKED_LOT_STOCK]: '5' },
      { sku_no: 'A', qty: '0.25', cost_price: '2.5', [PICKED_LOT]: 'L2', [PICKED_LOT_STOCK]: '0.25' },
    ]);
    const typed = [{ ...lines[0], qty: '4' }, lines[1]];
    expect(addPickedLines(outbound, typed, [lotRow('L1', 5)])).toEqual(typed);
  });

  it("a quantity above its lot's stock is found before the save", () => {
    const line = { sku_no: 'A', qty: '5', [PICKED_LOT]: 'L1', [PICKED_LOT_STOCK]: '5' };
    expect(overPickedLot(outbound, [{ sku_no: 'B', qty: '99' }, line])).toBeNull();
    expect(overPickedLot(outbound, [{ sku_no: 'B', qty: '99' }, { ...line, qty: '5.5' }])).toEqual({ line: 1, lot: 'L1', stock: 5 });
  });

  it('a document with a lot column keeps the lot on the line itself (nothing to allocate)', () => {
    const lines = addPickedLines(adjustment, [], [lotRow('L1', 5)]);
    expect(lines[0]).not.toHaveProperty(PICKED_LOT);
    expect(lines[0].lot_no).toBe('L1');
  });

  it('the server never receives the kept lot', () => {
    expect(linesToSend(outbound, [{ sku_no: 'A', qty: '5', [PICKED_LOT]: 'L1', [PICKED_LOT_STOCK]: '9', line_id: 3 }])).toEqual([{ sku_no: 'A', qty: '5' }]);
  });

  it('after the save each such line asks for its whole quantity from its lot, on the saved line of the same place and goods', () => {
    const sent: Record<string, string>[] = [
      { sku_no: 'A', qty: '4', [PICKED_LOT]: 'L1' },
      { sku_no: 'B', qty: '2' },
      { sku_no: 'A', qty: '3', [PICKED_LOT]: 'L2' },
    ];
    const saved = [
      { line_id: 1, sku_no: 'A', qty: 4 },
      { line_id: 2, sku_no: 'B', qty: 2 },
      { line_id: 3, sku_no: 'A', qty: 3 },
    ];
    expect(pickedLotAllocations(outbound, sent, saved)).toEqual([
      { sku_no: 'A', business_item_id: 1, rows: [{ lot_no: 'L1', change_stock_num: 4 }] },
      { sku_no: 'A', business_item_id: 3, rows: [{ lot_no: 'L2', change_stock_num: 3 }] },
    ]);
    expect(pickedLotAllocations(outbound, sent, [{ line_id: 1, sku_no: 'X', qty: 4 }])).toEqual([]);
  });
});

describe('a line shows its goods and amount as soon as it is added', () => {
  it("a picked row names the line's goods (sku_no_name, as the detail answers it); a row without a code names nothing", () => {
    expect(pickedNames(receipt, { sku_no: 'A', sku_name: '可乐 330ml' })).toEqual({ sku_no_name: '可乐 330ml' });
    expect(pickedNames(receipt, { sku_name: '可乐 330ml' })).toEqual({});
  });

  it('the computed columns follow what is entered, to four decimals; empty until both factors are numbers', () => {
    expect(shownLine(receipt, { sku_no: 'A', qty: '3', price: '2.5' }).amount).toBe(7.5);
    expect(shownLine(receipt, { sku_no: 'A', qty: 3, price: '0.33333' }).amount).toBe(1);
    expect(shownLine(receipt, { sku_no: 'A', qty: '2', price: '0.12345' }).amount).toBe(0.2469);
    expect(shownLine(receipt, { sku_no: 'A', qty: null, price: '2.5' }).amount).toBeNull();
    expect(shownLine(receipt, { sku_no: 'A', qty: 'x', price: '2.5' }).amount).toBeNull();
  });

  it('names and computed columns are shown only: the server receives the writable columns', () => {
    const line = { sku_no: 'A', qty: '2', price: '1', sku_no_name: '可乐', amount: 2 };
    expect(linesToSend(receipt, [line])).toEqual([{ sku_no: 'A', qty: '2', price: '1' }]);
  });

  it('a line stands for the stored line of its id, not of its place: after a removal 分配批次 acts on the right line', () => {
    const detail = {
      no: 'CK1',
      status: '0',
      header: {},
      lines: [
        { line_id: 7, sku_no: 'A', qty: 1 },
        { line_id: 8, sku_no: 'B', qty: 2 },
      ],
      actions: [],
    } as unknown as DocumentDetail;
    const outbound = load('store-outbound');
    const edited = editableCopy(outbound, detail).lines.slice(1);
    expect(savedLineOf(outbound, detail.lines, edited[0])).toEqual(detail.lines[1]);
    expect(savedLineOf(outbound, detail.lines, { sku_no: 'C', qty: 1 })).toBeNull();
  });

  it('a saved line keeps its goods name while edited', () => {
    const detail = { no: 'SH1', status: '0', header: {}, lines: [{ line_id: 1, sku_no: 'A', sku_no_name: '可乐', qty: 2, price: 1, amount: 2 }], actions: [] } as unknown as DocumentDetail;
    expect(editableCopy(receipt, detail).lines[0]).toMatchObject({ sku_no: 'A', sku_no_name: '可乐', qty: 2 });
    expect(editableCopy(receipt, detail).lines[0]).not.toHaveProperty('amount');
  });
});
