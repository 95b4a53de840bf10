import type { ReportRow } from '../../engine/wire';
import type { ValidRange } from '../report/types';
import type { MeasurePair } from './pairs';

/** The lengths in days of the current period and of the comparison period. */
export interface PeriodDays {
  current: number;
  previous: number;
}

const DAY_MS = 86_400_000;

/** Days in a validated range, both ends included; an open end is today. Null when the range has no start. */
export function rangeDays(range: ValidRange | undefined, today: string): number | null {
  if (!range?.start) return null;
  const start = Date.parse(`${range.start.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${(range.end ?? today).slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return Math.round((end - start) / DAY_MS) + 1;
}

/**
 * The periods' lengths when they differ (90 days against 1 would otherwise read as +10723%), else null:
 * range 1 is the current period, the comparison range the one the pairs' twins aggregate over.
 */
export function unequalPeriods(ranges: ValidRange[], comparisonIndex: number, today: string): PeriodDays | null {
  const current = rangeDays(ranges.find((r) => r.index === 1), today);
  const previous = rangeDays(ranges.find((r) => r.index === comparisonIndex), today);
  return current !== null && previous !== null && current !== previous ? { current, previous } : null;
}

/** A row with each additive pair's figures as daily averages over its own period; other figures as they are. */
export function perDayRow(row: ReportRow, pairs: MeasurePair[], days: PeriodDays): ReportRow {
  const out: ReportRow = { ...row };
  for (const p of pairs) {
    if (!p.additive) continue;
    const c = row[p.current];
    const v = row[p.previous];
    if (typeof c === 'number') out[p.current] = c / days.current;
    if (typeof v === 'number') out[p.previous] = v / days.previous;
  }
  return out;
}

/** The pairs as they read over unequal periods: an additive pair is named as its daily average. */
export function perDayPairs(pairs: MeasurePair[], perDay: (label: string) => string): MeasurePair[] {
  return pairs.map((p) => (p.additive ? { ...p, label: perDay(p.label) } : p));
}
