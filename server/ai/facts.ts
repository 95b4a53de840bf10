import type { ReportRow } from '../../engine/wire';
import type { MeasurePair } from './pairs';
import type { PeriodDays } from './periods';

export interface Change {
  label: string;
  format: MeasurePair['format'];
  current: number | null;
  previous: number | null;
  /** current − previous */
  delta: number | null;
  /** (current − previous) / |previous|; null without a base */
  growth: number | null;
}

export interface Mover {
  name: string;
  focus: Change;
  /** this row's share of the total change of the focus measure */
  shareOfChange: number | null;
  rate: Change | null;
}

export interface Breakdown {
  dimension: string;
  rows: number;
  risers: Mover[];
  fallers: Mover[];
  /** rows with a negative margin, or a margin rate far from the overall one */
  outliers: { name: string; reason: 'negative' | 'low_rate' | 'high_rate'; value: number; overall: number | null }[];
}

export interface Facts {
  overall: Change[];
  focus: MeasurePair;
  rate: MeasurePair | null;
  margin: MeasurePair | null;
  breakdowns: Breakdown[];
  /** set when the periods differ in length: the additive figures are then daily averages */
  periods?: PeriodDays | null;
  /** with `periods`: the additive figures as the table's totals row shows them, summed over each period */
  periodTotals?: Change[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function change(row: ReportRow, pair: MeasurePair): Change {
  const current = num(row[pair.current]);
  const previous = num(row[pair.previous]);
  const delta = current !== null && previous !== null ? current - previous : null;
  const growth = delta !== null && previous ? delta / Math.abs(previous) : null;
  return { label: pair.label, format: pair.format, current, previous, delta, growth };
}

/** The money pairs drive the story: the first is the focus (sales); a rate pair is the margin rate. */
export function choosePairs(pairs: MeasurePair[]) {
  const money = pairs.filter((p) => p.format === 'money');
  return {
    focus: money[0] ?? pairs[0],
    margin: money.find((p) => p !== money[0] && p.margin) ?? money[2] ?? null,
    rate: pairs.find((p) => p.format === 'rate') ?? null,
  };
}

/** How far a row's rate may stray from the overall rate before it is called out (percentage points). */
const RATE_GAP = 0.1;
/** Rows this small a part of the total are not called out. */
const MIN_SHARE = 0.01;

export function breakdownFacts(
  dimension: string,
  rows: { name: string; row: ReportRow }[],
  totals: ReportRow,
  picks: { focus: MeasurePair; rate: MeasurePair | null; margin: MeasurePair | null },
  top = 3,
): Breakdown {
  const totalDelta = change(totals, picks.focus).delta;
  const totalFocus = num(totals[picks.focus.current]);
  const overallRate = picks.rate ? num(totals[picks.rate.current]) : null;
  const movers: Mover[] = rows.map(({ name, row }) => {
    const focus = change(row, picks.focus);
    return {
      name,
      focus,
      shareOfChange: focus.delta !== null && totalDelta ? focus.delta / totalDelta : null,
      rate: picks.rate ? change(row, picks.rate) : null,
    };
  });
  const withDelta = movers.filter((m) => m.focus.delta !== null);
  const risers = withDelta.filter((m) => m.focus.delta! > 0).sort((a, b) => b.focus.delta! - a.focus.delta!).slice(0, top);
  const fallers = withDelta.filter((m) => m.focus.delta! < 0).sort((a, b) => a.focus.delta! - b.focus.delta!).slice(0, top);
  const outliers: Breakdown['outliers'] = [];
  for (const { name, row } of rows) {
    const size = num(row[picks.focus.current]);
    if (size === null || !totalFocus || Math.abs(size / totalFocus) < MIN_SHARE) continue;
    const marginValue = picks.margin ? num(row[picks.margin.current]) : null;
    const rate = picks.rate ? num(row[picks.rate.current]) : null;
    if (marginValue !== null && marginValue < 0) outliers.push({ name, reason: 'negative', value: marginValue, overall: null });
    else if (rate !== null && overallRate !== null && Math.abs(rate - overallRate) >= RATE_GAP) {
      outliers.push({ name, reason: rate < overallRate ? 'low_rate' : 'high_rate', value: rate, overall: overallRate });
    }
  }
  return { dimension, rows: rows.length, risers, fallers, outliers: outliers.slice(0, top + 2) };
}
