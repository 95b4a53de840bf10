/**
 * Date restrictions as disabled-date rules (spec §5; catalogue §0 restriction kinds; rules 131–135, C2).
 * Every kind enables one interval of days, so each is expressed as inclusive day bounds and the
 * picker cell (a day, a week, a month) is tested against them.
 */
import type { DateGranularity, DateRestriction } from '../wire';
import { DATETIME_FORMAT, fmtDay, MONTH_FORMAT, mondayOf, parseAny, parseDay, parseToday, sundayOf, type Dayjs } from './day';
import { coerceRange, type DateRange } from './format';

/** Inclusive 'YYYY-MM-DD' bounds of the enabled days; a missing bound is open. */
export interface EnabledBounds {
  min?: string;
  max?: string;
}

/** C2: the 3-month cut-off, today − 3 calendar months (clamped at month ends: May 31 → Feb 28/29). */
export function threeMonthCutoff(today: string): string {
  return fmtDay(parseToday(today).subtract(3, 'month'));
}

export function enabledBounds(restriction: DateRestriction, today: string, is_history: boolean): EnabledBounds {
  const t = parseToday(today);
  switch (restriction) {
    case 'to_yesterday':
      return { max: fmtDay(t.subtract(1, 'day')) };
    case 'three_months': {
      const cutoff = parseToday(threeMonthCutoff(today));
      // current tab "2": C ≤ d ≤ today; history tab "1": d < C
      return is_history ? { max: fmtDay(cutoff.subtract(1, 'day')) } : { min: fmtDay(cutoff), max: fmtDay(t) };
    }
    case 'earlier_months':
      return { max: fmtDay(t.startOf('month').subtract(1, 'day')) };
    case 'completed_weeks':
      // the last Sunday strictly before today: a week counts once its Sunday has passed
      return { max: fmtDay(mondayOf(t).subtract(1, 'day')) };
    case 'current_month':
      return { max: fmtDay(t.endOf('month')) };
    case 'none':
      return {};
  }
}

/** The days a picker cell stands for: a day, its Monday–Sunday week, or its month. */
function cellOf(date: string, granularity: DateGranularity): [Dayjs, Dayjs] | null {
  if (granularity === 'month' || date.trim().length === MONTH_FORMAT.length) {
    const m = parseAny(date);
    return m ? [m.startOf('month'), m.endOf('month').startOf('day')] : null;
  }
  const d = parseDay(date);
  if (!d) return null;
  return granularity === 'week' ? [mondayOf(d), sundayOf(d)] : [d, d];
}

/**
 * The picker's disabled-date rule. A day (or datetime) cell is disabled outside the bounds; a week cell
 * unless the whole week is inside (completed weeks: the Sunday is before today); a month cell when none
 * of its days is enabled (so the month holding the 3-month cut-off stays pickable on both tabs).
 * An unparsable date is disabled.
 */
export function isDisabled(
  date: string,
  restriction: DateRestriction,
  today: string,
  is_history: boolean,
  granularity: DateGranularity = 'day',
): boolean {
  const cell = cellOf(date, granularity);
  if (!cell) return true;
  const { min, max } = enabledBounds(restriction, today, is_history);
  const [first, last] = cell.map(fmtDay);
  if (granularity === 'month' || date.trim().length === MONTH_FORMAT.length) {
    return (min !== undefined && last < min) || (max !== undefined && first > max);
  }
  return (min !== undefined && first < min) || (max !== undefined && last > max);
}

/**
 * Trims a range to enabled days, in whole units of its granularity (rule 339): a week range keeps only
 * whole enabled weeks, a month range the months that hold an enabled day. Null when nothing remains.
 */
export function trimRange(
  range: DateRange,
  granularity: DateGranularity,
  restriction: DateRestriction,
  today: string,
  is_history: boolean,
): DateRange | null {
  const [s, e] = coerceRange(range, granularity);
  if (!s || !e) return null;
  const { min, max } = enabledBounds(restriction, today, is_history);
  const lo = min ? firstUnitFrom(min, granularity) : '';
  const hi = max ? lastUnitTo(max, granularity) : '';
  const start = lo && s < lo ? lo : s;
  const end = hi && e > hi ? hi : e;
  return start <= end ? [start, end] : null;
}

/** The first whole unit of the granularity that starts on or after the day `min`. */
function firstUnitFrom(min: string, granularity: DateGranularity): string {
  const d = parseToday(min);
  switch (granularity) {
    case 'month':
      return d.format(MONTH_FORMAT);
    case 'datetime':
      return d.format(DATETIME_FORMAT);
    case 'week':
      return fmtDay(mondayOf(d).isBefore(d) ? mondayOf(d).add(7, 'day') : d);
    default:
      return min;
  }
}

/** The end of the last whole unit of the granularity that ends on or before the day `max`. */
function lastUnitTo(max: string, granularity: DateGranularity): string {
  const d = parseToday(max);
  switch (granularity) {
    case 'month':
      return d.format(MONTH_FORMAT);
    case 'datetime':
      return d.endOf('day').format(DATETIME_FORMAT);
    case 'week':
      return fmtDay(sundayOf(d).isAfter(d) ? sundayOf(d).subtract(7, 'day') : d);
    default:
      return max;
  }
}

/**
 * Whether a requested range keeps to the restriction (rule 338 on the server): its given start and
 * end fall on enabled cells of the range's granularity. Every restriction enables one interval, so
 * both ends inside means the whole range is. An open end is not checked.
 */
export function rangeAllowed(
  start: string | null,
  end: string | null,
  granularity: DateGranularity,
  restriction: DateRestriction,
  today: string,
  is_history: boolean,
): boolean {
  return [start, end].every((d) => d === null || !isDisabled(d.slice(0, 10), restriction, today, is_history, granularity));
}
