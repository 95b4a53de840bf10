/**
 * Aggregate awareness: whether a validated query can be answered from one of its dataset's summaries
 * (`SummaryDef`), and if so the dataset as seen over that summary, for the unchanged compiler.
 *
 * The summary stands in for the fact rows under the source's alias: a key column keeps its name,
 * a key read through an inner join (`i.supplier_no`) is requalified to the summary (`o.supplier_no`),
 * look-up joins stay when their condition reads only keys and other kept look-ups, and a base
 * measure becomes the sum of the summary column holding the same sum (a comparison range's measure
 * too: its range stays on the measure). Anything a query reads that this cannot express (a line
 * column, a distinct count, a remapped fact table) keeps it on the facts. Pure: no I/O.
 */
import { indexDataset, isUnion, measureClosure, type DatasetIndex } from '../../engine/definition/dataset-index';
import { factAliases, sameSum, summaryKeys, summaryMeasures } from '../../engine/definition/summary';
import { mapColumnRefs } from '../../engine/definition/sql-text';
import type {
  DatasetFile,
  DateColumn,
  DimensionDef,
  FieldDef,
  Join,
  MeasureDef,
  ReportFile,
  ScopeMap,
  ScopeRule,
  SqlFragment,
  SummaryDef,
  TableSource,
} from '../../engine/definition/types';
import type { ClientType } from '../../engine/wire';
import type { ValidQuery } from './types';

export interface SummaryPlan {
  /** the summary table the query reads */
  table: string;
  report: ReportFile;
  index: DatasetIndex;
}

/** The first summary of the report's dataset that covers the query, as a report and dataset to compile; null: the facts. */
export function summaryPlan(report: ReportFile, index: DatasetIndex, query: ValidQuery, client: ClientType): SummaryPlan | null {
  const ds = index.dataset;
  if (isUnion(ds.source)) return null;
  for (const summary of ds.summaries ?? []) {
    const plan = cover(report, index, query, client, summary);
    if (plan) return plan;
  }
  return null;
}

/** Fragments requalified onto the summary, or null for a fragment that reads what the summary does not keep. */
class Rewriter {
  private readonly keys: Map<string, string>;
  private readonly facts: Set<string>;
  readonly root: string;
  /** look-up aliases readable over the summary */
  readonly kept = new Set<string>();

  constructor(index: DatasetIndex, source: TableSource, summary: SummaryDef) {
    this.root = source.alias;
    this.facts = factAliases(source);
    this.keys = new Map(summaryKeys(index, summary).map((k) => [`${k.alias}.${k.column}`, k.column]));
  }

  /** `self`: the alias a join condition may read besides the kept ones (the joined table's own) */
  sql(fragment: SqlFragment, self?: string): SqlFragment | null {
    let covered = true;
    const out = mapColumnRefs(fragment, (alias, column) => {
      const key = column === 'tenant_id' && this.facts.has(alias) ? column : this.keys.get(`${alias}.${column}`);
      if (key !== undefined) return `${this.root}.${key}`;
      if (alias !== self && !this.kept.has(alias)) covered = false;
      return null;
    });
    return covered ? out : null;
  }

  all(fragments: SqlFragment[]): SqlFragment[] | null {
    const out = fragments.map((f) => this.sql(f));
    return out.every((f): f is SqlFragment => f !== null) ? out : null;
  }

  /** The look-up joins whose conditions read only keys and other kept look-ups, in their order. */
  joins(joins: Join[]): Join[] {
    const on = new Map<Join, SqlFragment>();
    for (let grown = true; grown; ) {
      grown = false;
      for (const j of joins) {
        if (j.kind === 'inner' || on.has(j)) continue;
        const sql = this.sql(j.on, j.alias);
        if (sql === null) continue;
        on.set(j, sql);
        this.kept.add(j.alias);
        grown = true;
      }
    }
    return joins.filter((j) => on.has(j)).map((j) => ({ ...j, on: on.get(j)! }));
  }
}

function scopeOver(rw: Rewriter, scope: ScopeMap): ScopeMap {
  const out: ScopeMap = {};
  for (const client of ['HMD', 'HMS'] as const) {
    const rules = scope[client];
    if (!rules) continue;
    const exprs = rw.all(rules.map((r) => r.expr));
    if (exprs) out[client] = rules.map<ScopeRule>((r, i) => ({ ...r, expr: exprs[i] }));
  }
  return out;
}

