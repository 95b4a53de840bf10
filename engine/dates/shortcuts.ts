/**
 * Date-range shortcuts (building blocks §4, §5, §9; rules 335–339, 342).
 *
 * Readings chosen:
 * - "last N days" counts N calendar days including today: last 7 = [today−6, today],
 *   last 30 = [today−29, today], last 90 = [today−89, today] (the spec's first reading; the other
 *   gives about 31 and 92 days).
 * - "this week" is Monday..today, "this month" the 1st..today (never future days).
 * - The variant ending at yesterday (rule 337, used by ≤Y reports) moves every end that would be today
 *   to yesterday: last N = [today−N, today−1] (the same window as the L7 default kind), this week
 *   Monday..yesterday, this month 1st..yesterday. "today" is not offered in it.
 *
 * Applying a shortcut (rules 338, 339): the range is brought to the picker's granularity, trimmed to
 * the enabled days first, and refused with 选择日期超出限制 when no enabled day is left (its start and
 * end would then both be disabled). Every restriction enables one interval of days, so a range whose
 * start and end are enabled has nothing to trim: trimming has to come first for both rules to matter.
 */
import type { DateGranularity, DateRestriction } from '../wire';
import { fmtDay, mondayOf, parseToday, type Dayjs } from './day';
import { coerceRange, type DateRange } from './format';
import { trimRange } from './restrictions';

export const SHORTCUTS = [
  { code: 1, key: 'today' },
  { code: 2, key: 'yesterday' },
  { code: 3, key: 'this_week' },
  { code: 4, key: 'last_week' },
  { code: 5, key: 'last_7_days' },
  { code: 6, key: 'this_month' },
  { code: 7, key: 'last_month' },
  { code: 8, key: 'last_30_days' },
  { code: 9, key: 'last_90_days' },
] as const;

export type ShortcutCode = (typeof SHORTCUTS)[number]['code'];
export type ShortcutVariant = 'standard' | 'to_yesterday';

/** 选择日期超出限制: a shortcut with no enabled day (rule 338). */
export const DATE_OUT_OF_LIMIT = { code: 'DATE_OUT_OF_LIMIT', zh: '选择日期超出限制', en: 'Date out of limit' } as const;

export function shortcutVariant(restriction: DateRestriction): ShortcutVariant {
  return restriction === 'to_yesterday' ? 'to_yesterday' : 'standard';
}

/** The shortcut codes a picker offers. */
export function shortcutCodes(variant: ShortcutVariant): ShortcutCode[] {
  return SHORTCUTS.map((s) => s.code).filter((c) => !(variant === 'to_yesterday' && c === 1));
}

/** The day range of a shortcut; null when it holds no day (e.g. "this week" of the variant on a Monday). */
export function shortcutRange(code: ShortcutCode, today: string, variant: ShortcutVariant = 'standard'): DateRange | null {
  const t = parseToday(today);
  const last = variant === 'to_yesterday' ? t.subtract(1, 'day') : t;
  const range = (from: Dayjs, to: Dayjs): DateRange | null => (from.isAfter(to) ? null : [fmtDay(from), fmtDay(to)]);
  const lastDays = (n: number) => range(last.subtract(n - 1, 'day'), last);
  switch (code) {
    case 1:
      return variant === 'to_yesterday' ? null : range(t, t);
    case 2:
      return range(t.subtract(1, 'day'), t.subtract(1, 'day'));
    case 3:
      return range(mondayOf(t), last);
    case 4: {
      const monday = mondayOf(t).subtract(7, 'day');
      return range(monday, monday.add(6, 'day'));
    }
    case 5:
      return lastDays(7);
    case 6:
      return range(t.startOf('month'), last);
    case 7: {
      const first = t.startOf('month').subtract(1, 'month');
      return range(first, first.endOf('month').startOf('day'));
    }
    case 8:
      return lastDays(30);
    case 9:
      return lastDays(90);
  }
}

export type ShortcutResult =
  | { ok: true; code: ShortcutCode; range: DateRange }
  | { ok: false; code: ShortcutCode; message: typeof DATE_OUT_OF_LIMIT };

/** A shortcut applied to a picker: the variant of its restriction, its granularity, trimmed or refused. */
export function applyShortcut(
  code: ShortcutCode,
  picker: { granularity: DateGranularity; restriction: DateRestriction },
  today: string,
  is_history: boolean,
): ShortcutResult {
  const raw = shortcutRange(code, today, shortcutVariant(picker.restriction));
  const range = raw && trimRange(coerceRange(raw, picker.granularity), picker.granularity, picker.restriction, today, is_history);
  return range ? { ok: true, code, range } : { ok: false, code, message: DATE_OUT_OF_LIMIT };
}
