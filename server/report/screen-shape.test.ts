import { describe, expect, it } from 'vitest';
import { indexDataset } from '../../engine/definition/dataset-index';
import { tinyDataset } from '../../engine/definition/fixtures';
import type { DerivedDef, MeasureDef } from '../../engine/definition/types';
import { exactRollUp, needsWindow, sharesOf } from './screen-shape';

const label = { zh: 'x', en: 'x' };
const base = (m: Partial<MeasureDef>): MeasureDef => ({ id: 'm', label, format: 'money', agg: 'sum', expr: 'i.sale_amount', ...m });

describe('exactRollUp: sums of the groups that need no order', () => {
  it('counts, extremes and decimal sums are exact; a sum with a division per row is a DOUBLE', () => {
    expect(exactRollUp(base({}))).toBe(true);
    expect(exactRollUp(base({ agg: 'count', expr: undefined }))).toBe(true);
    expect(exactRollUp(base({ agg: 'max' }))).toBe(true);
    expect(exactRollUp(base({ filter: 'o.is_return = 0' }))).toBe(true);
    expect(exactRollUp(base({ expr: 'i.sale_amount / (1 + COALESCE(i.output_tax_rate, 0))' }))).toBe(false);
    expect(exactRollUp(base({ agg: 'count_distinct', expr: 'o.order_no' }))).toBe(false);
  });
});

describe('needsWindow: which screens keep a window', () => {
  const derived = (d: Partial<DerivedDef> & { id: string }): DerivedDef => ({ label, format: 'rate', op: 'share', ...d });
  const dataset = tinyDataset();
  const index = indexDataset({
    ...dataset,
    derived: [
      ...(dataset.derived ?? []),
      derived({ id: 'running', op: 'cumulative', args: ['sales'], along: 'org' }),
      derived({ id: 'share_of_share', op: 'share', args: ['share'] }),
      derived({ id: 'share_in_formula', op: 'formula', formula: '{share} * 100' }),
    ],
  });

  it('plain measures, ratios and shares need none', () => {
    expect(needsWindow(index, ['qty', 'sales', 'gm', 'gm_rate', 'growth'])).toBe(false);
    expect(needsWindow(index, ['sales', 'share'])).toBe(false);
    expect(needsWindow(index, ['share_in_formula'])).toBe(false);
  });

  it('a rank, a running sum, or a share of a window needs one', () => {
    expect(needsWindow(index, ['sales', 'rank'])).toBe(true);
    expect(needsWindow(index, ['running'])).toBe(true);
    expect(needsWindow(index, ['share_of_share'])).toBe(true);
  });

  it('sharesOf lists every share the indicators read, with what it is a share of', () => {
    expect(sharesOf(index, ['gm', 'share_in_formula'])).toEqual([{ id: 'share', of: 'sales' }]);
    expect(sharesOf(index, ['gm_rate'])).toEqual([]);
  });
});
