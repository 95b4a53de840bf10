/**
 * The one place dayjs is configured for the date rules. Everything runs in UTC so that day arithmetic
 * never meets a daylight-saving jump of the machine's zone: a "date" here is a calendar date, and the
 * tenant's "today" is computed once by the caller (see todayIn).
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

export type { Dayjs };

export const DAY_FORMAT = 'YYYY-MM-DD';
export const MONTH_FORMAT = 'YYYY-MM';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Strict parse in one format; null when the text is not a real date in it. */
export function parseIn(text: string, format: string): Dayjs | null {
  const d = dayjs.utc(text, format, true);
  return d.isValid() ? d : null;
}

/** Parses a day, a datetime or a month text (the three shapes a range holds). */
export function parseAny(text: string): Dayjs | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  if (t.length === DAY_FORMAT.length) return parseIn(t, DAY_FORMAT);
  if (t.length === DATETIME_FORMAT.length) return parseIn(t, DATETIME_FORMAT);
  if (t.length === MONTH_FORMAT.length) return parseIn(t, MONTH_FORMAT);
  return null;
}

/** Parses a day; a datetime counts as its day. */
export function parseDay(text: string): Dayjs | null {
  const d = parseAny(text);
  return d && text.trim().length !== MONTH_FORMAT.length ? d.startOf('day') : null;
}

export const fmtDay = (d: Dayjs): string => d.format(DAY_FORMAT);
export const fmtMonth = (d: Dayjs): string => d.format(MONTH_FORMAT);

/** Monday of the (Monday–Sunday) week holding d. */
export function mondayOf(d: Dayjs): Dayjs {
  return d.startOf('day').subtract((d.day() + 6) % 7, 'day');
}

/** Sunday of the (Monday–Sunday) week holding d. */
export function sundayOf(d: Dayjs): Dayjs {
  return mondayOf(d).add(6, 'day');
}

/** `today` is a 'YYYY-MM-DD' text; a bad one is a programming error, not user input. */
export function parseToday(today: string): Dayjs {
  const d = parseIn(today, DAY_FORMAT);
  if (!d) throw new Error(`today must be YYYY-MM-DD, got "${today}"`);
  return d;
}
