/** Calendar arithmetic on 'YYYY-MM-DD' strings (no time zone involved: these are business dates). */

const DAY_MS = 86_400_000;

export function toDayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, n: number): string {
  return fromDayNumber(toDayNumber(date) + n);
}

export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Same day n months later, clamped to the month's last day (2025-05-31 − 3 months = 2025-02-28). */
export function addMonths(date: string, n: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + n;
  const d = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(toDayNumber(date) * DAY_MS).getUTCDay();
  return d === 0 ? 7 : d;
}

/** 'YYYY-MM-DD HH:mm:ss' for a date and seconds since midnight. */
export function timestamp(date: string, secondOfDay: number): string {
  const s = Math.max(0, Math.min(86_399, Math.floor(secondOfDay)));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${date} ${hh < 10 ? '0' : ''}${hh}:${mm < 10 ? '0' : ''}${mm}:${ss < 10 ? '0' : ''}${ss}`;
}

/** 'YYMMDD' for document numbers. */
export function compactDate(date: string): string {
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}
