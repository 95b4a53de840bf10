import { describe, expect, it } from 'vitest';
import { change, choosePairs } from './facts';
import { overviewSection } from './narrate';
import type { MeasurePair } from './pairs';
import { perDayPairs, perDayRow, rangeDays, unequalPeriods } from './periods';
import { WORDS } from './words';

const pairs: MeasurePair[] = [
  { current: 'sales', previous: 'sales_2', label: '销售额', format: 'money', margin: false, additive: true },
  { current: 'gm_rate', previous: 'gm_rate_2', label: '毛利率', format: 'rate', margin: true, additive: false },
];
const range = (index: number, start: string, end: string | null) => ({ index, start, end, datetime: false });

describe('AI interpretation over periods of unequal length (report 70)', () => {
  it('counts a range in days, both ends included, an open end as today', () => {
    expect(rangeDays(range(1, '2026-08-01', '2026-10-29'), '2026-11-28')).toBe(90);
    expect(rangeDays(range(1, '2026-11-27', null), '2026-11-28')).toBe(2);
    expect(rangeDays(undefined, '2026-11-28')).toBeNull();
  });

  it('weighs periods only when they differ in length', () => {
    const same = [range(1, '2026-11-27', '2026-11-27'), range(2, '2026-11-26', '2026-11-26')];
    expect(unequalPeriods(same, 2, '2026-11-28')).toBeNull();
    const long = [range(1, '2026-08-01', '2026-10-29'), range(2, '2026-11-26', '2026-11-26')];
    expect(unequalPeriods(long, 2, '2026-11-28')).toEqual({ current: 90, previous: 1 });
  });

  it('compares 90 days with one day by daily averages and says so, instead of +10723%', () => {
    const periods = { current: 90, previous: 1 };
    const perDay = perDayPairs(pairs, WORDS.zh.perDay);
    // 90 days of 1,000 a day against one day of 900; the rate is no sum and stays as it is
    const totals = perDayRow({ sales: 90_000, sales_2: 900, gm_rate: 0.25, gm_rate_2: 0.2 }, perDay, periods);
    expect(totals).toEqual({ sales: 1000, sales_2: 900, gm_rate: 0.25, gm_rate_2: 0.2 });
    const facts = { overall: perDay.map((p) => change(totals, p)), ...choosePairs(perDay), breakdowns: [], periods };
    const text = overviewSection(facts);
    expect(text).toContain('本期 90 天，对比期 1 天，长度不同');
    expect(text).toContain('本期日均销售额较对比期上升 +11.11%。');
    expect(text).not.toContain('9900.00%');
    expect(overviewSection(facts, WORDS.en)).toContain('compared as daily averages');
  });

  it('still cites the totals row as the table shows it, summed over each period (rules 173–175)', () => {
    const periods = { current: 90, previous: 1 };
    const summed = { sales: 90_000, sales_2: 900, gm_rate: 0.25, gm_rate_2: 0.2 };
    const perDay = perDayPairs(pairs, WORDS.zh.perDay);
    const facts = {
      overall: perDay.map((p) => change(perDayRow(summed, perDay, periods), p)),
      ...choosePairs(perDay),
      breakdowns: [],
      periods,
      periodTotals: pairs.filter((p) => p.additive).map((p) => change(summed, p)),
    };
    expect(overviewSection(facts)).toContain('销售额合计：本期 90,000.00，对比期 900.00');
    expect(overviewSection(facts, WORDS.en)).toContain('in total: 90,000.00 this period, 900.00 in the comparison period');
  });
});
