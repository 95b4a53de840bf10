import { isCalendarDate } from '../engine/document/rules';
import { dateTimeIn, DEFAULT_TIME_ZONE, todayIn } from '../engine/dates';

/** System timestamps (sessions, jobs) are UTC 'YYYY-MM-DD HH:mm:ss'; business dates are the tenant's local date. */
export function sqlTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * Whole days between the real today (in the default zone) and HM_TODAY, so the product's business
 * clock runs on that day at the real time of day: suites can run for any date.
 * System timestamps (sessions, jobs, login throttling) keep the real time.
 */
export function todayOffsetMs(fixed: string | undefined, now: Date = new Date()): number {
  if (!fixed) return 0;
  if (!isCalendarDate(fixed)) throw new Error(`HM_TODAY must be a date as YYYY-MM-DD, got '${fixed}'`);
  return Date.parse(`${fixed}T00:00:00Z`) - Date.parse(`${todayIn(now)}T00:00:00Z`);
}

/** HM_TODAY as it stands now: read on every call, so a running process follows a business day moved under it. */
const fixedDay = (): string | undefined => process.env.HM_TODAY || undefined;
todayOffsetMs(fixedDay());

/**
 * Now on the business clock: the real instant, moved to HM_TODAY when it is set. The offset is taken
 * afresh on each call, so the business day stays HM_TODAY when the real clock passes midnight: a test
 * run pins its day and the data seeded at its start stays "today" to its end.
 */
export function businessNow(): Date {
  const now = new Date();
  const fixed = fixedDay();
  return fixed ? new Date(now.getTime() + todayOffsetMs(fixed, now)) : now;
}

/** The business today ('YYYY-MM-DD') in a time zone (the seed, reports, dashboards and pickers use it). */
export const today = (timeZone: string = DEFAULT_TIME_ZONE): string => todayIn(businessNow(), timeZone);

/** Now as 'YYYY-MM-DD HH:mm:ss' in a time zone (printed documents show the tenant's local time). */
export function nowIn(timeZone = DEFAULT_TIME_ZONE, now: Date = businessNow()): string {
  return dateTimeIn(now, timeZone);
}
