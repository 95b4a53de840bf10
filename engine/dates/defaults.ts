/** Default date ranges (spec §9; catalogue §0 default range kinds; rules 137–144, C1, C9). */
import type { DateGranularity, DateRangeConfig, DefaultRangeKind } from '../wire';
import { DATETIME_FORMAT, fmtDay, fmtMonth, mondayOf, parseAny, parseToday, type Dayjs } from './day';
import { coerceRange, formatOf, type DateRange } from './format';

/** Chosen day-count constant of the history tab (C1): always older than the 3-month cut-off (≤ 92 days). */
export const HISTORY_DEFAULT_DAYS = 93;

/**
 * The range of a default kind, in the kind's own shape: days, except `prev_months` (yyyy-MM) and
 * `today_datetime` (yyyy-MM-dd HH:mm:ss).
 */
export function defaultRange(kind: DefaultRangeKind, today: string): DateRange {
  const t = parseToday(today);
  const yesterday = t.subtract(1, 'day');
  switch (kind) {
    case 'none':
      return ['', ''];
    case 'yesterday':
      return [fmtDay(yesterday), fmtDay(yesterday)];
    case 'last7':
      return [fmtDay(t.subtract(7, 'day')), fmtDay(yesterday)];
    case 'month_to_yesterday':
      // dayjs clamps to the month's last day (Mar 31 − 1 month = Feb 29/28), then one more day back
      return [fmtDay(t.subtract(1, 'month').subtract(1, 'day')), fmtDay(yesterday)];
    case 'prev_months': {
      const month = t.startOf('month');
      return [fmtMonth(month.subtract(2, 'month')), fmtMonth(month.subtract(1, 'month'))];
    }
    case 'last_week': {
      const monday = mondayOf(t).subtract(7, 'day');
      return [fmtDay(monday), fmtDay(monday.add(6, 'day'))];
    }
    case 'today_datetime':
      return [t.startOf('day').format(DATETIME_FORMAT), t.endOf('day').format(DATETIME_FORMAT)];
    case 'today':
      return [fmtDay(t), fmtDay(t)];
    case 'since_1970':
      return ['1970-01-01', fmtDay(t)];
    case 'history': {
      const day = t.subtract(HISTORY_DEFAULT_DAYS, 'day');
      return [fmtDay(day), fmtDay(day)];
    }
  }
}

/**
 * The equally long period just before a range (report 70's comparison range, C9), counted in the
 * granularity's unit: days (weeks are whole days too), months, or seconds for datetimes.
 */
export function previousPeriod(range: DateRange, granularity: DateGranularity): DateRange {
  const [s, e] = coerceRange(range, granularity).map((x) => parseAny(x));
  if (!s || !e || e.isBefore(s)) return ['', ''];
  const unit = granularity === 'month' ? 'month' : granularity === 'datetime' ? 'second' : 'day';
  const length = e.diff(s, unit) + 1;
  const shift = (d: Dayjs, n: number) => d.subtract(n, unit).format(formatOf(granularity));
  return [shift(s, length), shift(s, 1)];
}

/** The default range of one configured range, in its granularity. */
export function defaultFor(config: DateRangeConfig, today: string): DateRange {
  return coerceRange(defaultRange(config.default_kind, today), config.granularity);
}

/**
 * Default values of every range of a page, keyed by range index. A range with `default_previous_of`
 * takes the equally long period before that range's default.
 */
export function defaultDates(configs: DateRangeConfig[], today: string): Record<number, DateRange> {
  const out: Record<number, DateRange> = {};
  for (const c of configs) out[c.index] = defaultFor(c, today);
  for (const c of configs) {
    const base = c.default_previous_of ? out[c.default_previous_of] : undefined;
    if (base) out[c.index] = previousPeriod(coerceRange(base, c.granularity), c.granularity);
  }
  return out;
}
