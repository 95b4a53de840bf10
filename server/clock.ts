import { DEFAULT_TIME_ZONE } from '../engine/dates';

/** System timestamps (sessions, jobs) are UTC 'YYYY-MM-DD HH:mm:ss'; business dates are the tenant's local date. */
export function sqlTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace('T', ' ').slice(0, 19);
}

/** Now as 'YYYY-MM-DD HH:mm:ss' in a time zone (printed documents show the tenant's local time). */
export function nowIn(timeZone = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(now);
}
