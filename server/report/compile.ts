/**
 * The report SQL compiler: (definition, dataset, validated query, session) → three statements with
 * bound parameters, runnable on DuckDB and PostgreSQL alike:
 *
 * - page:   the grouped rows of one page (active chips → GROUP BY, dimension columns first);
 * - count:  how many grouped rows there are (for the pager);
 * - totals: the same SELECT without GROUP BY over the whole filtered set, so every ratio is a
 *           ratio of sums and a comparison measure is the same formula over its own range;
 * - screen: page, count and totals together from one grouped pass (what a report screen runs;
 *           the three above serve exports and measure filters).
 *
 * Tenant and client row scope always come from the session. SQL text comes only from the
 * definitions; every value is a $n parameter (see Params). One text serves both databases: every
 * parameter is CAST to its type, and the constructs used (ILIKE, IS DISTINCT FROM, NULLS LAST,
 * GROUP BY ordinals, windows over aggregates) mean the same in DuckDB and PostgreSQL.
 */
import {
  fieldParts,
  isDerived,
  isUnion,
  isWindow,
  measureArgs,
  measureClosure,
  type AnyMeasure,
} from '../../engine/definition/dataset-index';
import { hasKey } from '../../engine/definition/catalogue';
import { formulaSql } from '../../engine/definition/formula';
import { aliasesOf, fillPlaceholders, placeholderRange } from '../../engine/definition/sql-text';
import type {
  Aggregation,
  DateColumn,
  DerivedDef,
  DimensionColumn,
  DimensionDef,
  Join,
  MeasureDef,
  ScopeRule,
  SqlFragment,
  UnionPart,
  UnionSource,
  ValueType,
} from '../../engine/definition/types';
import { OPERATORS, type ColumnFormat } from '../../engine/wire';
import { addDays } from './day-math';
import { Params, type ParamType } from './params';
import { exactRollUp, needsWindow, sharesOf } from './screen-shape';
import type { CompiledReport, CompileInput, OutputColumn, ScreenStatement, Statement, ValidFilter, ValidRange } from './types';

/**
 * A dataset's date column by the name a report gives: its own keys only (validation refuses other
 * names before they get here; this keeps `constructor` and the like from ever reading as a column).
 */
function dateColumnNamed(ds: { date_columns?: Record<string, DateColumn> }, name: string): DateColumn {
  if (!hasKey(ds.date_columns, name)) throw new Error(`dataset has no date column ${name}`);
  return ds.date_columns![name];
}

/** The session lacks a value its client's row scope needs (e.g. a store user without a store). */
export class ScopeError extends Error {}

const VALUE_TYPES: Record<ValueType, ParamType> = {
  text: 'VARCHAR',
  int: 'BIGINT',
  number: 'DECIMAL(18,4)',
  date: 'DATE',
  datetime: 'TIMESTAMP',
};

const UNBOUNDED_START = '1970-01-01';

/** Money with 2 decimals and quantities with 3, rounded by the database on exact decimals. */
function formatted(sql: string, format: ColumnFormat): string {
  if (format === 'money') return `ROUND(CAST(${sql} AS DECIMAL(38,6)), 2)`;
  if (format === 'qty') return `ROUND(CAST(${sql} AS DECIMAL(38,6)), 3)`;
  return sql;
}

const quote = (name: string) => `"${name}"`;

/** An aggregate of rendered SQL over the rows where `cond` holds (every row when empty). */
export function aggregateSql(agg: Aggregation, expr: string, cond: string): string {
  switch (agg) {
    case 'sum':
      return cond ? `SUM(CASE WHEN ${cond} THEN ${expr} ELSE 0 END)` : `SUM(${expr})`;
    case 'count':
      return cond ? `SUM(CASE WHEN ${cond} THEN 1 ELSE 0 END)` : 'COUNT(*)';
    case 'count_distinct':
      return `COUNT(DISTINCT ${distinctArgument(expr, cond)})`;
    case 'min':
    case 'max': {
      const fn = agg.toUpperCase();
      return cond ? `${fn}(CASE WHEN ${cond} THEN ${expr} END)` : `${fn}(${expr})`;
    }
  }
}

/** What a distinct count counts: the value on the rows where `cond` holds (every row when empty). */
function distinctArgument(expr: string, cond: string): string {
  return cond ? `CASE WHEN ${cond} THEN ${expr} END` : expr;
}

/** Joins still needed by the given fragments; inner joins always stay (they decide rows). */
function neededJoins(joins: Join[], fragments: string[]): Join[] {
  const need = new Set(fragments.flatMap(aliasesOf));
  const keep = new Set<Join>();
  for (let i = joins.length - 1; i >= 0; i--) {
    const j = joins[i];
    if (j.kind === 'inner' || need.has(j.alias)) {
      keep.add(j);
      for (const a of aliasesOf(j.on)) need.add(a);
    }
  }
  return joins.filter((j) => keep.has(j));
}

/** What does not depend on the statement: the query resolved against the definitions. */
class Plan {
  readonly report: CompileInput['report'];
  readonly index: CompileInput['index'];
  readonly ds: CompileInput['index']['dataset'];
  readonly source: CompileInput['index']['dataset']['source'];
  readonly query: CompileInput['query'];
  readonly session: CompileInput['session'];
  readonly activeDims: DimensionDef[];
  readonly activeDimIds: Set<string>;
  readonly dimColumns: DimensionColumn[];
  readonly indicators: AnyMeasure[];
  readonly columns: OutputColumn[];
  /** base measures whose all-zero rows are hidden */
  readonly zeroCheck: MeasureDef[];
  readonly havingFilters: ValidFilter[];
  readonly whereFilters: ValidFilter[];
  readonly scopeRules: ScopeRule[];
  readonly comparison: number[];
  /** the hull of range 1 and its comparison ranges on a date column (null when one is open) */
  readonly span: DateSpan | null;

  constructor(readonly input: CompileInput) {
    const { report, index, query } = input;
    this.report = report;
    this.index = index;
    this.ds = index.dataset;
    this.source = this.ds.source;
    this.query = query;
    this.session = input.session;
    this.activeDims = query.dimensions.map((id) => index.dimensions.get(id)!);
    this.activeDimIds = new Set(query.dimensions);
    this.dimColumns = this.activeDims.flatMap((d) => d.columns);
    this.indicators = query.indicators.map((id) => index.measures.get(id)!);
    const indicatorDefs = new Map(report.indicators.map((i) => [i.measure, i]));
    this.columns = [
      ...this.activeDims.flatMap((d) =>
        d.columns.map<OutputColumn>((c) => ({
          key: c.value,
          label: c.label,
          type: '1',
          format: d.value_type === 'date' ? 'date' : 'text',
          ...(c.enum ? { enum: c.enum } : {}),
        })),
      ),
      ...this.indicators.map<OutputColumn>((m) => {
        const def = indicatorDefs.get(m.id);
        const desc = def?.desc ?? m.desc;
        return {
          key: m.id,
          label: def?.label ?? m.label,
          type: '2',
          format: def?.format ?? m.format,
          ...(desc ? { desc } : {}),
        };
      }),
    ];
    this.zeroCheck = report.hide_zero_rows
      ? measureClosure(
          index,
          report.indicators.map((i) => i.measure),
        ).filter((m): m is MeasureDef => !isDerived(m))
      : [];
    this.havingFilters = query.filters.filter((f) => 'measure' in f.filter.target);
    this.whereFilters = query.filters.filter((f) => !('measure' in f.filter.target));
    const client = this.session.client;
    this.scopeRules = client === 'HMT' ? [] : ((report.scope ?? this.ds.scope)[client] ?? []);
    if (client !== 'HMT' && this.scopeRules.length === 0) throw new ScopeError(`no row scope for ${client}`);
    this.comparison = report.dates.filter((d) => d.comparison).map((d) => d.index);
    this.span = this.comparisonSpan();
  }

  /**
   * Range 1 and its comparison ranges as one closed date interval, and whether they cover it without
   * a gap. The WHERE then reads the hull as a plain range, which the databases prune by (DuckDB zone
   * maps, a PostgreSQL index range); an OR of ranges they cannot.
   */
  private comparisonSpan(): DateSpan | null {
    if (!this.comparison.length) return null;
    const column = this.report.dates.find((d) => d.index === 1)?.column;
    if (!column || !hasKey(this.ds.date_columns, column) || this.ds.date_columns![column].type !== 'date') return null;
    const intervals: [string, string][] = [];
    for (const index of [1, ...this.comparison]) {
      const r = this.range(index);
      if (!r?.start || !r.end) return null;
      intervals.push([r.start.slice(0, 10), r.end.slice(0, 10)]);
    }
    intervals.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    let hi = intervals[0][1];
    let gapless = true;
    for (const [start, end] of intervals) {
      if (start > end || start > addDays(hi, 1)) gapless = false;
      if (end > hi) hi = end;
    }
    return { column, lo: intervals[0][0], hi, gapless };
  }

