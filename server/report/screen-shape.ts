/**
 * Which operators a report screen's one-pass statement needs, from its definition alone. Every
 * operator has a fixed cost that outweighs the data on a screen of a few thousand groups (a
 * window, an ordered aggregate), so the compiler asks for one only when the definition needs it.
 * Pure: no I/O.
 */
import { isDerived, isWindow, measureArgs, measureClosure, type DatasetIndex } from '../../engine/definition/dataset-index';
import type { MeasureDef } from '../../engine/definition/types';

/**
 * A base aggregate whose sum over the groups is exact whatever order the groups come in: a count,
 * an extreme, or a sum of an expression without a division. Every numeric column of the schema is a
 * decimal, so only a division per row (the excl.-tax sums) makes a DOUBLE, whose last bits depend
 * on the order it is summed in.
 */
export function exactRollUp(m: MeasureDef): boolean {
  if (m.agg === 'count' || m.agg === 'min' || m.agg === 'max') return true;
  return m.agg === 'sum' && !(m.expr ?? '').includes('/');
}

/**
 * The screen's rows need a window: a rank or a running sum reads the other rows in order, and a
 * share of something that is itself a window cannot be summed in a plain aggregate. A share of
 * anything else is its value over the sum of it on the shown rows, one more aggregate beside the
 * totals row (no window).
 */
export function needsWindow(index: DatasetIndex, indicators: string[]): boolean {
  const closure = measureClosure(index, indicators);
  return closure.some((m) => {
    if (!isDerived(m)) return false;
    if (m.op === 'rank' || m.op === 'cumulative') return true;
    if (m.op !== 'share') return false;
    return measureClosure(index, measureArgs(m)).some(isWindow);
  });
}

/** The shares among the indicators' closure, each with the measure it is a share of. */
export function sharesOf(index: DatasetIndex, indicators: string[]): { id: string; of: string }[] {
  return measureClosure(index, indicators)
    .filter((m) => isDerived(m) && m.op === 'share')
    .map((m) => ({ id: m.id, of: measureArgs(m)[0] }));
}
