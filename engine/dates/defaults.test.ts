import { describe, expect, it } from 'vitest';
import type { DateRangeConfig } from '../wire';
import { defaultDates, defaultFor, defaultRange, previousPeriod } from './defaults';
import { isDisabled } from './restrictions';

const range = (overrides: Partial<DateRangeConfig>): DateRangeConfig => ({
  index: 1,
  label: '日期',
  fieldName: 'business_date',
  granularity: 'day',
  required: false,
  default_kind: 'today',
  restriction: 'none',
  ...overrides,
});

describe('default range kinds (catalogue §0)', () => {
  it('rule 137 / C9: yesterday', () => {
    expect(defaultRange('yesterday', '2025-06-11')).toEqual(['2025-06-10', '2025-06-10']);
    expect(defaultRange('yesterday', '2025-01-01')).toEqual(['2024-12-31', '2024-12-31']);
    expect(defaultRange('yesterday', '2024-03-01')).toEqual(['2024-02-29', '2024-02-29']);
  });

  it('rule 138: last 7 days through yesterday = [today−7, today−1]', () => {
    expect(defaultRange('last7', '2025-06-11')).toEqual(['2025-06-04', '2025-06-10']);
    expect(defaultRange('last7', '2025-01-03')).toEqual(['2024-12-27', '2025-01-02']);
    expect(defaultRange('last7', '2024-03-01')).toEqual(['2024-02-23', '2024-02-29']);
  });

  it('rule 139: one month ago minus one day through yesterday', () => {
    expect(defaultRange('month_to_yesterday', '2025-06-15')).toEqual(['2025-05-14', '2025-06-14']);
    // Jan 31 → Dec 31 → Dec 30
    expect(defaultRange('month_to_yesterday', '2024-01-31')).toEqual(['2023-12-30', '2024-01-30']);
    // Mar 31 → Feb 29 (clamped, leap year) → Feb 28
    expect(defaultRange('month_to_yesterday', '2024-03-31')).toEqual(['2024-02-28', '2024-03-30']);
    expect(defaultRange('month_to_yesterday', '2025-03-31')).toEqual(['2025-02-27', '2025-03-30']);
    expect(defaultRange('month_to_yesterday', '2024-02-29')).toEqual(['2024-01-28', '2024-02-28']);
    expect(defaultRange('month_to_yesterday', '2025-03-01')).toEqual(['2025-01-31', '2025-02-28']);
  });

  it('rule 140: monthly reports run from two months back to the previous month (yyyy-MM)', () => {
    expect(defaultRange('prev_months', '2025-06-11')).toEqual(['2025-04', '2025-05']);
    expect(defaultRange('prev_months', '2025-01-31')).toEqual(['2024-11', '2024-12']);
    expect(defaultRange('prev_months', '2025-02-01')).toEqual(['2024-12', '2025-01']);
    expect(defaultRange('prev_months', '2024-03-31')).toEqual(['2024-01', '2024-02']);
  });

  it('rule 141: the last full week, Monday–Sunday', () => {
    expect(defaultRange('last_week', '2025-06-11')).toEqual(['2025-06-02', '2025-06-08']);
    // today Sunday: the week holding today is not full yet
    expect(defaultRange('last_week', '2025-06-15')).toEqual(['2025-06-02', '2025-06-08']);
    // today Monday: yesterday closed the last full week
    expect(defaultRange('last_week', '2025-06-16')).toEqual(['2025-06-09', '2025-06-15']);
    expect(defaultRange('last_week', '2025-01-01')).toEqual(['2024-12-23', '2024-12-29']);
    expect(defaultRange('last_week', '2024-03-04')).toEqual(['2024-02-26', '2024-03-03']);
  });

  it('rule 142: datetime ranges default to today 00:00:00–23:59:59', () => {
    expect(defaultRange('today_datetime', '2024-02-29')).toEqual(['2024-02-29 00:00:00', '2024-02-29 23:59:59']);
  });

  it('rule 143: other reports default to today', () => {
    expect(defaultRange('today', '2024-02-29')).toEqual(['2024-02-29', '2024-02-29']);
  });

  it('rule 144: 1970-01-01 to today', () => {
    expect(defaultRange('since_1970', '2025-06-11')).toEqual(['1970-01-01', '2025-06-11']);
  });

  it('rule 112 / C1: the history default is start = end = today − 93 days', () => {
    expect(defaultRange('history', '2025-06-11')).toEqual(['2025-03-10', '2025-03-10']);
    expect(defaultRange('history', '2025-01-01')).toEqual(['2024-09-30', '2024-09-30']);
  });

  it('C1: the history default is always on the history side of the 3-month cut-off', () => {
    for (let d = new Date(Date.UTC(2023, 0, 1)); d < new Date(Date.UTC(2026, 0, 1)); d.setUTCDate(d.getUTCDate() + 1)) {
      const today = d.toISOString().slice(0, 10);
      const [start] = defaultRange('history', today);
      expect(isDisabled(start, 'three_months', today, true), today).toBe(false);
      expect(isDisabled(start, 'three_months', today, false), today).toBe(true);
    }
  });

  it('throws on a malformed today (a caller bug, not user input)', () => {
    expect(() => defaultRange('today', '2025-6-1')).toThrow();
  });
});

