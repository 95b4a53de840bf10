import { isDerived, type DatasetIndex } from '../../engine/definition/dataset-index';
import type { ColumnFormat } from '../../engine/wire';
import type { TextLang } from '../report/config';

/** A measure of the current period and the same measure over the comparison period. */
export interface MeasurePair {
  current: string;
  previous: string;
  label: string;
  format: ColumnFormat;
  /** a gross-margin amount (named 毛利 in the catalogue), the story's margin line */
  margin: boolean;
  /** a sum over the period's days (sales, cost, margin): periods of unequal length compare by its daily average */
  additive: boolean;
}

/** Sums and counts, and sums or differences of them, grow with the period's length; ratios and distinct counts do not. */
function isAdditive(index: DatasetIndex, id: string, seen = new Set<string>()): boolean {
  const m = index.measures.get(id);
  if (!m || seen.has(id)) return false;
  seen.add(id);
  if (!isDerived(m)) return (m.agg === 'sum' || m.agg === 'count') && !m.point_in_time;
  return (m.op === 'sum' || m.op === 'difference') && !!m.args?.length && m.args.every((a) => isAdditive(index, a, new Set(seen)));
}

/**
 * Pairs each indicator with its comparison-period twin, read from the definitions' structure: an
 * aggregate pairs with the one of range 2 over the same expression and condition; a derived
 * measure pairs with the one of the same operation over the paired arguments.
 */
export function comparisonPairs(index: DatasetIndex, indicators: string[], lang: TextLang = 'zh'): MeasurePair[] {
  const twin = new Map<string, string>();
  const rangeOf = (id: string) => {
    const m = index.measures.get(id);
    return m && !isDerived(m) ? (m.range ?? 1) : null;
  };
  for (const [id, m] of index.measures) {
    if (isDerived(m) || (m.range ?? 1) !== 1) continue;
    for (const [otherId, o] of index.measures) {
      if (!isDerived(o) && o.range === 2 && o.agg === m.agg && o.expr === m.expr && o.filter === m.filter) twin.set(id, otherId);
    }
  }
  // derived measures, repeated until nothing new pairs (derived of derived)
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, m] of index.measures) {
      if (!isDerived(m) || twin.has(id) || !m.args?.length) continue;
      const wanted = m.args.map((a) => twin.get(a));
      if (wanted.some((w) => !w)) continue;
      for (const [otherId, o] of index.measures) {
        if (otherId !== id && isDerived(o) && o.op === m.op && o.args?.join() === wanted.join()) {
          twin.set(id, otherId);
          changed = true;
        }
      }
    }
  }
  return indicators
    .filter((id) => twin.has(id) && indicators.includes(twin.get(id)!) && rangeOf(twin.get(id)!) !== 1)
    .map((id) => {
      const m = index.measures.get(id)!;
      return { current: id, previous: twin.get(id)!, label: m.label[lang] || m.label.zh, format: m.format, margin: /毛利/.test(m.label.zh), additive: isAdditive(index, id) };
    });
}
