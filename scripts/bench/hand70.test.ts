import { describe, expect, it } from 'vitest';
import { screenDifference } from './hand70';

const measures = { sales: 10, cost: 6, gm: 4, gm_rate: 0.4, sales_2: 8, cost_2: 5, gm_2: 3, gm_rate_2: 0.375, sales_growth: 0.25, gm_growth: 1 / 3, gm_rate_change: 0.025, gm_share: 0.5 };
const compiled = [
  { org_code: 'S1', __g: 0, __rows: null, ...measures },
  { org_code: null, __g: 1, __rows: 2, ...measures, gm_share: 1 },
];
const hand = [
  { org_code: 'S1', total: 0, n: null, ...measures },
  { org_code: null, total: 1, n: 2, ...measures, gm_share: 1 },
];

describe('screenDifference: the hand-written report 70 is a reference only when it answers the same', () => {
  it('finds none in the same answer, decimals read as text included', () => {
    expect(screenDifference(compiled, hand)).toBeNull();
    expect(screenDifference(compiled, hand.map((r) => ({ ...r, sales: String(r.sales) })))).toBeNull();
  });

  it('names a measure, a store, the order, the totals mark or the store count that differ', () => {
    expect(screenDifference(compiled, [{ ...hand[0], gm_share: 0.51 }, hand[1]])).toMatch(/gm_share/);
    expect(screenDifference(compiled, [{ ...hand[0], org_code: 'S2' }, hand[1]])).toMatch(/S1 against S2/);
    expect(screenDifference(compiled, [hand[1], hand[0]])).toMatch(/totals mark/);
    expect(screenDifference(compiled, [hand[0], { ...hand[1], n: 3 }])).toMatch(/store count/);
    expect(screenDifference(compiled, [hand[0]])).toMatch(/2 rows against 1/);
    expect(screenDifference(compiled, [{ ...hand[0], gm_growth: null }, hand[1]])).toMatch(/gm_growth/);
  });
});