  table(name: string): string {
    return this.report.tables?.[name] ?? name;
  }

  range(index: number): ValidRange | undefined {
    return this.query.dates.find((d) => d.index === index);
  }

  /** Where a filter's condition goes: union branches, or (none) the outer query. */
  filterParts(f: ValidFilter): string[] {
    const t = f.filter.target;
    const field = 'field' in t ? this.index.fields.get(t.field) : undefined;
    return field ? fieldParts(field) : [];
  }

  /** Raw fragments a filter reads (for join pruning). */
  filterFragments(f: ValidFilter): string[] {
    const t = f.filter.target;
    if ('dimension' in t) return [this.index.dimensions.get(t.dimension)!.columns[0].expr];
    if ('field' in t) {
      const field = this.index.fields.get(t.field)!;
      return field.exprs ?? [field.condition!];
    }
    return [];
  }

  measureFragments(measures: AnyMeasure[]): string[] {
    return measureClosure(
      this.index,
      measures.map((m) => m.id),
    ).flatMap((m) => (isDerived(m) ? [] : [m.expr ?? '', m.filter ?? '']));
  }

  /**
   * Union branches of a statement: a branch without a value for an active chip stays out of the rows,
   * and a branch that needs chips is in the rows only while they are all active. The totals row
   * groups by nothing: it keeps the former and leaves out the latter.
   */
  parts(forTotals: boolean): UnionPart[] {
    const s = this.source as UnionSource;
    const active = (d: string) => !forTotals && this.activeDimIds.has(d);
    return s.union.filter((p) => !(p.omit_when_dimensions ?? []).some(active) && (p.only_with_dimensions ?? []).every(active));
  }

  /**
   * The branches of the rows and of the totals row together, each marked with the sets it is in:
   * what one grouped pass reads when the two sets differ (`FactSet`).
   */
  flaggedParts(): { part: UnionPart; flags: FactSets }[] {
    const rows = new Set(this.parts(false));
    const totals = new Set(this.parts(true));
    return (this.source as UnionSource).union
      .filter((p) => rows.has(p) || totals.has(p))
      .map((part) => ({ part, flags: { rows: rows.has(part), totals: totals.has(part) } }));
  }

  /**
   * Whether a base aggregate may read a fact of a branch that only the rows or only the totals row
   * has, so that it must be restricted to its set's facts. It cannot when it aggregates a bare column
   * of the union that no such branch selects: NULL there, and every aggregate but a count skips NULL
   * (a conditional sum would add its ELSE 0, so it counts as reading them too).
   */
  readsFlaggedFacts(m: MeasureDef, conditional: boolean): boolean {
    const column = /^(\w+)\.(\w+)$/.exec(m.expr?.trim() ?? '');
    if (!column || column[1] !== this.source.alias || m.agg === 'count' || (m.agg === 'sum' && conditional)) return true;
    return this.flaggedParts().some(({ part, flags }) => flags.rows !== flags.totals && hasKey(part.select, column[2]));
  }

  /** The sort the rows get: the query's, else the report's default (null when neither names an output column). */
  sort(): { column: string; desc: boolean } | null {
    const fallback = this.report.default_order_by?.split(' ');
    const first = this.query.orderBy ?? (fallback ? { column: fallback[0], desc: fallback[1] === 'desc' } : null);
    return first && this.columns.some((c) => c.key === first.column) ? first : null;
  }
}

/**
 * page, count and totals are the three classic statements; `screen` renders the outer layer of the
 * one-pass statement, where base measures are columns of the grouped pass and windows are
 * partitioned by the grouping level (`__g`: 0 = a row, 1 = the totals row).
 */
type Variant = 'page' | 'count' | 'totals' | 'screen';

const LEVEL = '"__g"';
const FACTS = '"__facts"';
/** a fact's membership of the rows' and the totals row's branches (`Stmt.flagged`) */
const ROWS_FLAG = '__r';
const TOTALS_FLAG = '__t';

/** Which of the two sets (the rows, the totals row) a union branch's facts belong to. */
interface FactSets {
  rows: boolean;
  totals: boolean;
}

const flagColumns = (f: FactSets) => [`${f.rows ? 'TRUE' : 'FALSE'} AS ${quote(ROWS_FLAG)}`, `${f.totals ? 'TRUE' : 'FALSE'} AS ${quote(TOTALS_FLAG)}`];
const ROWS = '"__rows"';
const baseColumn = (id: string) => quote(`__m_${id}`);
/** a distinct count's value per fact, a key of a branch's partial groups */
const distinctColumn = (id: string) => quote(`__d_${id}`);
/** a share's denominator as the outer layer reads it, and its sum over the shown rows */
const shareColumn = (id: string) => quote(`__s_${id}`);
const shareSum = (id: string) => quote(`__share_${id}`);

interface DateSpan {
  /** the date column the ranges filter */
  column: string;
  lo: string;
  hi: string;
  /** the ranges leave no day of [lo, hi] out */
  gapless: boolean;
}

/** One statement under construction: its own parameters, rendered from the plan. */
class Stmt {
  private measureCache = new Map<string, string>();
  /** screen: the base measures the outer layer reads from the grouped pass */
  readonly bases = new Map<string, MeasureDef>();
  /**
   * screen without windows: a share reads its denominator from a column (`shareColumn`) that the
   * statement fills with the sum over the shown rows, or on the totals row with its own value
   */
  windowless = false;
  /**
   * screen over a union whose rows and totals row read different branches: FROM reads the branches of
   * both, each with its membership flags (`ROWS_FLAG`, `TOTALS_FLAG`); `onlyFacts` names the flag this
   * statement's aggregates are restricted to
   */
  flagged = false;
  onlyFacts: string | null = null;
  /** flagged: FROM reads each branch grouped first (`PartialGroups`) */
  partial: PartialGroups | null = null;

  constructor(
    readonly plan: Plan,
    readonly variant: Variant,
    readonly params: Params = new Params(),
  ) {}

  finish(sql: string): Statement {
    return { sql: sql.replace(/\s+/g, ' ').trim(), params: this.params.values };
  }

  tenant(): string {
    return this.params.bind(this.plan.session.tenant_id, 'BIGINT', 'tenant');
  }

  render(sql: string, values?: string): string {
    return fillPlaceholders(sql, (name) => {
      if (name === 'tenant_id') return this.tenant();
      if (name === 'today') return this.params.bind(this.plan.input.today, 'DATE', 'today');
      if (name === 'values') {
        if (values === undefined) throw new Error('{values} outside a field condition');
        return values;
      }
      const range = placeholderRange(name);
      if (range === null) throw new Error(`unknown placeholder {${name}}`);
      return this.dateParam(name.replace(/_[2-4]$/, ''), range);
    });
  }

  /** A date placeholder; an end that was not given is open (1970-01-01 .. today). */
  private dateParam(kind: string, index: number): string {
    const r = this.plan.range(index);
    const datetime = r?.datetime ?? false;
    const start = r?.start ?? (datetime ? `${UNBOUNDED_START} 00:00:00` : UNBOUNDED_START);
    const end = r?.end ?? (datetime ? `${this.plan.input.today} 23:59:59` : this.plan.input.today);
    const key = `r${index}.${kind}`;
    switch (kind) {
      case 'date_start':
        return this.params.bind(start, datetime ? 'TIMESTAMP' : 'DATE', key);
      case 'date_end':
        return this.params.bind(end, datetime ? 'TIMESTAMP' : 'DATE', key);
      case 'date_start_prev':
        return this.params.bind(addDays(start, -1), 'DATE', key);
      default:
        return this.params.bind(addDays(end, 1), 'DATE', key);
    }
  }

  /** The date column range `index` filters, or null when it has none. */
  private dateDefOf(index: number) {
    return this.plan.report.dates.find((d) => d.index === index);
  }

  private dateColumnOf(index: number): DateColumn | null {
    const def = this.dateDefOf(index);
    return def?.column ? dateColumnNamed(this.plan.ds, def.column) : null;
  }

