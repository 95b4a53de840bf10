import { describe, expect, it } from 'vitest';
import { formatCell, isNegativeCell } from './format';

describe('formatCell (the look of numbers)', () => {
  it('money: thousands separators and 2 decimals', () => {
    expect(formatCell(1234567.5, 'money')).toBe('1,234,567.50');
    expect(formatCell('-1200', 'money')).toBe('-1,200.00');
  });

  it('rates as percentages with 2 decimals', () => {
    expect(formatCell(0.23456, 'rate')).toBe('23.46%');
    expect(formatCell(-0.5, 'rate')).toBe('-50.00%');
  });

  it('a rate change (毛利率变动, format pp) in percentage points, not the raw fraction', () => {
    expect(formatCell(0.03, 'pp')).toBe('+3.00pp');
    expect(formatCell('-0.0125', 'pp')).toBe('-1.25pp');
    expect(formatCell(null, 'pp')).toBe('-');
  });

  it("C13: a ratio without denominator (null) shows '-'", () => {
    expect(formatCell(null, 'rate')).toBe('-');
    expect(formatCell(undefined, 'money')).toBe('-');
  });

  it('integers and quantities', () => {
    expect(formatCell(12345, 'int')).toBe('12,345');
    expect(formatCell(12.5, 'qty')).toBe('12.5');
    expect(formatCell(1000, 'qty')).toBe('1,000');
  });

  it('text and dates as they are; empty text stays empty', () => {
    expect(formatCell('南山店', 'text')).toBe('南山店');
    expect(formatCell(null, 'text')).toBe('');
    expect(formatCell('2025-06-10', 'date')).toBe('2025-06-10');
  });

  it('negatives are flagged only in numeric columns', () => {
    expect(isNegativeCell(-1, 'money')).toBe(true);
    expect(isNegativeCell('-3.2', 'rate')).toBe(true);
    expect(isNegativeCell(0, 'money')).toBe(false);
    expect(isNegativeCell('-x', 'text')).toBe(false);
  });
});
