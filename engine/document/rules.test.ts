import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  auditChoices,
  auditError,
  checkAllocation,
  checkLine,
  checkLines,
  checkValue,
  exactAllocationError,
  isCalendarDate,
  isCalendarDateTime,
  writableHeaderFields,
  type LotRules,
} from './rules';
import type { DocumentFile } from './types';

const DIR = join(fileURLToPath(new URL('.', import.meta.url)), '../../report-defs/documents');
const def = (id: string) => JSON.parse(readFileSync(join(DIR, `${id}.json`), 'utf8')) as DocumentFile;

describe('states and actions', () => {
  it('a draft may be edited, deleted and submitted; a submitted document only audited, and only by HMT', () => {
    const d = def('purchase-receipt');
    expect(actionsFor(d, '0', 'HMD')).toEqual(expect.arrayContaining(['edit', 'delete', 'submit']));
    expect(actionsFor(d, '1', 'HMT')).toContain('audit');
    expect(actionsFor(d, '1', 'HMS')).not.toContain('audit');
    expect(actionsFor(d, '1', 'HMS')).not.toContain('edit');
    expect(actionsFor(d, '2', 'HMT')).toEqual([]);
    expect(actionsFor(d, '9', 'HMT')).toEqual([]);
  });

  it('fields fixed by the session are not written by that client', () => {
    const keys = (c: 'HMT' | 'HMS') => writableHeaderFields(def('purchase-receipt'), c).map((f) => f.key);
    expect(keys('HMT')).toContain('supplier_no');
    expect(keys('HMS')).not.toContain('supplier_no');
    expect(keys('HMT')).not.toContain('status');
    expect(keys('HMT')).not.toContain('receive_no');
  });

  it('fields hidden from a client are not written by it (no probing of codes it cannot see)', () => {
    const keys = (c: 'HMT' | 'HMD' | 'HMS') => writableHeaderFields(def('purchase-receipt'), c).map((f) => f.key);
    expect(keys('HMS')).not.toContain('buyer_id');
    expect(keys('HMS')).not.toContain('settlement_no');
    expect(keys('HMD')).not.toContain('settlement_no');
    expect(keys('HMT')).toEqual(expect.arrayContaining(['buyer_id', 'settlement_no']));
  });
});

describe('audit rules (building blocks §4–§5)', () => {
  it('every result the definition leads somewhere is offered: a sent-back state makes send back a choice', () => {
    expect(auditChoices(def('purchase-receipt'))).toEqual(['1', '2', '3']);
    expect(auditChoices(def('store-outbound'))).toEqual(['1', '2', '3']);
    expect(auditChoices(def('stock-adjustment'))).toEqual(['1', '3']);
  });

  it('请输入审核意见！ only when rejecting with the remark flag on; at most 100 characters', () => {
    const d = def('purchase-receipt');
    expect(auditError(d, '2', ' ')?.message).toBe('请输入审核意见！');
    expect(auditError(d, '1', '')).toBeNull();
    expect(auditError(d, '2', 'x'.repeat(100))).toBeNull();
    expect(auditError(d, '2', 'x'.repeat(101))?.code).toBe('REMARK_TOO_LONG');
    expect(auditError(def('stock-adjustment'), '3', '')).toBeNull();
    expect(auditError(d, '3', '')).toBeNull();
    expect(auditError(def('stock-adjustment'), '2', 'x')?.code).toBe('BAD_AUDIT_RESULT');
  });
});