  /**
   * The condition of range `index` on its date column (or on `expr`, one of the copies the column
   * lists in `also`); null when it filters nothing.
   */
  rangeCondition(index: number, expr?: SqlFragment, withinSpan = false): string | null {
    const col = this.dateColumnOf(index);
    const r = this.plan.range(index);
    if (!col || !r || (!r.start && !r.end)) return null;
    const e = this.render(expr ?? col.expr);
    const conds: string[] = [];
    const key = `r${index}`;
    // inside the span the WHERE already holds, a bound equal to the span's own adds nothing
    const span = withinSpan && this.plan.span?.column === this.dateDefOf(index)?.column ? this.plan.span : null;
    if (span && r.start?.slice(0, 10) === span.lo && r.end?.slice(0, 10) === span.hi) return null;
    if (r.start && r.start.slice(0, 10) !== span?.lo) {
      const both = col.type === 'datetime' && r.datetime;
      const v = both ? r.start : r.start.slice(0, 10);
      conds.push(`${e} >= ${this.params.bind(v, both ? 'TIMESTAMP' : 'DATE', `${key}.lo`)}`);
    }
    if (r.end && r.end.slice(0, 10) !== span?.hi) {
      if (col.type === 'datetime' && r.datetime) conds.push(`${e} <= ${this.params.bind(r.end, 'TIMESTAMP', `${key}.hi`)}`);
      else if (col.type === 'datetime') conds.push(`${e} < ${this.params.bind(addDays(r.end, 1), 'DATE', `${key}.next`)}`);
      else conds.push(`${e} <= ${this.params.bind(r.end.slice(0, 10), 'DATE', `${key}.hi`)}`);
    }
    return conds.join(' AND ');
  }

  /**
   * Date conditions of the WHERE, once on the date column and once on each copy in `also` (so every
   * table carrying the date is filtered on its own columns); a comparison group reads the rows of any
   * of its ranges.
   */
  dateConditions(): string[] {
    const { report, comparison } = this.plan;
    const exprsOf = (index: number) => {
      const col = this.dateColumnOf(index);
      return col ? [col.expr, ...(col.also ?? [])] : [];
    };
    const out: string[] = [];
    const { span } = this.plan;
    if (comparison.length) {
      for (const e of exprsOf(1)) {
        if (span) {
          const v = this.render(e);
          out.push(`${v} >= ${this.params.bind(span.lo, 'DATE', 'span.lo')} AND ${v} <= ${this.params.bind(span.hi, 'DATE', 'span.hi')}`);
          if (span.gapless) continue;
        }
        const group = [1, ...comparison].map((i) => this.rangeCondition(i, e));
        if (group.every((c) => c !== null)) out.push(`((${group.join(') OR (')}))`);
      }
    }
    for (const d of report.dates) {
      if (comparison.length && (d.index === 1 || d.comparison)) continue;
      for (const e of exprsOf(d.index)) {
        const c = this.rangeCondition(d.index, e);
        if (c) out.push(c);
      }
    }
    return out;
  }

  scopeCondition(rule: ScopeRule): string {
    const { session, report, query } = this.plan;
    const e = this.render(rule.expr);
    if (rule.session === 'org_codes') {
      let codes = session.account_org_relation;
      if (report.org_restricted && query.orgCodes) codes = codes.filter((c) => query.orgCodes!.includes(c));
      if (codes.length === 0) return '1 = 0';
      return `${e} IN (${codes.map((c) => this.params.bind(c, 'VARCHAR')).join(', ')})`;
    }
    const value = session[rule.session];
    if (!value) throw new ScopeError(`session has no ${rule.session}`);
    return `${e} = ${this.params.bind(value, 'VARCHAR', `scope.${rule.session}`)}`;
  }

