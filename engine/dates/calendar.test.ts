import { describe, expect, it } from 'vitest';
import { addDays, addMonths, compactDate, daysBetween, firstOfMonth, isoWeekday, timestamp } from './calendar';

describe('calendar dates', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2025-01-01', '2025-03-01')).toBe(59);
  });

  it('adds calendar months, clamped to the month end', () => {
    expect(addMonths('2025-05-31', -3)).toBe('2025-02-28');
    expect(addMonths('2024-05-31', -3)).toBe('2024-02-29');
    expect(addMonths('2025-01-15', -15)).toBe('2023-10-15');
    expect(firstOfMonth('2025-07-19')).toBe('2025-07-01');
  });

  it('ISO weekday: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('formats timestamps and compact dates', () => {
    expect(timestamp('2025-01-02', 3 * 3600 + 4 * 60 + 5.9)).toBe('2025-01-02 03:04:05');
    expect(timestamp('2025-01-02', 90_000)).toBe('2025-01-02 23:59:59');
    expect(compactDate('2025-01-02')).toBe('250102');
  });
});