describe('values and lines', () => {
  const qty = def('stock-adjustment').lines.find((c) => c.key === 'qty')!;

  it('numbers keep their bounds and decimals; dates their format', () => {
    expect(checkValue(qty, '1.5')).toEqual({ value: 1.5 });
    expect(checkValue(qty, '0')).toMatchObject({ error: { message: '调整数量必须大于0' } });
    expect(checkValue(qty, '1.2345', '第2行：')).toMatchObject({ error: { message: '第2行：调整数量最多支持3位小数' } });
    expect(checkValue(qty, 'abc')).toMatchObject({ error: { code: 'BAD_NUMBER' } });
    expect(checkValue(qty, '')).toMatchObject({ error: { message: '调整数量不能为空' } });
    const time = def('stock-adjustment').header.find((f) => f.key === 'adjust_time')!;
    expect(checkValue(time, '2026-11-20 08:30')).toEqual({ value: '2026-11-20 08:30:00' });
    expect(checkValue(time, '20/11/2026')).toMatchObject({ error: { code: 'BAD_DATE' } });
  });

  it('enumerations only take codes of their list', () => {
    const receiveType = def('purchase-receipt').header.find((f) => f.key === 'receive_type')!;
    const direction = def('stock-adjustment').header.find((f) => f.key === 'direction')!;
    const issueType = def('store-outbound').header.find((f) => f.key === 'issue_type')!;
    expect(checkValue(receiveType, 25)).toEqual({ value: '25' });
    for (const bad of ['abc', 7, -1, '1.0']) expect(checkValue(receiveType, bad)).toMatchObject({ error: { code: 'BAD_OPTION' } });
    expect(checkValue(direction, 3)).toMatchObject({ error: { code: 'BAD_OPTION', message: "调整方向'3'不是有效选项" } });
    expect(checkValue(direction, 'x')).toMatchObject({ error: { code: 'BAD_OPTION' } });
    expect(checkValue(issueType, '40000')).toMatchObject({ error: { code: 'BAD_OPTION' } });
    expect(checkValue(issueType, '13')).toEqual({ value: '13' });
  });

  it('dates and times must exist in the calendar', () => {
    expect(['2026-02-28', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '1900-02-29', '2026-02-30', '2026-13-45', '0000-00-00', '2026-04-31', '2026-1-1'].some(isCalendarDate)).toBe(false);
    expect(isCalendarDateTime('2026-11-20 23:59:59')).toBe(true);
    expect(['2026-13-45 25:61:61', '2026-11-20 24:00:00', '2026-11-20 12:60', '2026-11-20 12:00:60'].some(isCalendarDateTime)).toBe(false);
    const time = def('purchase-receipt').header.find((f) => f.key === 'receive_time')!;
    expect(checkValue(time, '2026-13-45 25:61:61')).toMatchObject({ error: { code: 'BAD_DATE' } });
    expect(checkValue(time, '0000-00-00')).toMatchObject({ error: { code: 'BAD_DATE' } });
    expect(checkValue(time, '2026-02-30')).toMatchObject({ error: { code: 'BAD_DATE' } });
    expect(checkValue(time, '2028-02-29')).toEqual({ value: '2028-02-29 00:00:00' });
    expect(checkValue(time, '2028-02-29T23:59')).toEqual({ value: '2028-02-29 23:59:00' });
  });

  it('an amount that does not fit DECIMAL(18,4) is refused, naming the line', () => {
    const line = { sku_no: 'A', qty: '999999999', price: '999999999' };
    expect(checkLines(def('purchase-receipt'), [{ sku_no: 'A', qty: 1, price: 1 }, line])).toMatchObject({
      error: { code: 'BAD_NUMBER', message: '第2行：含税金额超出允许范围' },
    });
    expect(checkLine(def('purchase-receipt'), { sku_no: 'A', qty: '99999', price: '999999999' }, '')).toEqual({
      row: expect.objectContaining({ amount: 99999 * 999999999 }),
    });
  });

  it('computed columns are filled and never taken from the client', () => {
    const checked = checkLine(def('stock-adjustment'), { sku_no: 'A', qty: '3', cost_price: '1.25', amount: 999 }, '');
    expect(checked).toEqual({ row: { sku_no: 'A', lot_no: null, qty: 3, cost_price: 1.25, amount: 3.75 } });
  });

  it('a document needs lines; the first bad line is named', () => {
    expect(checkLines(def('stock-adjustment'), [])).toMatchObject({ error: { code: 'NO_LINES' } });
    expect(checkLines(def('stock-adjustment'), [{ sku_no: 'A', qty: 1, cost_price: 1 }, { sku_no: '', qty: 1, cost_price: 1 }])).toMatchObject({
      error: { message: '第2行：商品编码不能为空' },
    });
  });
});

describe('lot allocation rules (building blocks §5)', () => {
  const rules: LotRules = { decimals: 2, stock_validation: true, lot_type: 13, exact_type: 13, qty: 5, sku_name: '牛奶' };
  const stock = new Map([
    ['L1', 3],
    ['L2', 10],
  ]);

  it('分配数量不能为空！, decimals, above 0, max length 10', () => {
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: '' }], stock)?.message).toBe('分配数量不能为空！');
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: '1.234' }], stock)?.message).toBe('请输入分配数量，大于0且支持2位小数');
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: '0' }], stock)?.code).toBe('LOT_QTY_INVALID');
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: '00000000001' }], stock)?.code).toBe('LOT_QTY_INVALID');
  });

  it('not above the lot stock when stock validation is on', () => {
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: 4 }, { lot_no: 'L2', change_stock_num: 1 }], stock)?.message).toBe('分配数量不能大于库存数量！');
    expect(checkAllocation({ ...rules, stock_validation: false }, [{ lot_no: 'L1', change_stock_num: 4 }, { lot_no: 'L2', change_stock_num: 1 }], stock)).toBeNull();
  });

  it('lot type 13 must allocate exactly the issued quantity; other types need not', () => {
    expect(checkAllocation(rules, [{ lot_no: 'L2', change_stock_num: 4.99 }], stock)?.message).toBe('分配数量不等于实际领用数量');
    expect(checkAllocation(rules, [{ lot_no: 'L1', change_stock_num: 2 }, { lot_no: 'L2', change_stock_num: '3' }], stock)).toBeNull();
    expect(checkAllocation({ ...rules, lot_type: 12 }, [{ lot_no: 'L2', change_stock_num: 1 }], stock)).toBeNull();
  });

  it("goods without lots: 商品'…'要先入库生成批次，才能操作出库！; unknown and repeated lots are refused", () => {
    expect(checkAllocation(rules, [], new Map())?.message).toBe("商品'牛奶'要先入库生成批次，才能操作出库！");
    expect(checkAllocation(rules, [{ lot_no: 'L9', change_stock_num: 5 }], stock)?.code).toBe('UNKNOWN_LOT');
    expect(checkAllocation(rules, [{ lot_no: 'L2', change_stock_num: 2 }, { lot_no: 'L2', change_stock_num: 3 }], stock)?.code).toBe('DUPLICATE_LOT');
  });
});

describe('lot type 13 at submit (building blocks §5)', () => {
  it('names the first goods line whose allocated lots do not add up to its quantity; sums compare at the allocation decimals', () => {
    const lines = [
      { sku_name: '鲜牛奶', qty: 0.3, allocated: 0.1 + 0.2 },
      { sku_name: '酸奶', qty: 2, allocated: 1 },
      { sku_name: '面包', qty: 1, allocated: 0 },
    ];
    expect(exactAllocationError(lines, 3)).toEqual({ code: 'LOT_NOT_EXACT', message: "商品'酸奶'分配数量不等于实际领用数量" });
    expect(exactAllocationError(lines.slice(0, 1), 3)).toBeNull();
  });
});
