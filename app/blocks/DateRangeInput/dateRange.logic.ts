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

/** A typed date in a form the picker does not read: refused, as a date out of limit is. */
export const DATE_UNREADABLE = { zh: '日期格式不正确，请按 2025-06-01 输入', en: 'Unreadable date: type it as 2025-06-01' } as const;

const pad = (n: string) => n.padStart(2, '0');

/** 'YYYY-MM-DD' of a real calendar day, or null. */
function calendarDay(y: string, m: string, d: string): string | null {
  const day = `${y}-${pad(m)}-${pad(d)}`;
  const t = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === day ? day : null;
}

/**
 * One typed end in the picker's form: '2025/6/1', '2025.06.01' and '20250601' read as '2025-06-01'
 * (months as '2025-06', datetimes with their time, the end's default time when none is typed); empty
 * stays empty; null when it is no date at all.
 */
export function readTyped(text: string, granularity: DateGranularity, end: boolean): string | null {
  const t = text.trim();
  if (t === '') return '';
  if (granularity === 'month') {
    const m = /^(\d{4})(?:[-/.](\d{1,2})|(\d{2}))$/.exec(t);
    const month = m ? pad(m[2] ?? m[3]) : '';
    return m && Number(month) >= 1 && Number(month) <= 12 ? `${m[1]}-${month}` : null;
  }
  const m = /^(\d{4})(?:[-/.](\d{1,2})[-/.](\d{1,2})|(\d{2})(\d{2}))(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
  if (!m) return null;
  const day = calendarDay(m[1], m[2] ?? m[4], m[3] ?? m[5]);
  if (!day) return null;
  if (granularity !== 'datetime') return m[6] === undefined ? day : null;
  if (m[6] === undefined) return `${day} ${end ? DEFAULT_END_TIME : DEFAULT_START_TIME}`;
  const time = `${pad(m[6])}:${m[7]}:${m[8] ?? '00'}`;
  return Number(m[6]) < 24 && Number(m[7]) < 60 && Number(m[8] ?? 0) < 60 ? `${day} ${time}` : null;
}

/** A typed range in the picker's form, or null when an end is no date. */
export function readTypedRange(range: DateRange, granularity: DateGranularity): DateRange | null {
  const start = readTyped(range[0] ?? '', granularity, false);
  const end = readTyped(range[1] ?? '', granularity, true);
  return start === null || end === null ? null : [start, end];
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
