/**
 * Summaries of a dataset (pre-aggregated facts, `SummaryDef`): the shape of a summary table as the
 * definitions imply it. Shared by the validator, the compiler's coverage decision and the refresh.
 */
import { isDerived, type DatasetIndex } from './dataset-index';
import { columnRefs } from './sql-text';
import type { MeasureDef, SummaryDef, TableSource } from './types';

/** A summary key: one column of the facts. */
export interface SummaryKey {
  dimension: string;
  /** the key expression in the dataset (`alias.column`) */
  expr: string;
  alias: string;
  /** the summary table's column */
  column: string;
}

const PLAIN_REF = /^\s*([a-z_][a-z0-9_]*)\s*\.\s*([a-z_][a-z0-9_]*)\s*$/i;

/** `alias.column` of a plain column reference, else null. */
export function plainRef(expr: string): { alias: string; column: string } | null {
  const m = PLAIN_REF.exec(expr);
  return m ? { alias: m[1], column: m[2] } : null;
}

/** The aliases of the fact rows themselves: the source and its inner joins (what a summary aggregates). */
export function factAliases(source: TableSource): Set<string> {
  return new Set([source.alias, ...(source.joins ?? []).filter((j) => j.kind === 'inner').map((j) => j.alias)]);
}

/** The keys of a summary (unknown dimensions or keys that are not plain references are skipped). */
export function summaryKeys(index: DatasetIndex, summary: SummaryDef): SummaryKey[] {
  return summary.dimensions.flatMap((id) => {
    const expr = index.dimensions.get(id)?.columns[0].expr;
    const ref = expr ? plainRef(expr) : null;
    return ref && expr ? [{ dimension: id, expr, ...ref }] : [];
  });
}

/** The kept measures (unknown or derived ones skipped). */
export function summaryMeasures(index: DatasetIndex, summary: SummaryDef): MeasureDef[] {
  return summary.measures.flatMap((id) => {
    const m = index.measures.get(id);
    return m && !isDerived(m) ? [m] : [];
  });
}

/** Why a measure cannot be kept as a sum over a grain (null when it can). */
export function unsummable(m: MeasureDef, facts: ReadonlySet<string>): string | null {
  if (m.agg !== 'sum') return `measure "${m.id}" is not a sum (agg "${m.agg}")`;
  if (m.point_in_time) return `measure "${m.id}" is a balance at a point in time`;
  const text = [m.expr ?? '', m.filter ?? ''].join(' ');
  if (/\{[a-z0-9_]+\}/.test(text)) return `measure "${m.id}" uses placeholders`;
  const other = columnRefs(text).find((r) => !facts.has(r.alias));
  return other ? `measure "${m.id}" reads "${other.alias}", not the facts` : null;
}

/** The same sum: a summary measure serves every measure with its aggregate, expression and filter (any range). */
export function sameSum(a: MeasureDef, b: MeasureDef): boolean {
  return a.agg === b.agg && (a.expr ?? '') === (b.expr ?? '') && (a.filter ?? '') === (b.filter ?? '');
}
