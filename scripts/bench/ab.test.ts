import { describe, expect, it } from 'vitest';
import { interleaved, msSpread, ratioLine, rotation, spread } from './ab';

describe('bench A/B rounds', () => {
  it('rotates the order each round, so every side runs first as often as the others', () => {
    expect([0, 1, 2, 3].map((r) => rotation(['a', 'b', 'c'], r).join(''))).toEqual(['abc', 'bca', 'cab', 'abc']);
  });

  it('runs each side once untimed, then once per round in the rotated order', async () => {
    const order: string[] = [];
    const times = await interleaved({ a: async () => order.push('a'), b: async () => order.push('b') }, 3);
    expect(order.join('')).toBe('ab' + 'ab' + 'ba' + 'ab');
    expect(times.a).toHaveLength(3);
    expect(times.b).toHaveLength(3);
  });

  it('median and quartiles by nearest rank', () => {
    expect(spread([5, 1, 4, 2, 3])).toEqual({ median: 3, p25: 2, p75: 4, n: 5 });
    expect(msSpread([10, 12, 11, 13])).toBe('12.0 ms (p25–p75 11.0–13.0)');
  });

  it('the ratio of the medians, the per-round spread and the verdict against the target', () => {
    const line = ratioLine([12, 13, 11], [10, 10, 10], 1.3);
    expect(line).toBe('1.20× (per-round p25–p75 1.10–1.30×, 3 rounds) | target ≤ 1.30×: met');
    expect(ratioLine([20, 20, 20], [10, 10, 10], 1.15)).toContain('NOT met');
  });
});
