import { describe, expect, it } from 'vitest';
import { lotExpired } from './expiry';

describe('lot expiry', () => {
  it('expired from the day after its expiry date, in the tenant today', () => {
    expect(lotExpired('2026-11-25', '2026-11-26')).toBe(true);
    expect(lotExpired('2026-11-26', '2026-11-26')).toBe(false);
    expect(lotExpired('2027-01-01', '2026-12-31')).toBe(false);
    expect(lotExpired('2026-11-25 00:00:00', '2026-11-26')).toBe(true);
  });
  it('a lot without an expiry date never expires', () => {
    expect(lotExpired(null, '2026-11-26')).toBe(false);
    expect(lotExpired(undefined, '2026-11-26')).toBe(false);
    expect(lotExpired('', '2026-11-26')).toBe(false);
  });
});
