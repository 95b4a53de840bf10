import { describe, expect, it } from 'vitest';
import { breakdownFacts, change, choosePairs } from './facts';
import { breakdownSection, figure, nextStepsSection, overviewSection } from './narrate';
import type { MeasurePair } from './pairs';
import { WORDS } from './words';

const pairs: MeasurePair[] = [
  { current: 'sales', previous: 'sales_2', label: '销售额', format: 'money', margin: false, additive: true },
  { current: 'cost', previous: 'cost_2', label: '成本', format: 'money', margin: false, additive: true },
  { current: 'gm', previous: 'gm_2', label: '毛利额', format: 'money', margin: true, additive: true },
  { current: 'gm_rate', previous: 'gm_rate_2', label: '毛利率', format: 'rate', margin: true, additive: false },
];
const picks = choosePairs(pairs);
const row = (sales: number, sales2: number, gm: number, rate: number, rate2: number) => ({
  sales, sales_2: sales2, cost: sales - gm, cost_2: 0, gm, gm_2: 0, gm_rate: rate, gm_rate_2: rate2,
});

describe('AI interpretation facts (report 70 assistant)', () => {
  it('picks sales as focus, gross margin and margin rate', () => {
    expect(picks.focus.current).toBe('sales');
    expect(picks.margin?.current).toBe('gm');
    expect(picks.rate?.current).toBe('gm_rate');
  });

  it('computes change and growth against the absolute base', () => {
    expect(change({ gm: 50, gm_2: -100 }, pairs[2])).toMatchObject({ delta: 150, growth: 1.5 });
    expect(change({ sales: 10, sales_2: 0 }, pairs[0]).growth).toBeNull();
  });

  it('ranks risers and fallers by the change of the focus measure and finds outliers', () => {
    const rows = [
      { name: '徐汇店', row: row(1200, 1000, 300, 0.25, 0.24) },
      { name: '西湖店', row: row(700, 1000, -20, -0.03, 0.2) },
      { name: '南山店', row: row(1100, 1000, 500, 0.45, 0.3) },
    ];
    const totals = row(3000, 3000, 780, 0.26, 0.25);
    const b = breakdownFacts('组织', rows, totals, picks);
    expect(b.risers.map((m) => m.name)).toEqual(['徐汇店', '南山店']);
    expect(b.fallers.map((m) => m.name)).toEqual(['西湖店']);
    expect(b.outliers).toEqual([
      { name: '西湖店', reason: 'negative', value: -20, overall: null },
      { name: '南山店', reason: 'high_rate', value: 0.45, overall: 0.26 },
    ]);
    const facts = { overall: pairs.map((p) => change(totals, p)), ...picks, breakdowns: [b] };
    const text = overviewSection(facts) + breakdownSection(b, facts) + nextStepsSection(facts);
    // every figure is written the way the table shows it
    expect(text).toContain(figure(1200, 'money'));
    expect(text).toContain('26.00%');
    expect(text).toContain('西湖店');
    expect(text).toMatch(/负毛利/);
  });

  it('speaks English when asked, with the same figures and no Chinese words of its own', () => {
    const en = pairs.map((p, i) => ({ ...p, label: ['Sales', 'Cost', 'Gross margin', 'GM %'][i] }));
    const enPicks = choosePairs(en);
    expect(enPicks.margin?.current).toBe('gm');
    const rows = [
      { name: 'Store A', row: row(1200, 1000, 300, 0.25, 0.24) },
      { name: 'Store B', row: row(700, 1000, -20, -0.03, 0.2) },
    ];
    const totals = row(1900, 2000, 280, 0.15, 0.22);
    const b = breakdownFacts('Organisation', rows, totals, enPicks);
    const facts = { overall: en.map((p) => change(totals, p)), ...enPicks, breakdowns: [b] };
    const text = overviewSection(facts, WORDS.en) + breakdownSection(b, facts, WORDS.en) + nextStepsSection(facts, WORDS.en) + WORDS.en.source;
    expect(text).not.toMatch(/[\u4e00-\u9fa5（），：；]/);
    expect(text).toContain('## Overall change');
    expect(text).toContain(figure(1200, 'money'));
    expect(text).toContain('Store B');
    expect(text).toMatch(/negative Gross margin/);
  });
});
