import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../../engine/document/types';
import {
  addPickedLines,
  initialFilters,
  linePickers,
  listQuery,
  missingRequired,
  nextListOrder,
  resetFilters,
  sameQuery,
  shownValue,
  stateActions,
  toolbarButtons,
  visibleFor,
} from './documents.logic';
import { newHeader } from './lines.logic';

const load = (name: string) => JSON.parse(readFileSync(resolve(process.cwd(), 'report-defs/documents', `${name}.json`), 'utf8')) as DocumentFile;
const receipt = load('purchase-receipt');
const outbound = load('store-outbound');

describe('filter bar from the definition (building blocks §4)', () => {
  const filters = receipt.filters;
  it('ranges and lists go out as {id}_start/{id}_end and comma-joined codes; empty fields are left out', () => {
    const values = { ...initialFilters(filters), receive_no: ' SH1 ', supplier_no: ['V001', 'V002'], receive_time: ['2026-01-01', '2026-01-31'] as [string, string] };
    expect(listQuery(filters, values, { page_num: 1, page_size: 20 })).toEqual({
      page_num: 1,
      page_size: 20,
      receive_no: 'SH1',
      supplier_no: 'V001,V002',
      receive_time_start: '2026-01-01',
      receive_time_end: '2026-01-31',
    });
  });
  it('reset clears every field but those flagged not to clear', () => {
    const flagged = filters.filter((f) => f.not_to_clear).map((f) => f.id);
    expect(flagged.length).toBeGreaterThan(0);
    const values = { ...initialFilters(filters), receive_no: 'SH1', receive_time: ['2026-01-01', '2026-01-31'] as [string, string] };
    const after = resetFilters(filters, values);
    expect(after.receive_no).toBe('');
    expect(after.receive_time).toEqual(['2026-01-01', '2026-01-31']);
  });
  it('fields hidden for a client are left out of its bar', () => {
    const hidden = { id: 'a', hidden_for: ['HMS' as const] };
    const shown: { id: string; hidden_for?: ('HMT' | 'HMD' | 'HMS')[] } = { id: 'b' };
    expect(visibleFor([hidden, shown], 'HMS')).toEqual([shown]);
    expect(visibleFor([hidden, shown], 'HMT')).toEqual([hidden, shown]);
  });
});

describe('toolbar and state actions', () => {
  it('a button tied to an action is enabled only when the state allows it; close and print are not plain buttons', () => {
    const draft = outbound.states.find((s) => s.code === outbound.initial_state)!;
    const allowed = stateActions(outbound, draft.code, 'HMT');
    const buttons = toolbarButtons(outbound.toolbar.detail, allowed, 'zh-CN');
    expect(buttons.map((b) => b.key)).not.toContain('close');
    expect(buttons.map((b) => b.key)).not.toContain('print');
    const byKey = Object.fromEntries(buttons.map((b) => [b.key, b]));
    expect(byKey.save.disabled).toBe(!allowed.includes('edit'));
    expect(byKey.audit.disabled).toBe(!allowed.includes('audit'));
    expect(byKey.save.fn).toBe(4);
    expect(byKey.approvals.fn).toBeUndefined();
    expect(toolbarButtons(outbound.toolbar.list, null, 'zh-CN').find((b) => b.key === 'delete')?.disabled).toBe(true);
  });

  it('打印 shows only when the definition names its print styles, on the list and the detail page (building blocks §7)', () => {
    expect(outbound.print?.source_type).toBe(26);
    for (const defs of [outbound.toolbar.detail, outbound.toolbar.list]) {
      expect(toolbarButtons(defs, [], 'zh-CN', true).find((b) => b.key === 'print')).toMatchObject({ label: '打印', fn: 20, disabled: false });
      expect(toolbarButtons(defs, [], 'zh-CN', false).map((b) => b.key)).not.toContain('print');
    }
  });
});

