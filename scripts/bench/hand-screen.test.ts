import { describe, expect, it } from 'vitest';
import { dayAfter, screenDifference } from './hand-screen';
import { values77 } from './hand77';
import { values147 } from './hand147';

const compiled = [
  { code: 'S1', name: '一店', docs: 2, amount: 10.5, __g: 0, __rows: null },
  { code: null, name: null, docs: 2, amount: 10.5, __g: 1, __rows: 1 },
];
const hand = [
  { code: 'S1', name: '一店', docs: 2, amount: 10.5, total: 0, n: null },
  { code: null, name: null, docs: 2, amount: 10.5, total: 1, n: 1 },
];
const differ = (h: Record<string, unknown>[]) => screenDifference(compiled, h, ['code', 'name'], ['docs', 'amount']);

describe('hand-written screens: a reference only when it answers the same', () => {
  it('finds no difference in the same answer, decimals read as text included', () => {
    expect(differ(hand)).toBeNull();
    expect(differ(hand.map((r) => ({ ...r, amount: String(r.amount) })))).toBeNull();
  });

  it('names a measure, a key, the totals mark, the row count or a missing row', () => {
    expect(differ([{ ...hand[0], amount: 10.51 }, hand[1]])).toMatch(/amount/);
    expect(differ([{ ...hand[0], name: '二店' }, hand[1]])).toMatch(/name: 一店 against 二店/);
    expect(differ([hand[1], hand[0]])).toMatch(/totals mark/);
    expect(differ([hand[0], { ...hand[1], n: 2 }])).toMatch(/row count/);
    expect(differ([{ ...hand[0], docs: null }, hand[1]])).toMatch(/docs/);
    expect(differ([hand[1]])).toMatch(/2 rows against 1/);
  });

  it('a range of days reads up to the day after its last', () => {
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
    expect(dayAfter('2028-02-28')).toBe('2028-02-29');
    expect(values77(7, '2026-11-28', '2026-11-28', 50)).toEqual([7, '2026-11-28', '2026-11-29', 50]);
    expect(values147(7, '2026-11-01', '2026-11-28', 10)).toEqual([7, '2026-11-01', '2026-11-28', '2026-11-29', 10]);
  });
});
