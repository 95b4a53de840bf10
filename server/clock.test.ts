import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '../engine/dates';
import { todayOffsetMs } from './clock';

describe('HM_TODAY: the business clock on a fixed day', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('moves by whole days from the real today in Asia/Shanghai, keeping the time of day', () => {
    const now = new Date('2026-11-20T17:30:00Z'); // 2026-11-21 01:30 in Shanghai
    expect(todayOffsetMs(undefined, now)).toBe(0);
    const offset = todayOffsetMs('2028-02-29', now);
    expect(offset % 86_400_000).toBe(0);
    expect(todayIn(new Date(now.getTime() + offset))).toBe('2028-02-29');
    expect(todayIn(new Date(now.getTime() + todayOffsetMs('2026-06-15', now)))).toBe('2026-06-15');
  });

  it('refuses a day that is not a real date', () => {
    for (const bad of ['2026-02-30', 'tomorrow', '2026-6-1']) expect(() => todayOffsetMs(bad)).toThrow(/HM_TODAY/);
  });

  it('is read once at start: today() and nowIn() follow it', async () => {
    vi.stubEnv('HM_TODAY', '2027-01-01');
    const clock = await import('./clock');
    expect(clock.today()).toBe('2027-01-01');
    expect(clock.nowIn().slice(0, 10)).toBe('2027-01-01');
    expect(clock.today('Asia/Shanghai')).toBe('2027-01-01');
  });

  it('keeps HM_TODAY when the real clock passes midnight in the tenant zone: a run keeps the day it seeded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T15:59:58Z')); // 23:59:58 in Shanghai
      vi.stubEnv('HM_TODAY', '2026-11-27');
      const clock = await import('./clock');
      expect(clock.today()).toBe('2026-11-27');
      vi.setSystemTime(new Date('2026-11-27T16:00:02Z')); // 00:00:02 the next day in Shanghai
      expect(clock.today()).toBe('2026-11-27');
      expect(clock.nowIn()).toBe('2026-11-27 00:00:02');
      // unpinned even when the run itself is pinned (npm test pins HM_TODAY to the day it started)
      vi.stubEnv('HM_TODAY', '');
      vi.resetModules();
      const unpinned = await import('./clock');
      expect(unpinned.today()).toBe('2026-11-28');
    } finally {
      vi.unstubAllEnvs();
      vi.useRealTimers();
    }
  });
});
