/** Look-ups over one dataset, shared by the validator and the compiler. */
import { formulaRefs } from './formula';
import type {
  DatasetFile,
  DerivedDef,
  DimensionDef,
  FieldDef,
  Join,
  MeasureDef,
  ReportFile,
  TableSource,
  UnionPart,
  UnionSource,
} from './types';

export type AnyMeasure = MeasureDef | DerivedDef;

export interface DatasetIndex {
  dataset: DatasetFile;
  dimensions: Map<string, DimensionDef>;
  fields: Map<string, FieldDef>;
  measures: Map<string, AnyMeasure>;
  parts: Map<string, UnionPart>;
}

export function isUnion(source: TableSource | UnionSource): source is UnionSource {
  return 'union' in source;
}

export function isDerived(m: AnyMeasure): m is DerivedDef {
  return 'op' in m;
}

/** Derived measures whose SQL is a window over the rows (they cannot be nested in others). */
export function isWindow(m: AnyMeasure): boolean {
  return isDerived(m) && (m.op === 'share' || m.op === 'rank' || m.op === 'cumulative');
}

export function indexDataset(dataset: DatasetFile): DatasetIndex {
  const measures = new Map<string, AnyMeasure>();
  for (const m of dataset.measures) measures.set(m.id, m);
  for (const m of dataset.derived ?? []) measures.set(m.id, m);
  return {
    dataset,
    dimensions: new Map(dataset.dimensions.map((d) => [d.id, d])),
    fields: new Map((dataset.fields ?? []).map((f) => [f.id, f])),
    measures,
    parts: new Map(isUnion(dataset.source) ? dataset.source.union.map((p) => [p.id, p]) : []),
  };
}

/** The branches a field's condition goes into (none: the outer query). */
export function fieldParts(f: FieldDef): string[] {
  return f.parts ?? (f.part ? [f.part] : []);
}

/** The measures a derived measure reads directly. */
export function measureArgs(m: AnyMeasure): string[] {
  if (!isDerived(m)) return [];
  return m.op === 'formula' ? formulaRefs(m.formula ?? '') : (m.args ?? []);
}

/** A measure and everything it is computed from, dependencies first (unknown ids skipped). */
export function measureClosure(index: DatasetIndex, ids: string[]): AnyMeasure[] {
  const out: AnyMeasure[] = [];
  const seen = new Set<string>();
  const visit = (id: string, path: string[]) => {
    if (seen.has(id) || path.includes(id)) return;
    const m = index.measures.get(id);
    if (!m) return;
    for (const a of measureArgs(m)) visit(a, [...path, id]);
    seen.add(id);
    out.push(m);
  };
  for (const id of ids) visit(id, []);
  return out;
}

/** Every join of the dataset: the parts' and the outer ones. */
export function allJoins(dataset: DatasetFile): Join[] {
  const s = dataset.source;
  return isUnion(s) ? [...s.union.flatMap((p) => p.joins ?? []), ...(s.joins ?? [])] : (s.joins ?? []);
}

/** Every table name the dataset reads (a report's `tables` may remap only these). */
export function datasetTables(dataset: DatasetFile): Set<string> {
  const s = dataset.source;
  const roots = isUnion(s) ? s.union.map((p) => p.table) : [s.table];
  return new Set([...roots, ...allJoins(dataset).map((j) => j.table)]);
}

/** Output column keys a report can produce: its chips' dimension columns and its indicators. */
export function reportOutputColumns(report: ReportFile, index: DatasetIndex): string[] {
  const dims = report.chips.flatMap((c) => index.dimensions.get(c.dimension)?.columns.map((col) => col.value) ?? []);
  return [...dims, ...report.indicators.map((i) => i.measure)];
}
