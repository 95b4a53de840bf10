import { describe, expect, it } from 'vitest';
import { screenDifference182, values182 } from './hand182';

const measures = { sales: 10, cost: 6, gm: 4, gm_rate: 0.4, orders: 2, atv: 5, purchase_amount: 7, month_end_stock: 30, turnover_days: 1.5 };
const compiled = [
  { org_code: 'S1', org_name: '一店', month: '2026-09', __g: 0, __rows: null, ...measures },
  { org_code: null, org_name: null, month: null, __g: 1, __rows: 1, ...measures },
];
const hand = [
  { org_code: 'S1', org_name: '一店', month: '2026-09', total: 0, n: null, ...measures },
  { org_code: null, org_name: null, month: null, total: 1, n: 1, ...measures },
];

describe('hand-written report 182: a reference only when it answers the same', () => {
  it('finds no difference in the same answer, decimals read as text included', () => {
    expect(screenDifference182(compiled, hand)).toBeNull();
    expect(screenDifference182(compiled, hand.map((r) => ({ ...r, sales: String(r.sales) })))).toBeNull();
  });

  it('names a measure, a key, the totals mark or the row count that differ', () => {
    expect(screenDifference182(compiled, [{ ...hand[0], month_end_stock: 31 }, hand[1]])).toMatch(/month_end_stock/);
    expect(screenDifference182(compiled, [{ ...hand[0], month: '2026-10' }, hand[1]])).toMatch(/month: 2026-09 against 2026-10/);
    expect(screenDifference182(compiled, [hand[1], hand[0]])).toMatch(/totals mark/);
    expect(screenDifference182(compiled, [hand[0], { ...hand[1], n: 2 }])).toMatch(/row count/);
    expect(screenDifference182(compiled, [{ ...hand[0], orders: null }, hand[1]])).toMatch(/orders/);
  });

  it('a month range reads from the first day of its first month to the last day of its last', () => {
    expect(values182(7, '2026-09', '2026-10', 50)).toEqual([7, '2026-09-01', '2026-10-31', '2026-11-01', 50]);
    expect(values182(7, '2026-12-05', '2026-12-05', 10)).toEqual([7, '2026-12-01', '2026-12-31', '2027-01-01', 10]);
    expect(values182(7, '2024-02', '2024-02', 10)).toEqual([7, '2024-02-01', '2024-02-29', '2024-03-01', 10]);
  });
});
