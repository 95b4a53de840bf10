import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../../engine/document/types';
import { dateTimeIn } from '../../../engine/dates';
import { linePickerParams, newHeader, pickedLineValues, withDay } from './lines.logic';

const load = (name: string) => JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents', `${name}.json`), 'utf8')) as DocumentFile;
const receipt = load('purchase-receipt');
const adjustment = load('stock-adjustment');

describe('lines filled from the goods master (issue 24 item 4)', () => {
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
});

describe('a new document starts at now (issue 24 item 4)', () => {
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
