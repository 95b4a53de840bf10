import { describe, expect, it } from 'vitest';
import { CLICK_GUARD_MS, createClickGuard } from './click-guard';

describe('click guard (rules 152, 327)', () => {
  it('ignores repeat clicks for 1500 ms', () => {
    expect(CLICK_GUARD_MS).toBe(1500);
    const guard = createClickGuard();
    expect(guard.pass(10_000)).toBe(true);
    expect(guard.pass(10_100)).toBe(false);
    expect(guard.pass(11_499)).toBe(false);
    expect(guard.pass(11_500)).toBe(true);
  });
});
