import { describe, expect, it } from 'vitest';
import { applyShortcut, DATE_OUT_OF_LIMIT, shortcutCodes, shortcutRange, shortcutVariant, SHORTCUTS } from './shortcuts';

const WED = '2025-06-11';

describe('rule 335: the nine shortcut codes', () => {
  it('are numbered 1..9 in the spec order', () => {
    expect(SHORTCUTS.map((s) => `${s.code}:${s.key}`)).toEqual([
      '1:today',
      '2:yesterday',
      '3:this_week',
      '4:last_week',
      '5:last_7_days',
      '6:this_month',
      '7:last_month',
      '8:last_30_days',
      '9:last_90_days',
    ]);
  });
  it('each code on a Wednesday', () => {
    expect(shortcutRange(1, WED)).toEqual(['2025-06-11', '2025-06-11']);
    expect(shortcutRange(2, WED)).toEqual(['2025-06-10', '2025-06-10']);
    expect(shortcutRange(3, WED)).toEqual(['2025-06-09', '2025-06-11']);
    expect(shortcutRange(4, WED)).toEqual(['2025-06-02', '2025-06-08']);
    expect(shortcutRange(5, WED)).toEqual(['2025-06-05', '2025-06-11']);
    expect(shortcutRange(6, WED)).toEqual(['2025-06-01', '2025-06-11']);
    expect(shortcutRange(7, WED)).toEqual(['2025-05-01', '2025-05-31']);
    expect(shortcutRange(8, WED)).toEqual(['2025-05-13', '2025-06-11']);
    expect(shortcutRange(9, WED)).toEqual(['2025-03-14', '2025-06-11']);
  });
  it('rule 342: last 30 / last 90 days are 30 / 90 calendar days including today', () => {
    const days = (r: [string, string] | null) => (r ? (Date.parse(r[1]) - Date.parse(r[0])) / 86_400_000 + 1 : 0);
    expect(days(shortcutRange(8, WED))).toBe(30);
    expect(days(shortcutRange(9, WED))).toBe(90);
    expect(days(shortcutRange(5, WED))).toBe(7);
  });
  it('week boundaries: Sunday and Monday', () => {
    expect(shortcutRange(3, '2025-06-15')).toEqual(['2025-06-09', '2025-06-15']);
    expect(shortcutRange(4, '2025-06-15')).toEqual(['2025-06-02', '2025-06-08']);
    expect(shortcutRange(3, '2025-06-16')).toEqual(['2025-06-16', '2025-06-16']);
    expect(shortcutRange(4, '2025-06-16')).toEqual(['2025-06-09', '2025-06-15']);
  });
  it('month and year boundaries, leap days', () => {
    expect(shortcutRange(7, '2025-01-15')).toEqual(['2024-12-01', '2024-12-31']);
    expect(shortcutRange(7, '2024-03-10')).toEqual(['2024-02-01', '2024-02-29']);
    expect(shortcutRange(7, '2025-03-01')).toEqual(['2025-02-01', '2025-02-28']);
    expect(shortcutRange(2, '2024-03-01')).toEqual(['2024-02-29', '2024-02-29']);
    expect(shortcutRange(5, '2025-01-03')).toEqual(['2024-12-28', '2025-01-03']);
    expect(shortcutRange(6, '2025-01-01')).toEqual(['2025-01-01', '2025-01-01']);
  });
});

describe('rule 337: the variant ending at yesterday', () => {
  it('is the variant of ≤Y reports', () => {
    expect(shortcutVariant('to_yesterday')).toBe('to_yesterday');
    expect(shortcutVariant('three_months')).toBe('standard');
    expect(shortcutCodes('to_yesterday')).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(shortcutCodes('standard')).toHaveLength(9);
  });
  it('ends every range at yesterday', () => {
    const v = 'to_yesterday' as const;
    expect(shortcutRange(1, WED, v)).toBeNull();
    expect(shortcutRange(2, WED, v)).toEqual(['2025-06-10', '2025-06-10']);
    expect(shortcutRange(3, WED, v)).toEqual(['2025-06-09', '2025-06-10']);
    expect(shortcutRange(4, WED, v)).toEqual(['2025-06-02', '2025-06-08']);
    expect(shortcutRange(5, WED, v)).toEqual(['2025-06-04', '2025-06-10']);
    expect(shortcutRange(6, WED, v)).toEqual(['2025-06-01', '2025-06-10']);
    expect(shortcutRange(7, WED, v)).toEqual(['2025-05-01', '2025-05-31']);
    expect(shortcutRange(8, WED, v)).toEqual(['2025-05-12', '2025-06-10']);
    expect(shortcutRange(9, WED, v)).toEqual(['2025-03-13', '2025-06-10']);
  });
  it('has no "this week" on a Monday and no "this month" on the 1st', () => {
    expect(shortcutRange(3, '2025-06-16', 'to_yesterday')).toBeNull();
    expect(shortcutRange(6, '2025-03-01', 'to_yesterday')).toBeNull();
  });
});

