import { describe, expect, it } from 'vitest';
import { backoffMs, LIMITS, type Limit } from './throttle';

describe('login backoff', () => {
  const limit: Limit = { kind: 'account-address', free: 5, baseMs: 2_000, capMs: 300_000 };

  it('no wait within the free budget, then a doubling wait up to the cap', () => {
    expect([1, 4].map((n) => backoffMs(limit, n))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => backoffMs(limit, n))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(limit, 40)).toBe(300_000);
    expect(backoffMs(limit, 10_000)).toBe(300_000);
  });

  it('guessing from many addresses can hold an account back for a minute at most', () => {
    const account = LIMITS.find((l) => l.kind === 'account')!;
    expect(Math.max(...Array.from({ length: 200 }, (_, i) => backoffMs(account, i)))).toBeLessThanOrEqual(60_000);
  });
});
