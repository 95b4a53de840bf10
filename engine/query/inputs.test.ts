import { describe, expect, it } from 'vitest';
import {
  formatNumberInput,
  limitText,
  numberBounds,
  orderNumberRange,
  parseNumberInput,
  requestText,
  roundTo,
  setNumberSide,
} from './inputs';

describe('number-range input (rules 343–346)', () => {
  it('rule 345: clamps to 0..999999999 by default', () => {
    expect(parseNumberInput('-5')).toBe(0);
    expect(parseNumberInput('1000000000')).toBe(999_999_999);
    expect(parseNumberInput(12)).toBe(12);
  });
  it('rule 345: an item may set its own bounds (e.g. negative remaining days)', () => {
    expect(parseNumberInput('-30', numberBounds({ min: -9999 }))).toBe(-30);
    expect(numberBounds({})).toEqual({ min: 0, max: 999_999_999 });
  });
  it('rule 346: rounds and formats to 2 decimals', () => {
    expect(parseNumberInput('1.005')).toBe(1.01);
    expect(parseNumberInput('2.344')).toBe(2.34);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(formatNumberInput(3)).toBe('3.00');
    expect(formatNumberInput(1234.5)).toBe('1234.50');
    expect(formatNumberInput(null)).toBe('');
  });
  it('empty or non-numeric input holds no value', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('abc')).toBeNull();
    expect(parseNumberInput(null)).toBeNull();
    expect(parseNumberInput(Number.NaN)).toBeNull();
  });
  it('rule 343: a start above the end is set to the end', () => {
    expect(orderNumberRange([10, 5], 0)).toEqual([5, 5]);
    expect(setNumberSide([null, 5], 0, '10')).toEqual([5, 5]);
  });
  it('rule 344: an end below the start is set to the start', () => {
    expect(orderNumberRange([10, 5], 1)).toEqual([10, 10]);
    expect(setNumberSide([10, null], 1, '3')).toEqual([10, 10]);
  });
  it('one open side never conflicts', () => {
    expect(setNumberSide([null, null], 1, '7')).toEqual([null, 7]);
    expect(setNumberSide([3, 7], 1, '')).toEqual([3, null]);
  });
});

describe('text input (rules 325, 326)', () => {
  it('rule 326: typing is cut at 35 characters (or the item maxlength)', () => {
    expect(limitText('x'.repeat(40))).toHaveLength(35);
    expect(limitText('商品编码'.repeat(10), 6)).toBe('商品编码商品');
    expect(limitText(' a b ')).toBe(' a b ');
  });
  it('rule 325: the sent text is trimmed', () => {
    expect(requestText('  6901234567890 ')).toBe('6901234567890');
    expect(requestText('   ')).toBe('');
    expect(requestText(null)).toBe('');
    expect(requestText(` ${'y'.repeat(40)}`)).toBe('y'.repeat(35));
  });
});
