import { describe, expect, it } from 'vitest';
import { enabledBounds, isDisabled, threeMonthCutoff, trimRange } from './restrictions';

describe('rule 131: yesterday or earlier', () => {
  it('disables today and later', () => {
    expect(isDisabled('2025-02-28', 'to_yesterday', '2025-03-01', false)).toBe(false);
    expect(isDisabled('2025-03-01', 'to_yesterday', '2025-03-01', false)).toBe(true);
    expect(isDisabled('2025-03-02', 'to_yesterday', '2025-03-01', false)).toBe(true);
    expect(isDisabled('1970-01-01', 'to_yesterday', '2025-03-01', false)).toBe(false);
  });
  it('a datetime cell counts as its day', () => {
    expect(isDisabled('2024-12-31 23:59:59', 'to_yesterday', '2025-01-01', false, 'datetime')).toBe(false);
    expect(isDisabled('2025-01-01 00:00:00', 'to_yesterday', '2025-01-01', false, 'datetime')).toBe(true);
  });
});

describe('rule 132 / C2: three months, cut-off C = today − 3 calendar months', () => {
  it('C clamps at month ends and crosses years', () => {
    expect(threeMonthCutoff('2025-05-31')).toBe('2025-02-28');
    expect(threeMonthCutoff('2024-05-31')).toBe('2024-02-29');
    expect(threeMonthCutoff('2025-01-15')).toBe('2024-10-15');
    expect(threeMonthCutoff('2024-02-29')).toBe('2023-11-29');
  });
  it('current tab "2": C ≤ d ≤ today', () => {
    const today = '2025-05-31';
    expect(isDisabled('2025-02-27', 'three_months', today, false)).toBe(true);
    expect(isDisabled('2025-02-28', 'three_months', today, false)).toBe(false);
    expect(isDisabled('2025-05-31', 'three_months', today, false)).toBe(false);
    expect(isDisabled('2025-06-01', 'three_months', today, false)).toBe(true);
  });
  it('history tab "1": d < C', () => {
    const today = '2025-05-31';
    expect(isDisabled('2025-02-27', 'three_months', today, true)).toBe(false);
    expect(isDisabled('2025-02-28', 'three_months', today, true)).toBe(true);
    expect(isDisabled('2025-05-31', 'three_months', today, true)).toBe(true);
    expect(isDisabled('1970-01-01', 'three_months', today, true)).toBe(false);
  });
  it('a month cell stays pickable while one of its days is enabled', () => {
    const today = '2025-05-31'; // C = 2025-02-28
    expect(isDisabled('2025-02', 'three_months', today, false, 'month')).toBe(false);
    expect(isDisabled('2025-02', 'three_months', today, true, 'month')).toBe(false);
    expect(isDisabled('2025-01', 'three_months', today, false, 'month')).toBe(true);
    expect(isDisabled('2025-01', 'three_months', today, true, 'month')).toBe(false);
    expect(isDisabled('2025-03', 'three_months', today, true, 'month')).toBe(true);
  });
});

describe('rule 133: earlier months only (months ≤ previous month)', () => {
  it('month cells', () => {
    expect(isDisabled('2024-12', 'earlier_months', '2025-01-15', false, 'month')).toBe(false);
    expect(isDisabled('2025-01', 'earlier_months', '2025-01-15', false, 'month')).toBe(true);
    expect(isDisabled('2025-01', 'earlier_months', '2025-02-01', false, 'month')).toBe(false);
  });
  it('a month text is read as a month cell whatever granularity is passed', () => {
    expect(isDisabled('2025-01', 'earlier_months', '2025-01-15', false)).toBe(true);
  });
  it('day cells stop at the previous month end', () => {
    expect(enabledBounds('earlier_months', '2024-03-10', false)).toEqual({ max: '2024-02-29' });
    expect(isDisabled('2024-02-29', 'earlier_months', '2024-03-10', false)).toBe(false);
    expect(isDisabled('2024-03-01', 'earlier_months', '2024-03-10', false)).toBe(true);
  });
});

