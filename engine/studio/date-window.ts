/**
 * A draft's default date windows against its own restrictions: a report whose default range the
 * restriction refuses would answer its first load with 422 (rule 338 on the server), so the studio
 * refuses it at validation. Every restriction is a bound moving with today, and windows like
 * last_week cross it only on some days (the first days of a month under earlier_months): the check
 * runs over two months of "todays" from the given one, which holds every weekday and two month starts.
 */
import { defaultDates, rangeAllowed } from '../dates';
import { fmtDay, parseToday } from '../dates/day';
import type { DateRangeDef } from '../definition/types';
import type { DateRangeConfig } from '../wire';

export interface WindowBreak {
  pointer: string;
  /** a today on which the default window breaks the restriction, and that window */
  today: string;
  start: string;
  end: string;
}

const DAYS_CHECKED = 62;

function configOf(d: DateRangeDef): DateRangeConfig {
  return {
    index: d.index as DateRangeConfig['index'],
    label: '',
    fieldName: '',
    granularity: d.granularity,
    required: d.required,
    default_kind: d.default_kind,
    ...(d.default_previous_of ? { default_previous_of: d.default_previous_of } : {}),
    restriction: d.restriction,
  };
}

/** The first range (in definition order) whose default window breaks its restriction, per range. */
export function defaultWindowBreaks(dates: readonly DateRangeDef[], today: string): WindowBreak[] {
  const configs = dates.map(configOf);
  const out: WindowBreak[] = [];
  const broken = new Set<number>();
  const first = parseToday(today);
  for (let n = 0; n < DAYS_CHECKED && broken.size < dates.length; n++) {
    const day = fmtDay(first.add(n, 'day'));
    const windows = defaultDates(configs, day);
    dates.forEach((d, i) => {
      const [start, end] = windows[d.index] ?? ['', ''];
      if (broken.has(i) || (!start && !end)) return;
      if (!rangeAllowed(start || null, end || null, d.granularity, d.restriction, day, false)) {
        broken.add(i);
        out.push({ pointer: `/dates/${i}/default_kind`, today: day, start, end });
      }
    });
  }
  return out.sort((a, b) => a.pointer.localeCompare(b.pointer));
}