  /** `e <op> values` for one filter expression. */
  private compare(e: string, f: ValidFilter, type: ParamType): string {
    const bound = () => f.values.map((v) => this.params.bind(v, type));
    switch (f.operator) {
      case OPERATORS.eq:
      case OPERATORS.in: {
        const vs = bound();
        return vs.length === 1 ? `${e} = ${vs[0]}` : `${e} IN (${vs.join(', ')})`;
      }
      case OPERATORS.ne: {
        const vs = bound();
        return vs.length === 1 ? `${e} IS DISTINCT FROM ${vs[0]}` : `(${e} IS NULL OR ${e} NOT IN (${vs.join(', ')}))`;
      }
      case OPERATORS.lt:
        return `${e} < ${bound()[0]}`;
      case OPERATORS.le:
        return `${e} <= ${bound()[0]}`;
      case OPERATORS.gt:
        return `${e} > ${bound()[0]}`;
      case OPERATORS.ge:
        return `${e} >= ${bound()[0]}`;
      case OPERATORS.contains: {
        const text = type === 'VARCHAR' ? e : `CAST(${e} AS VARCHAR)`;
        const pattern = `%${f.values[0].replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return `${text} ILIKE ${this.params.bind(pattern, 'VARCHAR')} ESCAPE '\\'`;
      }
      default:
        throw new Error(`operator ${f.operator} not supported`);
    }
  }

  filterCondition(f: ValidFilter): string {
    const { index } = this.plan;
    const t = f.filter.target;
    if ('dimension' in t) {
      const dim = index.dimensions.get(t.dimension)!;
      return this.compare(this.render(dim.columns[0].expr), f, VALUE_TYPES[dim.value_type]);
    }
    if ('field' in t) {
      const field = index.fields.get(t.field)!;
      const type = VALUE_TYPES[field.value_type];
      if (field.condition) {
        const list = `(${f.values.map((v) => this.params.bind(v, type)).join(', ')})`;
        return `(${this.render(field.condition, list)})`;
      }
      const ors = field.exprs!.map((e) => this.compare(this.render(e), f, type));
      return ors.length === 1 ? ors[0] : `(${ors.join(' OR ')})`;
    }
    return this.compare(this.measureSql(t.measure), f, 'DECIMAL(18,4)');
  }

  /** SQL of a measure on this statement's rows (rows: grouped; totals: the whole set). */
  measureSql(id: string): string {
    const cached = this.measureCache.get(id);
    if (cached !== undefined) return cached;
    const m = this.plan.index.measures.get(id)!;
    const sql = this.buildMeasure(m);
    this.measureCache.set(id, sql);
    return sql;
  }

  private buildMeasure(m: AnyMeasure): string {
    const nullOnRows = (m.null_when_dimensions ?? []).some((d) => this.plan.activeDimIds.has(d));
    if (this.variant === 'screen') {
      const sql = isDerived(m) ? this.derived(m) : this.baseRef(m);
      return nullOnRows ? `CASE WHEN ${LEVEL} = 1 THEN ${sql} END` : sql;
    }
    if (nullOnRows && this.variant !== 'totals') return 'CAST(NULL AS DECIMAL(18,4))';
    return isDerived(m) ? this.derived(m) : this.aggregate(m);
  }

  /** A base measure in the screen's outer layer: its column of the grouped pass. */
  private baseRef(m: MeasureDef): string {
    this.bases.set(m.id, m);
    return baseColumn(m.id);
  }

  private derived(m: DerivedDef): string {
    const onRows = this.variant !== 'totals';
    const screen = this.variant === 'screen';
    // arguments are rendered only when used: a rendered measure binds its parameters
    const ids = measureArgs(m);
    const arg = (i: number) => this.measureSql(ids[i]);
    switch (m.op) {
      case 'total':
        return this.wholeSet(ids[0]);
      case 'cumulative': {
        if (!onRows) return arg(0);
        const a = arg(0);
        return screen ? `CASE WHEN ${LEVEL} = 1 THEN ${a} ELSE ${this.running(a, m.along!)} END` : this.running(a, m.along!);
      }
      case 'rank':
        if (!onRows) return 'CAST(NULL AS BIGINT)';
        return screen ? `CASE WHEN ${LEVEL} = 0 THEN ${this.rank(m, ids[0])} END` : this.rank(m, ids[0]);
    }
    const args = ids.map((a) => this.measureSql(a));
    const [a, b] = args;
    switch (m.op) {
      case 'ratio':
        return m.positive_denominator ? `(${a}) * 1.0 / CASE WHEN (${b}) > 0 THEN (${b}) END` : `(${a}) * 1.0 / NULLIF(${b}, 0)`;
      case 'difference':
        return `(${a}) - (${b})`;
      case 'sum':
        return args.map((x) => `(${x})`).join(' + ');
      case 'growth':
        return `((${a}) - (${b})) * 1.0 / NULLIF(ABS(${b}), 0)`;
      case 'share':
        if (screen && this.windowless) return `(${a}) * 1.0 / NULLIF(${shareColumn(m.id)}, 0)`;
        return `(${a}) * 1.0 / NULLIF(SUM(${a}) OVER (${this.levelPartition()}), 0)`;
      case 'formula':
        return formulaSql(m.formula!, (ref) => this.measureSql(ref));
    }
  }

  /** Windows of the screen's outer layer never mix the rows with the totals row. */
  private levelPartition(): string {
    return this.variant === 'screen' ? `PARTITION BY ${LEVEL}` : '';
  }

  /** A chip's value: its expression on the facts, or its output column in the screen's outer layer. */
  private dimValue(d: DimensionDef): string {
    return this.variant === 'screen' ? quote(d.columns[0].value) : this.render(d.columns[0].expr);
  }

  /** RANK by the measure descending, or by the rows' sort column when the rank follows the sort. */
  private rank(m: DerivedDef, by: string): string {
    const sort = m.follow_sort ? this.plan.sort() : null;
    const target = sort && this.plan.index.measures.get(sort.column);
    const over = this.variant === 'screen' ? `PARTITION BY ${LEVEL} ` : '';
    if (sort && target && target.id !== m.id && !isWindow(target)) {
      return `RANK() OVER (${over}ORDER BY ${this.measureSql(target.id)} ${sort.desc ? 'DESC' : 'ASC'} NULLS LAST)`;
    }
    return `RANK() OVER (${over}ORDER BY ${this.measureSql(by)} DESC NULLS LAST)`;
  }

  /** Running sum along one chip, within each combination of the other active chips. */
  private running(sql: string, along: string): string {
    const { activeDims } = this.plan;
    const dim = activeDims.find((d) => d.id === along);
    if (!dim) return sql;
    const others = [
      ...(this.variant === 'screen' ? [LEVEL] : []),
      ...activeDims.filter((d) => d !== dim).map((d) => this.dimValue(d)),
    ];
    const partition = others.length ? `PARTITION BY ${others.join(', ')} ` : '';
    return `SUM(${sql}) OVER (${partition}ORDER BY ${this.dimValue(dim)})`;
  }

  /** A measure over the whole filtered set (no grouping, no measure filters), as a scalar subquery. */
  private wholeSet(id: string): string {
    const sub = new Stmt(this.plan, 'totals', this.params);
    const value = sub.measureSql(id);
    const target = this.plan.index.measures.get(id)!;
    return `(SELECT ${value} FROM ${sub.from(this.plan.measureFragments([target]))} ${sub.where()})`;
  }

  private conditions(m: MeasureDef): string {
    const conds: string[] = [];
    if (m.filter) conds.push(`(${this.render(m.filter)})`);
    if (this.plan.comparison.length) {
      const c = this.rangeCondition(m.range ?? 1, undefined, true);
      if (c) conds.push(`(${c})`);
    }
    return conds.join(' AND ');
  }

  private aggregate(m: MeasureDef): string {
    const { onlyFacts } = this;
    const { expr, cond } = this.measureParts(m);
    const own = onlyFacts && this.plan.readsFlaggedFacts(m, cond !== '');
    const filter = own ? ` FILTER (WHERE ${this.plan.source.alias}.${quote(onlyFacts)})` : '';
    return `${aggregateSql(m.agg, expr, cond)}${filter}`;
  }

  /** A base measure's expression and the condition of the facts it aggregates (empty: every fact), rendered. */
  measureParts(m: MeasureDef): { expr: string; cond: string } {
    return { expr: m.expr ? this.render(m.expr) : '', cond: this.conditions(m) };
  }

  /** The join SQL, with the tenant equality every join repeats. */
  private joinSql(j: Join, root: string): string {
    const kind = j.kind === 'inner' ? 'JOIN' : 'LEFT JOIN';
    return `${kind} ${this.plan.table(j.table)} ${j.alias} ON ${j.alias}.tenant_id = ${root}.tenant_id AND (${this.render(j.on)})`;
  }

  /**
   * A branch's table with the joins that `selected` (the select fragments read) and its conditions
   * need, and its conditions: the branch's own, its scope rules and the filters on its fields.
   * `columns` renders the selected columns between the joins and the conditions.
   */
  branchScan<T>(part: UnionPart, selected: string[], columns: () => T): { from: string; columns: T; conds: string[] } {
    const plan = this.plan;
    const rules = plan.scopeRules.filter((r) => r.part === part.id);
    const filters = plan.whereFilters.filter((f) => plan.filterParts(f).includes(part.id));
    const fragments = [...selected, ...(part.where ?? []), ...rules.map((r) => r.expr), ...filters.flatMap((f) => plan.filterFragments(f))];
    const joins = neededJoins(part.joins ?? [], fragments).map((j) => this.joinSql(j, part.alias));
    const cols = columns();
    const conds = [
      `${part.alias}.tenant_id = ${this.tenant()}`,
      ...(part.where ?? []).map((w) => this.render(w)),
      ...rules.map((r) => this.scopeCondition(r)),
      ...filters.map((f) => this.filterCondition(f)),
    ];
    return { from: `${plan.table(part.table)} ${part.alias} ${joins.join(' ')}`.trim(), columns: cols, conds };
  }

  private partSql(part: UnionPart, source: UnionSource, flags?: FactSets): string {
    const scan = this.branchScan(part, Object.values(part.select), () =>
      source.columns.map((c) => {
        const e = part.select[c.name];
        return `CAST(${e ? this.render(e) : 'NULL'} AS ${c.type}) AS ${c.name}`;
      }),
    );
    const cols = [...scan.columns, ...(flags ? flagColumns(flags) : [])];
    return `SELECT ${part.alias}.tenant_id AS tenant_id, ${cols.join(', ')} FROM ${scan.from} WHERE ${scan.conds.join(' AND ')}`;
  }

  /** FROM … joins, keeping the look-ups the given outer fragments use. */
  from(fragments: string[]): string {
    const { plan } = this;
    const source = plan.source;
    const outerFragments = [...fragments, ...this.outerFragments()];
    if (isUnion(source)) {
      const joins = neededJoins(source.joins ?? [], outerFragments).map((j) => this.joinSql(j, source.alias));
      if (this.partial) return `(${this.partial.union()}) ${source.alias} ${joins.join(' ')}`;
      const branches: { part: UnionPart; flags?: FactSets }[] = this.flagged
        ? plan.flaggedParts()
        : plan.parts(this.variant === 'totals').map((part) => ({ part }));
      const parts = branches.map(({ part, flags }) => `(${this.partSql(part, source, flags)})`);
      return `(${parts.join(' UNION ALL ')}) ${source.alias} ${joins.join(' ')}`;
    }
    const joins = neededJoins(source.joins ?? [], outerFragments).map((j) => this.joinSql(j, source.alias));
    return `${plan.table(source.table)} ${source.alias} ${joins.join(' ')}`;
  }

  /** Fragments of the outer WHERE (used for join pruning). */
  outerFragments(): string[] {
    const { plan } = this;
    const ds = plan.ds;
    const dateCols = plan.report.dates
      .filter((d) => d.column)
      .map((d) => dateColumnNamed(ds, d.column!))
      .flatMap((c) => [c.expr, ...(c.also ?? [])]);
    return [
      ...(plan.source.where ?? []),
      ...(plan.report.conditions ?? []).map((c) => ds.conditions![c]),
      ...dateCols,
      ...plan.scopeRules.filter((r) => !r.part).map((r) => r.expr),
      ...plan.whereFilters.filter((f) => !plan.filterParts(f).length).flatMap((f) => plan.filterFragments(f)),
    ];
  }

  where(): string {
    const { plan } = this;
    const conds = [
      `${plan.source.alias}.tenant_id = ${this.tenant()}`,
      ...(plan.source.where ?? []).map((w) => this.render(w)),
      ...(plan.report.conditions ?? []).map((c) => this.render(plan.ds.conditions![c])),
      ...this.dateConditions(),
      ...plan.scopeRules.filter((r) => !r.part).map((r) => this.scopeCondition(r)),
      ...plan.whereFilters.filter((f) => !plan.filterParts(f).length).map((f) => this.filterCondition(f)),
    ];
    return `WHERE ${conds.join(' AND ')}`;
  }

  groupBy(): string {
    const n = this.plan.dimColumns.length;
    return n ? `GROUP BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}` : '';
  }

  /** Hidden all-zero rows and measure filters (number ranges on an aggregate). */
  having(): string {
    const conds: string[] = [];
    if (this.plan.zeroCheck.length) {
      const zeros = this.plan.zeroCheck.map((m) => `COALESCE(${this.measureSql(m.id)}, 0) = 0`);
      conds.push(`NOT (${zeros.join(' AND ')})`);
    }
    conds.push(...this.plan.havingFilters.map((f) => this.filterCondition(f)));
    return conds.length ? `HAVING ${conds.join(' AND ')}` : '';
  }

  dimSelect(): string[] {
    return this.plan.dimColumns.map((c) => `${this.render(c.expr)} AS ${quote(c.value)}`);
  }

  indicatorSelect(): string[] {
    const byKey = new Map(this.plan.columns.map((c) => [c.key, c]));
    return this.plan.indicators.map((m) => `${formatted(this.measureSql(m.id), byKey.get(m.id)!.format)} AS ${quote(m.id)}`);
  }
}

function orderBy(plan: Plan): string {
  const items = orderItems(plan);
  return items.length ? `ORDER BY ${items.join(', ')}` : '';
}

function orderItems(plan: Plan): string[] {
  const items: string[] = [];
  const first = plan.sort();
  if (first) items.push(`${quote(first.column)} ${first.desc ? 'DESC' : 'ASC'} NULLS LAST`);
  // the dimension columns make the order total, so pages never overlap
  for (const c of plan.dimColumns) items.push(`${quote(c.value)} ASC NULLS LAST`);
  return items;
}

function rowFragments(plan: Plan): string[] {
  return [
    ...plan.dimColumns.map((c) => c.expr),
    ...plan.measureFragments([...plan.indicators, ...plan.zeroCheck]),
    ...plan.measureFragments(plan.havingFilters.map((f) => plan.index.measures.get((f.filter.target as { measure: string }).measure)!)),
  ];
}

/** Which page of rows a statement reads. */
export interface PageWindow {
  pageNum: number;
  pageSize: number;
}

const offsetOf = (w: PageWindow) => (w.pageNum - 1) * w.pageSize;

/** The page statement ends with its window as text (an export strips it to read every row). */
const windowText = (w: PageWindow) => `LIMIT ${w.pageSize} OFFSET ${offsetOf(w)}`;
const TRAILING_WINDOW = /LIMIT \d+ OFFSET \d+$/;

function buildPage(plan: Plan): Statement {
  const s = new Stmt(plan, 'page');
  const select = [...s.dimSelect(), ...s.indicatorSelect()].join(', ');
  return s.finish(
    `SELECT ${select} FROM ${s.from(rowFragments(plan))} ${s.where()} ${s.groupBy()} ${s.having()} ${orderBy(plan)}
     ${windowText(plan.query)}`,
  );
}

function buildCount(plan: Plan): Statement {
  const s = new Stmt(plan, 'count');
  const inner = plan.dimColumns.length ? s.dimSelect().join(', ') : 'COUNT(*) AS n';
  return s.finish(
    `SELECT COUNT(*) AS total FROM (SELECT ${inner} FROM ${s.from(rowFragments(plan))} ${s.where()} ${s.groupBy()} ${s.having()}) q`,
  );
}

/**
 * The totals row: no GROUP BY. With a measure filter (a number range on an aggregate) the row set
 * is the groups that pass it, so the totals read only the rows of those groups (`kept`).
 */
function buildTotals(plan: Plan): Statement {
  const s = new Stmt(plan, 'totals');
  const select = s.indicatorSelect().join(', ');
  const measures = plan.measureFragments(plan.indicators);
  if (!plan.havingFilters.length) {
    return s.finish(`SELECT ${select} FROM ${s.from(measures)} ${s.where()}`);
  }
  // the kept groups are the rows' own query (same parameters), matched on the dimension columns;
  // keys compare as text with their NULL-ness alongside, an equality both databases can hash
  const rows = new Stmt(plan, 'count', s.params);
  const keys = plan.dimColumns.map((c, i) => `CAST(${rows.render(c.expr)} AS VARCHAR) AS k${i}`);
  const kept = `SELECT ${keys.length ? keys.join(', ') : '1 AS k'} FROM ${rows.from(rowFragments(plan))} ${rows.where()} ${rows.groupBy()} ${rows.having()}`;
  const match = plan.dimColumns.length
    ? plan.dimColumns
        .map((c, i) => {
          const e = `CAST(${s.render(c.expr)} AS VARCHAR)`;
          return `COALESCE(kept.k${i}, '') = COALESCE(${e}, '') AND (kept.k${i} IS NULL) = (${e} IS NULL)`;
        })
        .join(' AND ')
    : '1 = 1';
  const from = s.from([...measures, ...plan.dimColumns.map((c) => c.expr)]);
  // materialized: a planner without statistics must not re-run the grouping per joined row
  return s.finish(`WITH kept AS MATERIALIZED (${kept}) SELECT ${select} FROM ${from} JOIN kept ON ${match} ${s.where()}`);
}

/** Rows and the totals row read the same facts (a union's branches can differ between them). */
function sameFactsForRowsAndTotals(plan: Plan): boolean {
  if (!isUnion(plan.source)) return true;
  const ids = (parts: UnionPart[]) => parts.map((p) => p.id).join(',');
  return ids(plan.parts(false)) === ids(plan.parts(true));
}

/**
 * A base aggregate of the whole set from its per-group values: sums and counts add up, extremes
 * take their extreme. A count of no rows is 0 and a sum of none is NULL, as over the facts. `filter`
 * restricts each aggregate's groups (a FILTER clause). Given
 * `keys`, sums add the groups in the order of their keys: a DOUBLE sum (a division per line) must not
 * take its last bits from the order the groups came out of a parallel hash table; exact sums need
 * no order (`exactRollUp`), and an ordered aggregate sorts.
 */
function rollUp(m: MeasureDef, overFacts: string, keys: string[]): string {
  return rollUpColumn(m, baseColumn(m.id), keys, overFacts === 'COUNT(*)');
}

/** `rollUp` of the per-group values in `col`; `countsAll`: the measure is COUNT(*), 0 over no facts. */
function rollUpColumn(m: MeasureDef, col: string, keys: string[] = [], countsAll = !m.filter): string {
  switch (m.agg) {
    case 'sum':
      return keys.length ? `SUM(${col} ORDER BY ${keys.join(', ')})` : `SUM(${col})`;
    case 'count':
      // only COUNT(*) counts 0 over no facts; a conditional count is a SUM (aggregateSql)
      return countsAll ? `CAST(COALESCE(SUM(${col}), 0) AS BIGINT)` : `CAST(SUM(${col}) AS BIGINT)`;
    case 'min':
    case 'max':
      return `${m.agg.toUpperCase()}(${col})`;
    case 'count_distinct':
      throw new Error(`a distinct count does not roll up: ${m.id}`);
  }
}

/**
 * The whole screen (one page of rows, the row count and the totals row) from one grouped pass:
 *
 *   a: base aggregates per group of chips plus the totals row: summed from the groups (r) when
 *      every base aggregate rolls up, else GROUP BY GROUPING SETS ((chips), ()) so distinct
 *      counts stay exact; either way ratios stay ratios of sums;
 *      (a union whose rows and totals row read different branches: the grouping set over the
 *      branches of both, each aggregate over its set's facts, `flaggedAggregates`);
 *   d: hidden all-zero rows dropped, derived measures computed from a's columns (windows
 *      partitioned by level), the row count as a window;
 *   the page of d's rows (their row number in the sort order), plus d's totals row.
 *
 * Null (the three statements serve) when a grouping set cannot express the totals row: a measure
 * filter keeps groups (the totals cover only their facts), or the rows group through a look-up that
 * repeats facts (`fan_out`).
 */
function buildScreen(plan: Plan): ScreenStatement | null {
  if (plan.havingFilters.length) return null;
  if (neededJoins(plan.source.joins ?? [], rowFragments(plan)).some((j) => j.fan_out)) return null;
  // a union whose rows and totals row read different branches: one pass over the branches of both,
  // each aggregate of each grouping set over its own set's facts (the totals do not roll up)
  const flagged = !sameFactsForRowsAndTotals(plan);
  const indicatorIds = plan.indicators.map((m) => m.id);
  const rollUpTotals =
    !flagged &&
    plan.dimColumns.length > 0 &&
    !!plan.input.rollUpTotals &&
    measureClosure(plan.index, [...indicatorIds, ...plan.zeroCheck.map((m) => m.id)]).every((m) => isDerived(m) || m.agg !== 'count_distinct');
  const outer = new Stmt(plan, 'screen');
  // totals rolled up and no rank or running sum: the page is a LIMIT and the row count an aggregate
  outer.windowless = rollUpTotals && !needsWindow(plan.index, indicatorIds);
  const indicators = outer.indicatorSelect();
  const zeros = plan.zeroCheck.map((m) => `COALESCE(${outer.measureSql(m.id)}, 0) = 0`);
  const shares = outer.windowless ? sharesOf(plan.index, indicatorIds).map((s) => ({ ...s, sql: outer.measureSql(s.of) })) : [];
  const inner = new Stmt(plan, 'totals', outer.params);
  const bases = [...outer.bases.values()];
  // grouped first only where the sets differ: there it cut the pass (182: 0.64×); on the union
  // screens whose sets are the same (60, 102: a row per SKU, little to group) it cost (docs/performance.md)
  const keys = flagged ? partialKeys(plan, inner, bases) : null;
  if (keys) inner.partial = new PartialGroups(plan, new Stmt(plan, 'totals', outer.params), bases, keys);
  const facts = `COUNT(*) AS ${FACTS}`;
  const aggregates = inner.partial
    ? []
    : flagged
      ? flaggedAggregates(plan, inner, bases)
      : [...bases.map((m) => `${inner.measureSql(m.id)} AS ${baseColumn(m.id)}`), facts];
  const fromWhere = `FROM ${inner.from(rowFragments(plan))} ${inner.where()}`;
  if (outer.windowless) {
    const keep = zeros.length ? `NOT (${zeros.join(' AND ')})` : '';
    return windowlessScreen({ plan, outer, inner, indicators, bases, aggregates, fromWhere, keep, shares });
  }
  let grouped: string;
  let rows = '';
  if (inner.partial) {
    // the partial groups with their chips, kept once for the rows' grouping and the totals row
    const columns = inner.partial.columns().map((c) => `${plan.source.alias}.${c}`);
    rows = `j AS MATERIALIZED (SELECT ${[...inner.dimSelect(), ...columns].join(', ')} ${fromWhere}), `;
    grouped = inner.partial.grouped('j');
  } else if (rollUpTotals) {
    // every base aggregate rolls up: the totals row is summed from the grouped rows, a second
    // aggregation over a few groups instead of over every fact again (what GROUPING SETS costs)
    const keys = plan.dimColumns.map((c) => quote(c.value));
    const rolled = bases.map((m) => `${rollUp(m, inner.measureSql(m.id), keys)} AS ${baseColumn(m.id)}`);
    const dims = plan.dimColumns.map((c) => `NULL AS ${quote(c.value)}`);
    rows = `r AS MATERIALIZED (SELECT ${inner.dimSelect().join(', ')}, ${aggregates.join(', ')} ${fromWhere} ${inner.groupBy()}), `;
    grouped = `SELECT *, 0 AS ${LEVEL} FROM r
      UNION ALL SELECT ${[...dims, ...rolled, `COALESCE(SUM(${FACTS}), 0)`, `1 AS ${LEVEL}`].join(', ')} FROM r`;
  } else if (plan.dimColumns.length) {
    const keys = plan.dimColumns.map((c) => inner.render(c.expr));
    grouped = `SELECT ${inner.dimSelect().join(', ')}, ${aggregates.join(', ')}, GROUPING(${keys[0]}) AS ${LEVEL}
      ${fromWhere} GROUP BY GROUPING SETS ((${keys.join(', ')}), ())`;
  } else {
    // no chips: the single aggregate row is both the one row and the totals row
    grouped = `SELECT t.*, v.${LEVEL} FROM (SELECT ${aggregates.join(', ')} ${fromWhere}) t CROSS JOIN (VALUES (0), (1)) AS v(${LEVEL})`;
  }
  // flagged, a group of only the totals row's facts (e.g. a range-end branch under the month chip) is no row
  const shown = [...(flagged ? [`${FACTS} > 0`] : []), ...(zeros.length ? [`NOT (${zeros.join(' AND ')})`] : [])];
  const keep = shown.length ? `WHERE ${LEVEL} = 1 OR ${shown.length > 1 ? `(${shown.join(' AND ')})` : shown[0]}` : '';
  const dims = plan.dimColumns.map((c) => quote(c.value));
  const select = [...dims, ...indicators, LEVEL, `COUNT(CASE WHEN ${LEVEL} = 0 THEN 1 END) OVER () AS ${quote('__rows')}`];
  const order = orderBy(plan);
  // the window is bound last, so another page of the same query is the same text (atPage)
  const { params } = outer;
  const size = params.bind(plan.query.pageSize, 'BIGINT');
  const offset = params.bind(offsetOf(plan.query), 'BIGINT');
  // the page is picked by row number in the same pass as the derived measures: d is read once,
  // not materialised and read again for the page and for the totals row
  const numbered = `SELECT *, ROW_NUMBER() OVER (PARTITION BY ${LEVEL} ${order}) AS ${quote('__rn')} FROM d`;
  const screenOrder = [LEVEL, ...orderItems(plan)];
  const statement = outer.finish(
    `WITH ${rows}a AS (${grouped}), d AS (SELECT ${select.join(', ')} FROM a ${keep})
     SELECT * FROM (${numbered}) s
     WHERE ${LEVEL} = 1 OR (${quote('__rn')} > ${offset} AND ${quote('__rn')} <= ${offset} + ${size})
     ORDER BY ${screenOrder.join(', ')}`,
  );
  return { ...statement, order: screenOrder };
}

/**
 * The grouped pass's aggregates when the rows and the totals row read different branches of a
 * union: FROM reads the branches of both (`Stmt.flagged`), and an aggregate that may read a branch
 * of only one set is computed per grouping set over that set's facts (FILTER on its flag). The fact
 * count of a row counts the rows' facts, so a group of only the totals row's facts can be dropped.
 */
function flaggedAggregates(plan: Plan, inner: Stmt, bases: MeasureDef[]): string[] {
  inner.flagged = true;
  inner.onlyFacts = TOTALS_FLAG;
  const rows = new Stmt(plan, 'totals', inner.params);
  rows.onlyFacts = ROWS_FLAG;
  const totalsLevel = `GROUPING(${inner.render(plan.dimColumns[0].expr)}) = 1`;
  const perSet = (onTotals: string, onRows: string) => (onTotals === onRows ? onRows : `CASE WHEN ${totalsLevel} THEN ${onTotals} ELSE ${onRows} END`);
  const alias = plan.source.alias;
  const count = (flag: string) => `COUNT(*) FILTER (WHERE ${alias}.${quote(flag)})`;
  return [
    ...bases.map((m) => `${perSet(inner.measureSql(m.id), rows.measureSql(m.id))} AS ${baseColumn(m.id)}`),
    `${perSet(count(TOTALS_FLAG), count(ROWS_FLAG))} AS ${FACTS}`,
  ];
}

/**
 * The union columns a screen groups its branches by before the union (`PartialGroups`), or null when
 * it cannot: only a union without comparison ranges whose base measures each roll up exactly (no
 * division per fact) or are distinct counts, and read nothing but the union's own columns. The keys
 * are the columns that the chips, the look-up joins and the WHERE outside the branches read; the
 * totals row's, those that the WHERE and the joins it needs (inner ones, those the WHERE reads) read.
 */
function partialKeys(plan: Plan, stmt: Stmt, bases: MeasureDef[]): PartialKeys | null {
  const { source } = plan;
  if (!isUnion(source) || plan.comparison.length) return null;
  const own = (sql: string | undefined) => !sql || aliasesOf(sql).every((a) => a === source.alias);
  if (!bases.every((m) => (m.agg === 'count_distinct' || exactRollUp(m)) && own(m.expr) && own(m.filter))) return null;
  const columns = new Set(source.columns.map((c) => c.name));
  const read = (fragments: string[]) => {
    const keys = new Set<string>();
    for (const sql of fragments) {
      for (const [, name] of sql.matchAll(unionColumn(source.alias))) {
        if (name === 'tenant_id') continue;
        if (!columns.has(name)) return null;
        keys.add(name);
      }
    }
    return source.columns.map((c) => c.name).filter((c) => keys.has(c));
  };
  const where = stmt.outerFragments();
  const outside = [...plan.dimColumns.map((c) => c.expr), ...where];
  const keys = read([...outside, ...neededJoins(source.joins ?? [], [...rowFragments(plan), ...outside]).map((j) => j.on)]);
  // the totals row groups by nothing: it reads the keys only through the WHERE and the joins that decide rows
  const totals = read([...where, ...neededJoins(source.joins ?? [], where).map((j) => j.on)]);
  return keys && totals && { keys, totals };
}

/** The union columns a screen's partial groups are grouped by, and those of them the totals row reads. */
interface PartialKeys {
  keys: string[];
  totals: string[];
}

/** The two sets a union's facts count in: the rows, the totals row. */
type SetName = 'rows' | 'totals';
const SETS: readonly SetName[] = ['rows', 'totals'];

/** a partial group's count of its facts of a set: more than 0 when it has any */
const setFacts = (set: SetName) => quote(set === 'rows' ? '__facts_r' : '__facts_t');

/** A reference to one of the union's columns in a fragment: `u.col` for the union's alias `u`. */
const unionColumn = (alias: string) => new RegExp(`(?<![\\w.])${alias}\\s*\\.\\s*(\\w+)`, 'g');

/** One branch as partial groups read it: its scan, its values and its sets. */
interface Branch {
  flags: FactSets;
  from: string;
  conds: string[];
  /** each key's value on the branch's facts, null when the branch selects no such column */
  keys: (string | null)[];
  /** each distinct count's value, null when NULL on every fact of the branch */
  distincts: (string | null)[];
  /** each other base measure's value and condition on the branch's facts, null when it reads none of them */
  values: ({ expr: string; cond: string } | null)[];
}

/**
 * A union read as partial groups (a flagged screen): the branches grouped on their own before the
 * union, by the union columns the rest of the statement reads (`partialKeys`) and each distinct
 * count's value, each base measure aggregated there once per set it counts in; the statement then
 * combines the groups (sums and counts add up, extremes take their extreme, a distinct count counts
 * the distinct values). A branch's columns are its own expressions, so its facts are never widened
 * to the union's row type, and a measure whose column the branch does not select is no aggregate.
 * Branches over the same table, joins and keys without a distinct count are read by one scan
 * (`merged`): each aggregate there reads its branch's facts by the conditions that set the branch
 * apart, as long as no two of them feed the same measure of the same set.
 */
class PartialGroups {
  private readonly keys: string[];
  private readonly counted: MeasureDef[];
  private readonly summed: MeasureDef[];
  /** groups of branches read by one scan, in the union's order */
  private readonly groups: Branch[][];
  /** per summed measure: whether the rows and the totals row read the same aggregate of every group */
  private readonly shared: boolean[];

  constructor(
    private readonly plan: Plan,
    private readonly facts: Stmt,
    bases: MeasureDef[],
    partialKeys: PartialKeys,
  ) {
    const { keys } = partialKeys;
    this.keys = keys;
    this.counted = bases.filter((m) => m.agg === 'count_distinct');
    this.summed = bases.filter((m) => m.agg !== 'count_distinct');
    const source = plan.source as UnionSource;
    const types = new Map(source.columns.map((c) => [c.name, c.type]));
    // each measure rendered once over the union's columns, then read on each branch's own columns
    const measure = (m: MeasureDef) => facts.measureParts(m);
    const countedParts = this.counted.map(measure);
    const summedParts = this.summed.map(measure);
    const branches = plan.flaggedParts().map(({ part, flags }) => {
      // a branch of the totals row alone is grouped only by what the totals row reads of it
      const keyed = (k: string) => flags.rows || partialKeys.totals.includes(k);
      const used = new Set([...keys.filter(keyed), ...bases.flatMap((m) => [m.expr ?? '', m.filter ?? ''].flatMap((f) => [...f.matchAll(unionColumn(source.alias))].map((x) => x[1])))]);
      const selected = [...used].filter((c) => hasKey(part.select, c)).map((c) => part.select[c]);
      const scan = facts.branchScan(part, selected, () => {
        const rendered = new Map<string, string>();
        const column = (name: string) => {
          let sql = rendered.get(name);
          if (sql === undefined) {
            sql = `CAST(${hasKey(part.select, name) ? facts.render(part.select[name]) : 'NULL'} AS ${types.get(name)})`;
            rendered.set(name, sql);
          }
          return sql;
        };
        const own = (sql: string) => sql.replace(unionColumn(source.alias), (_, name: string) => column(name));
        const reads = (m: MeasureDef) => !readsNothing(m, part, source.alias);
        return {
          keys: keys.map((k) => (hasKey(part.select, k) && keyed(k) ? column(k) : null)),
          distincts: this.counted.map((m, i) => (reads(m) ? own(distinctArgument(countedParts[i].expr, countedParts[i].cond)) : null)),
          values: this.summed.map((m, i) => (reads(m) ? { expr: own(summedParts[i].expr), cond: own(summedParts[i].cond) } : null)),
        };
      });
      return { flags, from: scan.from, conds: scan.conds, ...scan.columns };
    });
    this.groups = mergeBranches(branches, this.summed.length);
    this.shared = this.summed.map((_, i) => this.groups.every((g) => contributor(g, i, 'rows') === contributor(g, i, 'totals')));
  }

  /** The columns each partial group has besides the tenant and the keys, in order. */
  columns(): string[] {
    return [
      ...this.counted.map((m) => distinctColumn(m.id)),
      ...this.summed.flatMap((m, i) => (this.shared[i] ? [baseColumn(m.id)] : SETS.map((s) => setColumn(m.id, s)))),
      ...SETS.map(setFacts),
    ];
  }

  /** The branches' groups, one UNION ALL member per scan. */
  union(): string {
    return this.groups.map((g, i) => `(${this.groupSql(g, i === 0)})`).join(' UNION ALL ');
  }

  private groupSql(group: Branch[], first: boolean): string {
    const types = new Map((this.plan.source as UnionSource).columns.map((c) => [c.name, c.type]));
    const common = group[0].conds.filter((c) => group.every((b) => b.conds.includes(c)));
    const residue = new Map(group.map((b) => [b, b.conds.filter((c) => !common.includes(c)).join(' AND ')]));
    const where = group.some((b) => !residue.get(b)) ? common : [...common, `(${group.map((b) => `(${residue.get(b)})`).join(' OR ')})`];
    const select: string[] = [`${this.facts.tenant()} AS tenant_id`];
    const by: number[] = [];
    this.keys.forEach((k, i) => {
      const sql = group[0].keys[i];
      if (sql !== null) by.push(select.length + 1);
      select.push(`${sql ?? `CAST(NULL AS ${types.get(k)})`} AS ${k}`);
    });
    this.counted.forEach((m, i) => {
      // a branch with a distinct value is read alone (mergeBranches)
      const sql = group[0].distincts[i];
      if (sql !== null) by.push(select.length + 1);
      select.push(`${sql ?? (first ? distinctArgument(`CAST(NULL AS ${columnType(m, types)})`, '') : 'NULL')} AS ${distinctColumn(m.id)}`);
    });
    this.summed.forEach((m, i) => {
      const sets = this.shared[i] ? (['rows'] as const) : SETS;
      for (const set of sets) {
        const name = this.shared[i] ? baseColumn(m.id) : setColumn(m.id, set);
        const b = contributor(group, i, set);
        const value = b ? partialAggregate(m, b.values[i]!, residue.get(b)!) : first ? typedNone(m, group[0].values[i], types) : 'NULL';
        select.push(`${value} AS ${name}`);
      }
    });
    // a set's fact count only tells whether the group has facts of the set (a row is shown when it has)
    for (const set of SETS) {
      const mine = group.filter((b) => b.flags[set]).map((b) => residue.get(b)!);
      const count = !mine.length ? 'CAST(0 AS BIGINT)' : mine.includes('') ? 'COUNT(*)' : `COUNT(CASE WHEN ${mine.map((r) => `(${r})`).join(' OR ')} THEN 1 END)`;
      select.push(`${count} AS ${setFacts(set)}`);
    }
    const grouping = by.length ? `GROUP BY ${by.join(', ')}` : 'HAVING COUNT(*) > 0';
    return `SELECT ${select.join(', ')} FROM ${group[0].from} WHERE ${where.join(' AND ')} ${grouping}`;
  }

  /**
   * The grouped pass over the partial groups kept in `j` (with the chips' columns): the rows grouped
   * by the chips, each aggregate over its set's columns, UNION ALL the totals row over all of them.
   * A distinct count on a row counts its values without DISTINCT when one branch of the rows carries
   * them and the chips hold every key: the branch's groups are then distinct (keys, value) pairs
   * within a row.
   */
  grouped(j: string): string {
    const { plan } = this;
    const dims = plan.dimColumns.map((c) => quote(c.value));
    const keyed = this.keys.every((k) => plan.dimColumns.some((c) => new RegExp(`^\\s*${plan.source.alias}\\s*\\.\\s*${k}\\s*$`).test(c.expr)));
    const carriers = (i: number) => this.groups.filter((g) => g[0].distincts[i] !== null).map((g) => g[0]);
    const aggregates = (set: SetName) => [
      ...this.counted.map((m, i) => {
        const mine = carriers(i).filter((b) => b.flags[set]);
        const filter = mine.length < carriers(i).length ? ` FILTER (WHERE ${setFacts(set)} > 0)` : '';
        const distinct = set === 'rows' && keyed && mine.length <= 1 ? '' : 'DISTINCT ';
        return `COUNT(${distinct}${distinctColumn(m.id)})${filter} AS ${baseColumn(m.id)}`;
      }),
      ...this.summed.map((m, i) => `${rollUpColumn(m, this.shared[i] ? baseColumn(m.id) : setColumn(m.id, set))} AS ${baseColumn(m.id)}`),
      `CAST(COALESCE(SUM(${setFacts(set)}), 0) AS BIGINT) AS ${FACTS}`,
    ];
    return `SELECT ${[...dims, ...aggregates('rows'), `0 AS ${LEVEL}`].join(', ')} FROM ${j} GROUP BY ${dims.map((_, i) => i + 1).join(', ')}
      UNION ALL SELECT ${[...dims.map((d) => `NULL AS ${d}`), ...aggregates('totals'), `1 AS ${LEVEL}`].join(', ')} FROM ${j}`;
  }
}

/** a summed measure's partial aggregate of one set, when the two sets read different branches */
const setColumn = (id: string, set: SetName) => quote(`${set === 'rows' ? '__mr' : '__mt'}_${id}`);

/**
 * Whether a base measure reads nothing on a branch's facts: its expression is a column the branch
 * does not select, and it skips NULL (a plain sum, an extreme, a distinct count; a count counts every
 * fact and a conditional sum adds its ELSE 0).
 */
function readsNothing(m: MeasureDef, part: UnionPart, alias: string): boolean {
  const column = new RegExp(`^\\s*${alias}\\s*\\.\\s*(\\w+)\\s*$`).exec(m.expr ?? '');
  if (!column || hasKey(part.select, column[1])) return false;
  return m.agg === 'count_distinct' || m.agg === 'min' || m.agg === 'max' || (m.agg === 'sum' && !m.filter);
}

/** The declared type of the union column a measure's expression is (a distinct count that reads nothing). */
function columnType(m: MeasureDef, types: Map<string, string>): string {
  return types.get(/(\w+)\s*$/.exec(m.expr ?? '')![1])!;
}

/** The branch of a group whose facts feed a summed measure of a set, if any (mergeBranches allows one). */
function contributor(group: Branch[], i: number, set: SetName): Branch | undefined {
  return group.find((b) => b.flags[set] && b.values[i] !== null);
}

/**
 * A base measure aggregated over a branch's facts in a partial group; `residue` (a merged scan) the
 * branch's own conditions, outside which its aggregate reads nothing: NULL over no such fact, as
 * over no fact.
 */
function partialAggregate(m: MeasureDef, v: { expr: string; cond: string }, residue: string): string {
  if (!residue) return aggregateSql(m.agg, v.expr, v.cond);
  const { expr, cond } = v;
  switch (m.agg) {
    case 'sum':
      return `SUM(CASE WHEN ${residue} THEN ${cond ? `CASE WHEN ${cond} THEN ${expr} ELSE 0 END` : expr} END)`;
    case 'count':
      return `SUM(CASE WHEN ${residue} THEN ${cond ? `CASE WHEN ${cond} THEN 1 ELSE 0 END` : '1'} END)`;
    case 'min':
    case 'max':
      return `${m.agg.toUpperCase()}(CASE WHEN ${residue}${cond ? ` AND (${cond})` : ''} THEN ${expr} END)`;
    case 'count_distinct':
      throw new Error(`a distinct count is a key of the partial groups: ${m.id}`);
  }
}

/**
 * NULL of a summed measure's type, for the first member of the union (the others' NULL takes its
 * type): the aggregate over no fact.
 */
function typedNone(m: MeasureDef, v: { expr: string; cond: string } | null, types: Map<string, string>): string {
  const value = v ?? { expr: `CAST(NULL AS ${columnType(m, types)})`, cond: '' };
  return `${aggregateSql(m.agg, value.expr, value.cond)} FILTER (WHERE FALSE)`;
}

/**
 * The branches grouped into scans: consecutive or not, branches over the same table and joins with
 * the same keys share one scan when none carries a distinct count's value and no two feed the same
 * measure of the same set; every other branch is a scan of its own.
 */
function mergeBranches(branches: Branch[], measures: number): Branch[][] {
  const groups: Branch[][] = [];
  const bySignature = new Map<string, Branch[]>();
  for (const b of branches) {
    const signature = JSON.stringify([b.from, b.keys]);
    const group = b.distincts.every((d) => d === null) ? bySignature.get(signature) : undefined;
    const clash = group?.some((o) => Array.from({ length: measures }, (_, i) => i).some((i) => SETS.some((s) => b.flags[s] && o.flags[s] && b.values[i] !== null && o.values[i] !== null)));
    if (group && !clash) {
      group.push(b);
      continue;
    }
    const own = [b];
    groups.push(own);
    if (b.distincts.every((d) => d === null) && !group) bySignature.set(signature, own);
  }
  return groups;
}

interface ScreenParts {
  plan: Plan;
  outer: Stmt;
  inner: Stmt;
  /** the indicators' SELECT items over the grouped pass's columns */
  indicators: string[];
  bases: MeasureDef[];
  /** the grouped pass's SELECT items: base aggregates and the fact count */
  aggregates: string[];
  fromWhere: string;
  /** the condition a group is shown on (hidden all-zero rows), empty when every group is */
  keep: string;
  /** shares with the SQL of what they are a share of */
  shares: { id: string; of: string; sql: string }[];
}

/**
 * The screen without a window (no rank, no running sum; the totals rolled up from the groups): the
 * groups (`r`), one aggregate over them (`t`: the totals row, the row count and each share's sum
 * over the shown rows), the page as ORDER BY … LIMIT … OFFSET (a top-N, not a numbering of every
 * row), UNION ALL the totals row. A share on a row is its value over `t`'s sum, on the totals row
 * over its own value, as the window partitioned by level gave. PostgreSQL keeps the grouping set
 * and its windows: there this shape planned and ran slower (docs/performance.md).
 */
function windowlessScreen(p: ScreenParts): ScreenStatement {
  const { plan, outer, inner, keep } = p;
  const when = (sql: string) => (keep ? `CASE WHEN ${keep} THEN ${sql} END` : sql);
  const keys = p.bases.every(exactRollUp) ? [] : plan.dimColumns.map((c) => quote(c.value));
  const totals = [
    ...p.bases.map((m) => `${rollUp(m, inner.measureSql(m.id), keys)} AS ${baseColumn(m.id)}`),
    `COALESCE(SUM(${FACTS}), 0) AS ${FACTS}`,
    `1 AS ${LEVEL}`,
    `${keep ? `COUNT(${when('1')})` : 'COUNT(*)'} AS ${ROWS}`,
    ...p.shares.map((s) => `SUM(${when(s.sql)}) AS ${shareSum(s.id)}`),
  ];
  const groups = `SELECT *, 0 AS ${LEVEL} FROM r`;
  const dims = plan.dimColumns.map((c) => quote(c.value));
  const shareSums = p.shares.map((s) => `${shareSum(s.id)} AS ${shareColumn(s.id)}`);
  const ownShares = p.shares.map((s) => `, ${s.sql} AS ${shareColumn(s.id)}`).join('');
  const { params } = outer;
  // the window is bound last, so another page of the same query is the same text (atPage)
  const size = params.bind(plan.query.pageSize, 'BIGINT');
  const offset = params.bind(offsetOf(plan.query), 'BIGINT');
  // the groups have two readers (the page and t): materialised once
  const ctes = `r AS MATERIALIZED (SELECT ${[...inner.dimSelect(), ...p.aggregates].join(', ')} ${p.fromWhere} ${inner.groupBy()}),
    t AS (SELECT ${totals.join(', ')} FROM (${groups}) g)`;
  const page = `SELECT ${[...dims, ...p.indicators, LEVEL, `CAST(NULL AS BIGINT) AS ${ROWS}`].join(', ')}
    FROM (${groups}) g ${shareSums.length ? `CROSS JOIN (SELECT ${shareSums.join(', ')} FROM t) s` : ''}
    ${keep ? `WHERE ${keep}` : ''} ORDER BY ${orderItems(plan).join(', ')} LIMIT ${size} OFFSET ${offset}`;
  const totalsRow = `SELECT ${[...plan.dimColumns.map((c) => `NULL AS ${quote(c.value)}`), ...p.indicators, LEVEL, ROWS].join(', ')}
    FROM (SELECT *${ownShares} FROM t) t1`;
  const screenOrder = [LEVEL, ...orderItems(plan)];
  return { ...outer.finish(`WITH ${ctes} SELECT * FROM (${page}) p UNION ALL ${totalsRow} ORDER BY ${screenOrder.join(', ')}`), order: screenOrder };
}

/**
 * page, count and totals are rendered when first read: a report screen that fuses into one pass
 * never reads them, and rendering a statement is most of what compiling a request costs.
 */
export function compileReport(input: CompileInput): CompiledReport {
  const plan = new Plan(input);
  let page: Statement | undefined;
  let count: Statement | undefined;
  let totals: Statement | undefined;
  return {
    get page() {
      return (page ??= buildPage(plan));
    },
    get count() {
      return (count ??= buildCount(plan));
    },
    get totals() {
      return (totals ??= buildTotals(plan));
    },
    screen: buildScreen(plan),
    columns: plan.columns,
  };
}

/**
 * The same compiled query at another page, without compiling again: the screen's last two values
 * are its window, the page statement's text ends with it. Count and totals do not depend on the page.
 */
export function atPage(compiled: CompiledReport, w: PageWindow): CompiledReport {
  let page: Statement | undefined;
  const { screen } = compiled;
  return {
    get page() {
      const base = compiled.page;
      return (page ??= { sql: base.sql.replace(TRAILING_WINDOW, windowText(w)), params: base.params });
    },
    get count() {
      return compiled.count;
    },
    get totals() {
      return compiled.totals;
    },
    screen: screen && { ...screen, params: [...screen.params.slice(0, -2), w.pageSize, offsetOf(w)] },
    columns: compiled.columns,
  };
}