describe('rule 134: completed weeks (the week Sunday < today)', () => {
  it('today Sunday: the current week is not complete', () => {
    const sunday = '2025-06-15';
    expect(isDisabled('2025-06-11', 'completed_weeks', sunday, false, 'week')).toBe(true);
    expect(isDisabled('2025-06-15', 'completed_weeks', sunday, false, 'week')).toBe(true);
    expect(isDisabled('2025-06-08', 'completed_weeks', sunday, false, 'week')).toBe(false);
    expect(isDisabled('2025-06-02', 'completed_weeks', sunday, false, 'week')).toBe(false);
  });
  it('today Monday: the week that ended yesterday is complete', () => {
    const monday = '2025-06-16';
    expect(isDisabled('2025-06-09', 'completed_weeks', monday, false, 'week')).toBe(false);
    expect(isDisabled('2025-06-15', 'completed_weeks', monday, false, 'week')).toBe(false);
    expect(isDisabled('2025-06-16', 'completed_weeks', monday, false, 'week')).toBe(true);
  });
  it('a week across the year boundary', () => {
    // week 2024-12-30 .. 2025-01-05
    expect(isDisabled('2024-12-31', 'completed_weeks', '2025-01-05', false, 'week')).toBe(true);
    expect(isDisabled('2024-12-31', 'completed_weeks', '2025-01-06', false, 'week')).toBe(false);
  });
});

describe('rule 135: current month at most', () => {
  it('month-to-date is allowed, next month is not', () => {
    expect(isDisabled('2025-02', 'current_month', '2025-02-10', false, 'month')).toBe(false);
    expect(isDisabled('2025-03', 'current_month', '2025-02-10', false, 'month')).toBe(true);
    expect(isDisabled('2024-12', 'current_month', '2025-02-10', false, 'month')).toBe(false);
    expect(isDisabled('2024-02-29', 'current_month', '2024-02-01', false)).toBe(false);
    expect(isDisabled('2024-03-01', 'current_month', '2024-02-01', false)).toBe(true);
  });
});

describe('no restriction', () => {
  it('enables every real date and disables garbage', () => {
    expect(isDisabled('2999-12-31', 'none', '2025-02-10', false)).toBe(false);
    expect(isDisabled('2025-02-30', 'none', '2025-02-10', false)).toBe(true);
  });
});

describe('rule 339: trimRange keeps enabled days in whole units', () => {
  it('days', () => {
    expect(trimRange(['2025-06-05', '2025-06-11'], 'day', 'to_yesterday', '2025-06-11', false)).toEqual(['2025-06-05', '2025-06-10']);
    expect(trimRange(['2025-06-11', '2025-06-11'], 'day', 'to_yesterday', '2025-06-11', false)).toBeNull();
    expect(trimRange(['2025-02-01', '2025-06-01'], 'day', 'three_months', '2025-05-31', false)).toEqual(['2025-02-28', '2025-05-31']);
    expect(trimRange(['2025-02-01', '2025-06-01'], 'day', 'three_months', '2025-05-31', true)).toEqual(['2025-02-01', '2025-02-27']);
  });
  it('weeks keep only whole completed weeks', () => {
    // today Wednesday 2025-06-11; last completed Sunday 2025-06-08
    expect(trimRange(['2025-05-28', '2025-06-11'], 'week', 'completed_weeks', '2025-06-11', false)).toEqual(['2025-05-26', '2025-06-08']);
    expect(trimRange(['2025-06-09', '2025-06-11'], 'week', 'completed_weeks', '2025-06-11', false)).toBeNull();
  });
  it('a week straddling the 3-month cut-off is left out on the current tab', () => {
    // C = 2025-02-28 (a Friday): the first whole week inside starts Monday 2025-03-03
    expect(trimRange(['2025-02-24', '2025-03-09'], 'week', 'three_months', '2025-05-31', false)).toEqual(['2025-03-03', '2025-03-09']);
  });
  it('months and datetimes', () => {
    expect(trimRange(['2025-03', '2025-06'], 'month', 'earlier_months', '2025-06-11', false)).toEqual(['2025-03', '2025-05']);
    expect(trimRange(['2025-06-10 08:00:00', '2025-06-11 09:00:00'], 'datetime', 'to_yesterday', '2025-06-11', false)).toEqual([
      '2025-06-10 08:00:00',
      '2025-06-10 23:59:59',
    ]);
  });
  it('an unparsable range trims to nothing', () => {
    expect(trimRange(['', '2025-06-10'], 'day', 'none', '2025-06-11', false)).toBeNull();
  });
});