describe('editing', () => {
  it('a looked-up name shows beside its code', () => {
    expect(shownValue({ supplier_no: 'V001', supplier_no_name: '鲜丰' }, 'supplier_no', true)).toBe('V001 - 鲜丰');
    expect(shownValue({ supplier_no: null }, 'supplier_no', true)).toBe('-');
  });
  it('codes from an option list show their labels (收货类型 采购, not 1); unknown codes show as they are', () => {
    const types = [{ value: '1', label: '采购' }, { value: '26', label: '直送' }];
    expect(shownValue({ receive_type: 26 }, 'receive_type', false, types)).toBe('直送');
    expect(shownValue({ receive_type: '1' }, 'receive_type', false, types)).toBe('采购');
    expect(shownValue({ receive_type: 9 }, 'receive_type', false, types)).toBe('9');
    expect(shownValue({ receive_type: null }, 'receive_type', false, types)).toBe('-');
  });
  it('goods picked add one line each, once', () => {
    const lines = addPickedLines(outbound, [], [{ sku_no: 'A', sku_name: 'a' }, { sku_no: 'B' }]);
    expect(lines.map((l) => l.sku_no)).toEqual(['A', 'B']);
    // the goods name rides on the line, so it shows beside the code before the first save
    expect(lines[0]).toEqual({ sku_no: 'A', qty: null, cost_price: null, sku_no_name: 'a' });
    expect(addPickedLines(outbound, lines, [{ sku_no: 'B' }, { sku_no: 'C' }])).toHaveLength(3);
  });
  it('a picked row fills the line columns of its own names: the same goods from another lot is another line', () => {
    const adjustment = load('stock-adjustment');
    const lines = addPickedLines(adjustment, [], [{ id: '1', sku_no: 'A', lot_no: 'L1', usable_num: 5 }]);
    expect(lines).toEqual([{ sku_no: 'A', lot_no: 'L1', qty: null, cost_price: null }]);
    expect(addPickedLines(adjustment, lines, [{ sku_no: 'A', lot_no: 'L2' }, { sku_no: 'A', lot_no: 'L1' }, { sku_name: 'no code' }])).toHaveLength(2);
  });
  it('line adders come from the definition, else from the sku_no column picker', () => {
    expect(linePickers(load('stock-adjustment'), 'HMT').map((p) => p.picker)).toEqual(['goods_multi', 'favorite', 'scan']);
    expect(linePickers(load('store-outbound'), 'HMD').map((p) => p.picker)).toEqual(['goods', 'batch_stock']);
    expect(linePickers(receipt, 'HMT')).toEqual([{ picker: 'goods', label: null }]);
  });
  it('names the first required field left empty', () => {
    const header = newHeader(outbound, '2026-11-21 09:30:00');
    const required = outbound.header.find((h) => h.required && !h.readonly && !h.hidden_for?.includes('HMT') && !header[h.key]);
    expect(required).toBeDefined();
    expect(missingRequired(outbound, 'HMT', header, [])).toBe(required!.key);
    const filled = Object.fromEntries(outbound.header.map((h) => [h.key, 'x']));
    const line = addPickedLines(outbound, [], [{ sku_no: 'A' }])[0];
    const requiredLine = outbound.lines.find((c) => c.required && !c.readonly && c.key !== 'sku_no');
    expect(requiredLine).toBeDefined();
    expect(missingRequired(outbound, 'HMT', filled, [line])).toBe(requiredLine!.key);
  });
  it('picked goods take price, cost price and tax rate from the goods master', () => {
    const row = { sku_no: 'A', sku_name: 'a', purchase_price: 8.5, buying_price: 7, input_tax_rate: 0.13, selling_price: 12 };
    expect(addPickedLines(receipt, [], [row])).toEqual([
      { sku_no: 'A', qty: null, price: '8.5', input_tax_rate: '0.13', lot_no: null, produce_date: null, expiration_date: null, sku_no_name: 'a' },
    ]);
    expect(addPickedLines(outbound, [], [row])).toEqual([{ sku_no: 'A', qty: null, cost_price: '7', sku_no_name: 'a' }]);
  });
});

describe('list requests', () => {
  it('rule 324: a header click sorts by its column ascending, a second click descending', () => {
    expect(nextListOrder('receive_time desc', 'receive_no')).toBe('receive_no asc');
    expect(nextListOrder('receive_no asc', 'receive_no')).toBe('receive_no desc');
    expect(nextListOrder('receive_time desc', 'receive_time')).toBe('receive_time asc');
  });
  it('a search that asks the same again is recognised, so the list fetches it anew', () => {
    const filters = receipt.filters;
    const a = listQuery(filters, initialFilters(filters), { page_num: 1, page_size: 20 });
    expect(sameQuery(a, { ...a })).toBe(true);
    expect(sameQuery(a, { ...a, receive_no: 'SH1' })).toBe(false);
    expect(sameQuery(a, { ...a, page_num: 2 })).toBe(false);
  });
});
