/**
 * Date texts per granularity (building blocks §9: yyyy-MM-dd, yyyy-MM; datetime yyyy-MM-dd HH:mm:ss).
 * A week range is held and sent as day texts, Monday through Sunday.
 */
import type { DateGranularity } from '../wire';
import {
  DATETIME_FORMAT,
  DAY_FORMAT,
  MONTH_FORMAT,
  mondayOf,
  parseAny,
  parseIn,
  sundayOf,
  type Dayjs,
} from './day';

/** [start, end]; an empty text means "not chosen". */
export type DateRange = [string, string];

export const EMPTY_RANGE: DateRange = ['', ''];

export function formatOf(granularity: DateGranularity): string {
  if (granularity === 'month') return MONTH_FORMAT;
  if (granularity === 'datetime') return DATETIME_FORMAT;
  return DAY_FORMAT;
}

/**
 * The value in the granularity's own format, or '' when it is not a real date in that format
 * (rule 130: invalid dates are sent as empty). Strict: '2025-02-29' and '2024-2-1' are invalid.
 */
export function formatDate(value: string | null | undefined, granularity: DateGranularity): string {
  if (typeof value !== 'string') return '';
  const format = formatOf(granularity);
  const d = parseIn(value.trim(), format);
  return d ? d.format(format) : '';
}

export function isValidDate(value: string | null | undefined, granularity: DateGranularity): boolean {
  return formatDate(value, granularity) !== '';
}

/** Both ends valid and in order. */
export function isCompleteRange(range: DateRange | null | undefined, granularity: DateGranularity): boolean {
  if (!range) return false;
  const [s, e] = [formatDate(range[0], granularity), formatDate(range[1], granularity)];
  return s !== '' && e !== '' && s <= e;
}

/** The range as sent: each end formatted, an invalid end sent as '' (rule 130). */
export function requestRange(range: DateRange | null | undefined, granularity: DateGranularity): DateRange {
  if (!range) return ['', ''];
  return [formatDate(range[0], granularity), formatDate(range[1], granularity)];
}

/** Monday..Sunday of the week holding a day text; empty when the text is not a day. */
export function weekOf(day: string): DateRange {
  const d = parseAny(day);
  if (!d || day.trim().length === MONTH_FORMAT.length) return ['', ''];
  return [mondayOf(d).format(DAY_FORMAT), sundayOf(d).format(DAY_FORMAT)];
}

function edge(d: Dayjs, shape: 'day' | 'month' | 'datetime', granularity: DateGranularity, side: 0 | 1): string {
  // a month text covers its whole month; a day text covers its whole day
  const first = shape === 'month' ? d.startOf('month') : d;
  const last = shape === 'month' ? d.endOf('month') : shape === 'day' ? d.endOf('day') : d;
  const at = side === 0 ? first : last;
  switch (granularity) {
    case 'month':
      return at.format(MONTH_FORMAT);
    case 'datetime':
      return at.format(DATETIME_FORMAT);
    case 'week':
      return (side === 0 ? mondayOf(at) : sundayOf(at)).format(DAY_FORMAT);
    default:
      return at.format(DAY_FORMAT);
  }
}

function shapeOf(text: string): 'day' | 'month' | 'datetime' {
  const n = text.trim().length;
  return n === MONTH_FORMAT.length ? 'month' : n === DATETIME_FORMAT.length ? 'datetime' : 'day';
}

/**
 * Converts a range of any shape (days, months, datetimes) to a granularity, widening to whole units:
 * a month becomes its first..last day, a day becomes 00:00:00..23:59:59, a week range snaps to
 * Monday..Sunday. An end that does not parse becomes ''.
 */
export function coerceRange(range: DateRange, granularity: DateGranularity): DateRange {
  const out = ([0, 1] as const).map((side) => {
    const d = parseAny(range[side]);
    return d ? edge(d, shapeOf(range[side]), granularity, side) : '';
  });
  return [out[0], out[1]];
}