describe('rules 338–339: applying a shortcut trims, then refuses with 选择日期超出限制', () => {
  const day = (restriction: Parameters<typeof applyShortcut>[1]['restriction']) => ({ granularity: 'day' as const, restriction });

  it('≤Y report: last 7 days end at yesterday', () => {
    expect(applyShortcut(5, day('to_yesterday'), WED, false)).toEqual({ ok: true, code: 5, range: ['2025-06-04', '2025-06-10'] });
  });
  it('≤Y report: "today" is refused', () => {
    expect(applyShortcut(1, day('to_yesterday'), WED, false)).toEqual({ ok: false, code: 1, message: DATE_OUT_OF_LIMIT });
    expect(DATE_OUT_OF_LIMIT.zh).toBe('选择日期超出限制');
  });
  it('history tab: shortcuts near today have no enabled day and are refused', () => {
    for (const code of [1, 2, 3, 4, 5, 6, 7, 8, 9] as const) {
      expect(applyShortcut(code, day('three_months'), WED, true).ok, `code ${code}`).toBe(false);
    }
  });
  it('current tab: last 90 days fit inside the 3 months', () => {
    expect(applyShortcut(9, day('three_months'), WED, false)).toEqual({ ok: true, code: 9, range: ['2025-03-14', '2025-06-11'] });
    expect(applyShortcut(9, day('three_months'), '2025-05-01', false)).toEqual({
      ok: true,
      code: 9,
      range: ['2025-02-01', '2025-05-01'],
    });
  });
  it('a range crossing the limit is trimmed to its enabled days', () => {
    // completed weeks on a day picker, Wednesday: last 7 days keep Thursday..last Sunday
    expect(applyShortcut(5, day('completed_weeks'), WED, false)).toEqual({ ok: true, code: 5, range: ['2025-06-05', '2025-06-08'] });
  });
  it('week picker with completed weeks', () => {
    const week = { granularity: 'week' as const, restriction: 'completed_weeks' as const };
    expect(applyShortcut(3, week, WED, false).ok).toBe(false);
    expect(applyShortcut(4, week, WED, false)).toEqual({ ok: true, code: 4, range: ['2025-06-02', '2025-06-08'] });
    expect(applyShortcut(8, week, WED, false)).toEqual({ ok: true, code: 8, range: ['2025-05-12', '2025-06-08'] });
    // today Monday: this week is refused, last week ended yesterday
    expect(applyShortcut(3, week, '2025-06-16', false).ok).toBe(false);
    expect(applyShortcut(4, week, '2025-06-16', false)).toEqual({ ok: true, code: 4, range: ['2025-06-09', '2025-06-15'] });
  });
  it('month picker with earlier months', () => {
    const month = { granularity: 'month' as const, restriction: 'earlier_months' as const };
    expect(applyShortcut(6, month, WED, false).ok).toBe(false);
    expect(applyShortcut(7, month, WED, false)).toEqual({ ok: true, code: 7, range: ['2025-05', '2025-05'] });
    expect(applyShortcut(9, month, WED, false)).toEqual({ ok: true, code: 9, range: ['2025-03', '2025-05'] });
  });
  it('month picker with current month at most: this month is fine', () => {
    expect(applyShortcut(6, { granularity: 'month', restriction: 'current_month' }, WED, false)).toEqual({
      ok: true,
      code: 6,
      range: ['2025-06', '2025-06'],
    });
  });
  it('datetime picker: whole days', () => {
    expect(applyShortcut(2, { granularity: 'datetime', restriction: 'none' }, WED, false)).toEqual({
      ok: true,
      code: 2,
      range: ['2025-06-10 00:00:00', '2025-06-10 23:59:59'],
    });
  });
});
