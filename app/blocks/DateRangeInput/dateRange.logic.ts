/**
 * Date-range input rules (building blocks §4, §5, §9; rules 335–342) on engine/dates: which shortcuts a
 * picker offers, what a calendar cell may be picked, and how a calendar pick becomes a range in the
 * picker's granularity (day, Monday–Sunday week, month, or datetime with its times kept).
 */
import {
  applyShortcut,
  DATE_OUT_OF_LIMIT,
  coerceRange,
  isDisabled,
  shortcutCodes,
  shortcutVariant,
  type DateRange,
  type ShortcutCode,
  type ShortcutResult,
} from '../../../engine/dates';
import type { DateGranularity, DateRestriction } from '../../../engine/wire';

export type { DateRange, ShortcutCode };
export { DATE_OUT_OF_LIMIT };

/** Mantine's calendar value: day texts 'YYYY-MM-DD' (a month as its first day). */
export type CalendarValue = [string | null, string | null];

export interface PickerRules {
  granularity: DateGranularity;
  restriction: DateRestriction;
  today: string;
  isHistory: boolean;
}

const validDay = (text: string | undefined) => (text && /^\d{4}-\d{2}(-\d{2})?/.test(text) ? text : null);

export const DEFAULT_START_TIME = '00:00:00';
export const DEFAULT_END_TIME = '23:59:59';

/** Rules 335, 337: the nine codes, or the variant ending at yesterday (no "today") for ≤Y pickers. */
export const offeredShortcuts = (restriction: DateRestriction): ShortcutCode[] => shortcutCodes(shortcutVariant(restriction));

/** Rules 338, 339: the trimmed range of a shortcut, or its refusal (选择日期超出限制). */
export const pickShortcut = (code: ShortcutCode, rules: PickerRules): ShortcutResult =>
  applyShortcut(code, rules, rules.today, rules.isHistory);

/**
 * A range typed by hand with an end the calendar would not offer (the restriction of rules 131–135): the
 * picker refuses it with 选择日期超出限制, as it refuses such a shortcut (rule 338). Unfinished or
 * unparsable text is left to the search's own checks.
 */
export function typedOutOfLimit(range: DateRange, rules: PickerRules): boolean {
  return range.some((text) => {
    const day = validDay(text?.trim());
    if (!day) return false;
    return cellDisabled(rules.granularity === 'month' ? `${day.slice(0, 7)}-01` : day.slice(0, 10), rules);
  });
}

/** Rules 131–135: a day (or month) cell the restriction disables. */
export function cellDisabled(date: string, rules: PickerRules): boolean {
  if (rules.granularity === 'month') return isDisabled(date.slice(0, 7), rules.restriction, rules.today, rules.isHistory, 'month');
  // week pickers still pick days; the range snaps to whole weeks, each of which must be enabled
  return isDisabled(date.slice(0, 10), rules.restriction, rules.today, rules.isHistory, rules.granularity === 'week' ? 'week' : 'day');
}

/** The range as the calendar shows it; unparsable ends are left unpicked. */
export function toCalendar(range: DateRange, granularity: DateGranularity): CalendarValue {
  const side = (text: string) => {
    const v = validDay(text.trim());
    if (!v) return null;
    return granularity === 'month' ? `${v.slice(0, 7)}-01` : v.slice(0, 10);
  };
  return [side(range[0] ?? ''), side(range[1] ?? '')];
}

const timeOf = (text: string | undefined, fallback: string) => {
  const m = /\d{2}:\d{2}:\d{2}$/.exec(text?.trim() ?? '');
  return m ? m[0] : fallback;
};

/**
 * A finished calendar pick as the picker's range: months as 'YYYY-MM', weeks widened to Monday–Sunday
 * (rule 341 formats), datetimes keeping the times the range had (00:00:00–23:59:59 by default).
 */
export function fromCalendar(value: [string, string], granularity: DateGranularity, previous: DateRange): DateRange {
  const [a, b] = value[0] <= value[1] ? value : [value[1], value[0]];
  switch (granularity) {
    case 'month':
      return [a.slice(0, 7), b.slice(0, 7)];
    case 'week':
      return coerceRange([a.slice(0, 10), b.slice(0, 10)], 'week');
    case 'datetime':
      return [`${a.slice(0, 10)} ${timeOf(previous[0], DEFAULT_START_TIME)}`, `${b.slice(0, 10)} ${timeOf(previous[1], DEFAULT_END_TIME)}`];
    default:
      return [a.slice(0, 10), b.slice(0, 10)];
  }
}

/** A datetime range with one side's time replaced (the day kept; nothing to change without a day). */
export function withTime(range: DateRange, side: 0 | 1, time: string): DateRange {
  const day = validDay(range[side]?.trim())?.slice(0, 10);
  if (!day || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return range;
  const next: DateRange = [range[0], range[1]];
  next[side] = `${day} ${time.length === 5 ? `${time}:00` : time}`;
  return next;
}

export const timeText = (text: string | undefined, side: 0 | 1): string => timeOf(text, side === 0 ? DEFAULT_START_TIME : DEFAULT_END_TIME);

/** Placeholder keys of the two boxes by granularity. */
export function placeholderKeys(granularity: DateGranularity): [string, string] {
  return granularity === 'month' ? ['report.startMonth', 'report.endMonth'] : ['report.startDate', 'report.endDate'];
}

/** Least width of a box: enough for the granularity's text at 13 px. */
export const boxWidth = (granularity: DateGranularity): number => (granularity === 'datetime' ? 132 : granularity === 'month' ? 56 : 78);
