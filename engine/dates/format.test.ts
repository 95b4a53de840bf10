import { describe, expect, it } from 'vitest';
import { coerceRange, formatDate, isCompleteRange, isValidDate, requestRange, weekOf } from './format';
import { todayIn } from './today';

describe('formatDate per granularity (rule 341)', () => {
  it('keeps real days as yyyy-MM-dd, also for week pickers', () => {
    expect(formatDate('2024-02-29', 'day')).toBe('2024-02-29');
    expect(formatDate(' 2025-03-01 ', 'week')).toBe('2025-03-01');
  });
  it('keeps months as yyyy-MM and datetimes as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDate('2025-12', 'month')).toBe('2025-12');
    expect(formatDate('2025-01-01 10:00:00', 'datetime')).toBe('2025-01-01 10:00:00');
  });
  it('rule 130: an invalid date becomes the empty string', () => {
    for (const bad of ['2025-02-29', '2025-2-1', '2024-13-01', 'abc', '', '20250101']) expect(formatDate(bad, 'day')).toBe('');
    expect(formatDate(null, 'day')).toBe('');
    expect(formatDate(undefined, 'month')).toBe('');
    expect(formatDate('2025-13', 'month')).toBe('');
    expect(formatDate('2025-01-01', 'month')).toBe('');
    expect(formatDate('2025-01-01 24:00:00', 'datetime')).toBe('');
    expect(formatDate('2025-01-01', 'datetime')).toBe('');
    expect(isValidDate('2025-02-28', 'day')).toBe(true);
    expect(isValidDate('2025-02-29', 'day')).toBe(false);
  });
  it('rule 130: requestRange sends an invalid end as empty and keeps the valid one', () => {
    expect(requestRange(['2025-02-29', '2025-03-01'], 'day')).toEqual(['', '2025-03-01']);
    expect(requestRange(null, 'day')).toEqual(['', '']);
  });
  it('isCompleteRange wants two valid ends in order', () => {
    expect(isCompleteRange(['2025-01-01', '2025-01-02'], 'day')).toBe(true);
    expect(isCompleteRange(['2025-01-02', '2025-01-01'], 'day')).toBe(false);
    expect(isCompleteRange(['', '2025-01-01'], 'day')).toBe(false);
  });
});

describe('week ranges are Monday..Sunday', () => {
  it('weekOf a Sunday and of a Monday', () => {
    expect(weekOf('2025-06-15')).toEqual(['2025-06-09', '2025-06-15']);
    expect(weekOf('2025-06-16')).toEqual(['2025-06-16', '2025-06-22']);
    expect(weekOf('2025-01-01')).toEqual(['2024-12-30', '2025-01-05']);
    expect(weekOf('nope')).toEqual(['', '']);
  });
});

describe('coerceRange widens to whole units', () => {
  it('days to week, month and datetime', () => {
    expect(coerceRange(['2025-06-11', '2025-06-11'], 'week')).toEqual(['2025-06-09', '2025-06-15']);
    expect(coerceRange(['2025-06-11', '2025-07-02'], 'month')).toEqual(['2025-06', '2025-07']);
    expect(coerceRange(['2025-06-11', '2025-06-12'], 'datetime')).toEqual(['2025-06-11 00:00:00', '2025-06-12 23:59:59']);
  });
  it('months to days cover the whole months, leap February included', () => {
    expect(coerceRange(['2024-01', '2024-02'], 'day')).toEqual(['2024-01-01', '2024-02-29']);
  });
  it('datetimes to days keep the day', () => {
    expect(coerceRange(['2025-06-11 10:00:00', '2025-06-12 18:00:00'], 'day')).toEqual(['2025-06-11', '2025-06-12']);
  });
  it('an unparsable end becomes empty', () => {
    expect(coerceRange(['x', '2025-06-12'], 'day')).toEqual(['', '2025-06-12']);
  });
});

describe('todayIn', () => {
  it('takes the calendar date in the tenant zone (Asia/Shanghai by default)', () => {
    const now = new Date('2024-12-31T16:30:00Z');
    expect(todayIn(now)).toBe('2025-01-01');
    expect(todayIn(now, 'UTC')).toBe('2024-12-31');
  });
});
