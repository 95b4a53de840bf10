import { describe, expect, it } from 'vitest';
import { formatPercentagePoints, toPoints } from './percentage-points';

describe('percentage points (毛利率变动 and any measure of format pp)', () => {
  it('shows a rate difference in points with its sign, not the raw fraction', () => {
    expect(formatPercentagePoints(0.03)).toBe('+3.00pp');
    expect(formatPercentagePoints(-0.0125)).toBe('-1.25pp');
    expect(formatPercentagePoints(0)).toBe('0.00pp');
  });

  it('rounds to the hundredth of a point', () => {
    expect(toPoints(0.123456)).toBe(12.35);
    expect(formatPercentagePoints(-0.000049)).toBe('0.00pp');
  });
});
