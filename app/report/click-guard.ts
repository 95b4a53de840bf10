/** Buttons ignore repeat clicks for 1500 ms (spec §9, building blocks §5; rules 152, 327). */
import { useCallback, useRef } from 'react';

export const CLICK_GUARD_MS = 1500;

/** A guard: `pass(now)` is true for the first click and then again only after `ms` have gone by. */
export function createClickGuard(ms: number = CLICK_GUARD_MS) {
  let last = -Infinity;
  return {
    pass(now: number): boolean {
      if (now - last < ms) return false;
      last = now;
      return true;
    },
  };
}

/** Wraps handlers so each ignores repeat clicks for `ms` (one guard per wrapped key). */
export function useClickGuard(ms: number = CLICK_GUARD_MS) {
  const guards = useRef(new Map<string, ReturnType<typeof createClickGuard>>());
  return useCallback(
    <A extends unknown[]>(key: string, handler: (...args: A) => void) =>
      (...args: A) => {
        let guard = guards.current.get(key);
        if (!guard) {
          guard = createClickGuard(ms);
          guards.current.set(key, guard);
        }
        if (guard.pass(Date.now())) handler(...args);
      },
    [ms],
  );
}
