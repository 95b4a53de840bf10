/**
 * The date rules of a report's range as a person reads them (catalogue §0 legend): default range
 * kinds, restrictions and granularities with zh/en labels, in the order the catalogue lists them.
 */
import type { DateGranularity, DateRestriction, DefaultRangeKind } from '../../../engine/wire';

export type DateRuleKind = 'default_kind' | 'restriction' | 'granularity';

type Labels<K extends string> = Record<K, { zh: string; en: string }>;

const DEFAULT_KINDS: Labels<DefaultRangeKind> = {
  yesterday: { zh: '昨天', en: 'Yesterday' },
  last7: { zh: '近7天（至昨天）', en: 'Last 7 days (to yesterday)' },
  month_to_yesterday: { zh: '本月1日至昨天', en: 'Month to yesterday' },
  prev_months: { zh: '上月', en: 'Previous months' },
  last_week: { zh: '上周', en: 'Last week' },
  today_datetime: { zh: '今天（含时间）', en: 'Today (with time)' },
  today: { zh: '今天', en: 'Today' },
  since_1970: { zh: '1970年至今', en: 'Since 1970' },
  history: { zh: '3个月前', en: 'Older than 3 months' },
  none: { zh: '不预设', en: 'Empty' },
};

const RESTRICTIONS: Labels<DateRestriction> = {
  to_yesterday: { zh: '不晚于昨天', en: 'Up to yesterday' },
  three_months: { zh: '近3个月内', en: 'Within 3 months' },
  earlier_months: { zh: '3个月以前', en: 'Earlier than 3 months' },
  completed_weeks: { zh: '已结束的整周', en: 'Completed weeks' },
  current_month: { zh: '本月内', en: 'Current month' },
  none: { zh: '不限', en: 'None' },
};

const GRANULARITIES: Labels<DateGranularity> = {
  day: { zh: '日', en: 'Day' },
  datetime: { zh: '日期时间', en: 'Date and time' },
  week: { zh: '周', en: 'Week' },
  month: { zh: '月', en: 'Month' },
};

const TABLES: Record<DateRuleKind, Labels<string>> = {
  default_kind: DEFAULT_KINDS,
  restriction: RESTRICTIONS,
  granularity: GRANULARITIES,
};

export function dateRuleOptions(kind: DateRuleKind, lang: 'zh' | 'en'): { value: string; label: string }[] {
  return Object.entries(TABLES[kind]).map(([value, label]) => ({ value, label: `${label[lang]} · ${value}` }));
}

export function isDateRule(kind: DateRuleKind, value: unknown): boolean {
  return typeof value === 'string' && value in TABLES[kind];
}
