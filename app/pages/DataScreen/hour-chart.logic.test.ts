import { describe, expect, it } from 'vitest';
import { hourBars } from './hour-chart.logic';

describe('hourly chart of the live sales screen', () => {
  it('spreads the 24 hours over the full width it is given', () => {
    const bars = hourBars(new Map([[9, 100], [23, 50]]), 1400, 220);
    expect(bars).toHaveLength(24);
    expect(bars[0].x).toBeLessThan(10);
    const last = bars[23];
    expect(last.x + last.width).toBeGreaterThan(1390);
    expect(last.x + last.width).toBeLessThanOrEqual(1400);
  });

  it('scales the bars to the best hour; hours without sales stay flat', () => {
    const bars = hourBars(new Map([[9, 100], [10, 50]]), 720, 220);
    expect(bars[10].height).toBeCloseTo(bars[9].height / 2, 6);
    expect(bars[3].height).toBe(0);
    expect(bars[9].y + bars[9].height).toBe(bars[3].y + bars[3].height);
  });
});