/** The dataset over the summary: only what the summary can answer, requalified. */
function datasetOver(rw: Rewriter, index: DatasetIndex, summary: SummaryDef): DatasetFile {
  const ds = index.dataset;
  const source = ds.source as TableSource;
  const joins = rw.joins(source.joins ?? []);
  const dimensions = ds.dimensions.flatMap<DimensionDef>((d) => {
    const exprs = rw.all(d.columns.map((c) => c.expr));
    return exprs ? [{ ...d, columns: d.columns.map((c, i) => ({ ...c, expr: exprs[i] })) }] : [];
  });
  const fields = (ds.fields ?? []).flatMap<FieldDef>((f) => {
    const exprs = f.exprs ? rw.all(f.exprs) : undefined;
    const condition = f.condition ? rw.sql(f.condition) : undefined;
    return exprs === null || condition === null ? [] : [{ ...f, ...(exprs ? { exprs } : {}), ...(condition ? { condition } : {}) }];
  });
  const dateColumns: Record<string, DateColumn> = {};
  for (const [name, col] of Object.entries(ds.date_columns ?? {})) {
    const expr = rw.sql(col.expr);
    if (expr === null) continue;
    // the copies on the lines are gone with the lines; a copy that is the same key adds nothing
    const also = (col.also ?? []).map((e) => rw.sql(e)).filter((e): e is string => e !== null && e !== expr);
    dateColumns[name] = { ...col, expr, also };
  }
  const conditions: Record<string, SqlFragment> = {};
  for (const [name, cond] of Object.entries(ds.conditions ?? {})) {
    const sql = rw.sql(cond);
    if (sql !== null) conditions[name] = sql;
  }
  const kept = summaryMeasures(index, summary);
  const measures = ds.measures.flatMap<MeasureDef>((m) => {
    const column = kept.find((k) => sameSum(k, m));
    if (!column) return [];
    const { filter: _applied, ...rest } = m;
    return [{ ...rest, agg: 'sum', expr: `${rw.root}.${column.id}` }];
  });
  return {
    ...ds,
    source: { table: summary.table, alias: rw.root, joins },
    date_columns: dateColumns,
    dimensions,
    fields,
    measures,
    conditions,
    scope: scopeOver(rw, ds.scope),
    summaries: [],
  };
}

/** Every measure a query aggregates: its indicators, the hidden-zero check and measure filters, with what they derive from. */
function measuresRead(report: ReportFile, index: DatasetIndex, query: ValidQuery): string[] {
  const ids = [...query.indicators];
  if (report.hide_zero_rows) ids.push(...report.indicators.map((i) => i.measure));
  for (const f of query.filters) if ('measure' in f.filter.target) ids.push(f.filter.target.measure);
  return measureClosure(index, ids).map((m) => m.id);
}

function cover(report: ReportFile, index: DatasetIndex, query: ValidQuery, client: ClientType, summary: SummaryDef): SummaryPlan | null {
  const source = index.dataset.source as TableSource;
  const factTables = [source.table, ...(source.joins ?? []).filter((j) => j.kind === 'inner').map((j) => j.table)];
  // the summary is built from the dataset's own fact tables, not a report's archive
  if (Object.keys(report.tables ?? {}).some((t) => factTables.includes(t))) return null;
  const rw = new Rewriter(index, source, summary);
  const over = indexDataset(datasetOver(rw, index, summary));
  const ds = over.dataset;
  const covered =
    query.dimensions.every((d) => over.dimensions.has(d)) &&
    query.filters.every((f) => {
      const t = f.filter.target;
      return 'dimension' in t ? over.dimensions.has(t.dimension) : 'field' in t ? over.fields.has(t.field) : over.measures.has(t.measure);
    }) &&
    measuresRead(report, index, query).every((id) => over.measures.has(id)) &&
    report.dates.every((d) => !d.column || d.column in ds.date_columns!) &&
    (report.conditions ?? []).every((c) => c in ds.conditions!);
  if (!covered) return null;
  const scope = report.scope ? scopeOver(rw, report.scope) : ds.scope;
  // a client's row scope applies over the summary only when all of its rules do
  if (client !== 'HMT' && !scope[client]) return null;
  return { table: summary.table, report: report.scope ? { ...report, scope } : report, index: over };
}