describe('previousPeriod: the equally long period just before (C9)', () => {
  it('days', () => {
    expect(previousPeriod(['2025-06-10', '2025-06-10'], 'day')).toEqual(['2025-06-09', '2025-06-09']);
    expect(previousPeriod(['2025-01-01', '2025-01-07'], 'day')).toEqual(['2024-12-25', '2024-12-31']);
    // 31 days of March 2024 → the 31 days before, across the leap day
    expect(previousPeriod(['2024-03-01', '2024-03-31'], 'day')).toEqual(['2024-01-30', '2024-02-29']);
  });
  it('weeks, months and datetimes', () => {
    expect(previousPeriod(['2025-06-02', '2025-06-15'], 'week')).toEqual(['2025-05-19', '2025-06-01']);
    expect(previousPeriod(['2025-01', '2025-02'], 'month')).toEqual(['2024-11', '2024-12']);
    expect(previousPeriod(['2025-06-11 00:00:00', '2025-06-11 23:59:59'], 'datetime')).toEqual([
      '2025-06-10 00:00:00',
      '2025-06-10 23:59:59',
    ]);
  });
  it('an invalid or inverted range has no previous period', () => {
    expect(previousPeriod(['', '2025-06-10'], 'day')).toEqual(['', '']);
    expect(previousPeriod(['2025-06-10', '2025-06-01'], 'day')).toEqual(['', '']);
  });
});

describe('defaults per configured range', () => {
  it('come in the range granularity', () => {
    expect(defaultFor(range({ granularity: 'week', default_kind: 'last_week' }), '2025-06-11')).toEqual(['2025-06-02', '2025-06-08']);
    expect(defaultFor(range({ granularity: 'month', default_kind: 'prev_months' }), '2025-06-11')).toEqual(['2025-04', '2025-05']);
    expect(defaultFor(range({ granularity: 'datetime', default_kind: 'today_datetime' }), '2025-06-11')).toEqual([
      '2025-06-11 00:00:00',
      '2025-06-11 23:59:59',
    ]);
    expect(defaultFor(range({ granularity: 'datetime', default_kind: 'today' }), '2025-06-11')).toEqual([
      '2025-06-11 00:00:00',
      '2025-06-11 23:59:59',
    ]);
  });

  it('rule 127 / C9: report 70 shape — DR2 defaults to the equally long period before DR', () => {
    const dates = defaultDates(
      [
        range({ index: 1, default_kind: 'yesterday', required: true, restriction: 'to_yesterday' }),
        range({ index: 2, default_kind: 'yesterday', required: true, restriction: 'to_yesterday', default_previous_of: 1 }),
      ],
      '2025-03-01',
    );
    expect(dates).toEqual({ 1: ['2025-02-28', '2025-02-28'], 2: ['2025-02-27', '2025-02-27'] });
  });
});
