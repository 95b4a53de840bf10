/**
 * Loads the report catalogue from already-read JSON (no I/O here): JSON Schema validation of each
 * file, then the checks across files (a report's dataset, dimensions, measures, option sources and
 * tab targets exist; ids are unique; SQL fragments stay fragments). Every problem is reported as
 * { file, pointer, message }; a catalogue with errors must not be served.
 */
import Ajv, { type ErrorObject } from 'ajv';
import datasetSchema from '../../schemas/dataset.schema.json';
import reportSchema from '../../schemas/report.schema.json';
import { knownGroupKey, REPORT_GROUPS } from '../report-groups';
import { OPERATORS, type OptionSource } from '../wire';
import {
  datasetTables,
  fieldParts,
  indexDataset,
  isDerived,
  isUnion,
  isWindow,
  measureArgs,
  reportOutputColumns,
  type DatasetIndex,
} from './dataset-index';
import { tokenizeFormula } from './formula';
import { CASCADERS, DICT_CODES, isEnum, isPickerName, LINE_ONLY_PICKERS, OPTION_LISTS } from './known';
import { isReservedSqlWord } from './sql-keywords';
import { factAliases, plainRef, unsummable } from './summary';
import { aliasesOf, declaredAliases, lintFragment, placeholderRange, placeholdersOf } from './sql-text';
import type { DatasetFile, Join, ReportFile, SqlFragment, TableSource } from './types';

export interface DefinitionFile {
  /** path shown in messages, e.g. report-defs/reports/070-store-gross-margin.json */
  path: string;
  json: unknown;
}

export interface DefinitionError {
  file: string;
  /** JSON pointer into the file ('' = the whole file) */
  pointer: string;
  message: string;
}

export interface Catalogue {
  datasets: Map<string, DatasetFile>;
  indexes: Map<string, DatasetIndex>;
  reports: Map<number, ReportFile>;
}

export interface LoadResult {
  catalogue: Catalogue;
  errors: DefinitionError[];
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateDataset = ajv.compile(datasetSchema);
const validateReport = ajv.compile(reportSchema);

const OPERATOR_IDS: ReadonlySet<number> = new Set(Object.values(OPERATORS));

/** A name looked up in a record of the definitions: its own keys only, never `constructor` or `__proto__`. */
export function hasKey(record: object | undefined, key: string): boolean {
  return record !== undefined && Object.hasOwn(record, key);
}

function baseName(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? path;
  return name.replace(/\.json$/, '');
}

/** A schema error as text: ajv's English by default; the studio passes its analyst's words. */
export type SchemaWording = (e: ErrorObject) => string;

const ajvWording: SchemaWording = (e) => {
  const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return `${e.message ?? 'invalid'}${extra}`;
};

export function schemaErrors(file: string, errors: ErrorObject[] | null | undefined, wording: SchemaWording = ajvWording): DefinitionError[] {
  // anyOf branches repeat each other's complaints; keep the distinct ones
  const seen = new Set<string>();
  const out: DefinitionError[] = [];
  for (const e of errors ?? []) {
    const message = wording(e);
    const key = `${e.instancePath}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file, pointer: e.instancePath, message });
  }
  return out;
}

/** Collects errors of one file under a pointer prefix. */
export class Reporter {
  constructor(
    readonly file: string,
    readonly errors: DefinitionError[],
  ) {}
  add(pointer: string, message: string): void {
    this.errors.push({ file: this.file, pointer, message });
  }
  /** Lints a fragment and checks its aliases and placeholders against what is in scope. */
  sql(pointer: string, sql: SqlFragment, aliases: ReadonlySet<string>, opts: { values?: boolean; ranges?: boolean } = {}): void {
    for (const p of lintFragment(sql)) this.add(pointer, p);
    const own = new Set(declaredAliases(sql));
    for (const a of aliasesOf(sql)) if (!aliases.has(a) && !own.has(a)) this.add(pointer, `unknown alias "${a}"`);
    for (const a of own) this.alias(pointer, a);
    for (const p of placeholdersOf(sql)) {
      if (p === 'values' && !opts.values) this.add(pointer, '{values} is only allowed in a field condition');
      if (placeholderRange(p) !== null && opts.ranges === false) this.add(pointer, `{${p}} is not allowed here`);
    }
  }
  /** An alias is written unquoted into SQL on both databases: a reserved word breaks the query. */
  alias(pointer: string, alias: string): void {
    if (isReservedSqlWord(alias)) this.add(pointer, `alias "${alias}" is a reserved SQL word (DuckDB or PostgreSQL)`);
  }
  duplicates(pointer: string, ids: string[], what: string): void {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) this.add(`${pointer}/${i}`, `duplicate ${what} "${id}"`);
      seen.add(id);
    });
  }
}

/** Checks joins in order: each ON may use the aliases before it and its own. */
function checkJoins(r: Reporter, pointer: string, joins: Join[], inScope: Set<string>): void {
  joins.forEach((j, i) => {
    if (inScope.has(j.alias)) r.add(`${pointer}/${i}/alias`, `duplicate alias "${j.alias}"`);
    r.alias(`${pointer}/${i}/alias`, j.alias);
    inScope.add(j.alias);
    r.sql(`${pointer}/${i}/on`, j.on, inScope, { ranges: false });
  });
}

function checkDataset(r: Reporter, ds: DatasetFile): void {
  if (ds.id !== baseName(r.file)) r.add('/id', `id "${ds.id}" must equal the file name "${baseName(r.file)}"`);
  const index = indexDataset(ds);
  const source = ds.source;
  const outer = new Set<string>();
  r.alias('/source/alias', source.alias);
  if (isUnion(source)) {
    const columns = new Set(source.columns.map((c) => c.name));
    r.duplicates('/source/columns', source.columns.map((c) => c.name), 'column');
    r.duplicates('/source/union', source.union.map((p) => p.id), 'part');
    source.union.forEach((part, i) => {
      const at = `/source/union/${i}`;
      const scope = new Set([part.alias]);
      r.alias(`${at}/alias`, part.alias);
      checkJoins(r, `${at}/joins`, part.joins ?? [], scope);
      (part.where ?? []).forEach((w, k) => r.sql(`${at}/where/${k}`, w, scope));
      for (const [name, expr] of Object.entries(part.select)) {
        if (!columns.has(name)) r.add(`${at}/select/${name}`, `"${name}" is not a column of the union`);
        r.sql(`${at}/select/${name}`, expr, scope);
      }
      for (const key of ['omit_when_dimensions', 'only_with_dimensions'] as const) {
        (part[key] ?? []).forEach((d, k) => {
          if (!index.dimensions.has(d)) r.add(`${at}/${key}/${k}`, `unknown dimension "${d}"`);
        });
      }
    });
    outer.add(source.alias);
    checkJoins(r, '/source/joins', source.joins ?? [], outer);
  } else {
    outer.add(source.alias);
    checkJoins(r, '/source/joins', source.joins ?? [], outer);
  }
  (source.where ?? []).forEach((w, k) => r.sql(`/source/where/${k}`, w, outer));
  for (const [name, col] of Object.entries(ds.date_columns ?? {})) {
    r.sql(`/date_columns/${name}/expr`, col.expr, outer, { ranges: false });
    (col.also ?? []).forEach((e, k) => r.sql(`/date_columns/${name}/also/${k}`, e, outer, { ranges: false }));
  }
  for (const [name, cond] of Object.entries(ds.conditions ?? {})) r.sql(`/conditions/${name}`, cond, outer);

  r.duplicates('/dimensions', ds.dimensions.map((d) => d.id), 'dimension');
  const columnKeys: string[] = [];
  ds.dimensions.forEach((d, i) => {
    d.columns.forEach((c, k) => {
      columnKeys.push(c.value);
      r.sql(`/dimensions/${i}/columns/${k}/expr`, c.expr, outer, { ranges: false });
      if (c.enum && !isEnum(c.enum)) r.add(`/dimensions/${i}/columns/${k}/enum`, `unknown enumeration "${c.enum}"`);
    });
  });
  const measureIds = [...ds.measures.map((m) => m.id), ...(ds.derived ?? []).map((m) => m.id)];
  const dup = new Set<string>();
  for (const key of [...columnKeys.filter((k, i) => columnKeys.indexOf(k) !== i)]) dup.add(key);
  for (const key of measureIds.filter((k) => columnKeys.includes(k))) dup.add(key);
  for (const key of dup) r.add('/dimensions', `output column "${key}" is defined twice`);

  r.duplicates('/fields', (ds.fields ?? []).map((f) => f.id), 'field');
  (ds.fields ?? []).forEach((f, i) => {
    const at = `/fields/${i}`;
    if (f.part && f.parts) r.add(at, 'a field has either part or parts');
    if (!!f.exprs === !!f.condition) r.add(at, 'a field has either exprs or condition');
    if (f.condition && !placeholdersOf(f.condition).includes('values')) r.add(`${at}/condition`, 'a field condition must use {values}');
    const names = fieldParts(f);
    // the fragments must read in every branch they go into (or in the outer query)
    const scopes: Set<string>[] = names.length
      ? names.flatMap((name) => {
          const part = index.parts.get(name);
          if (!part) r.add(f.part ? `${at}/part` : `${at}/parts`, `unknown part "${name}"`);
          return part ? [new Set([part.alias, ...(part.joins ?? []).map((j) => j.alias)])] : [];
        })
      : [outer];
    for (const scope of scopes) {
      (f.exprs ?? []).forEach((e, k) => r.sql(`${at}/exprs/${k}`, e, scope, { ranges: false }));
      if (f.condition) r.sql(`${at}/condition`, f.condition, scope, { values: true });
    }
  });

  r.duplicates('/measures', measureIds, 'measure');
  ds.measures.forEach((m, i) => {
    const at = `/measures/${i}`;
    if (m.agg !== 'count' && !m.expr) r.add(at, `agg "${m.agg}" needs expr`);
    if (m.expr) r.sql(`${at}/expr`, m.expr, outer);
    if (m.filter) r.sql(`${at}/filter`, m.filter, outer);
    if (m.range && m.range > 1 && isUnion(source)) r.add(`${at}/range`, 'range applies to table sources; union sources use placeholders');
    (m.null_when_dimensions ?? []).forEach((d, k) => {
      if (!index.dimensions.has(d)) r.add(`${at}/null_when_dimensions/${k}`, `unknown dimension "${d}"`);
    });
  });
  (ds.derived ?? []).forEach((m, i) => {
    const at = `/derived/${i}`;
    const arity: Record<string, [number, number]> = {
      ratio: [2, 2],
      difference: [2, 2],
      growth: [2, 2],
      sum: [2, 99],
      share: [1, 1],
      rank: [1, 1],
      cumulative: [1, 1],
      total: [1, 1],
    };
    if (m.positive_denominator && m.op !== 'ratio') r.add(`${at}/positive_denominator`, 'positive_denominator applies to op "ratio" only');
    if (m.follow_sort && m.op !== 'rank') r.add(`${at}/follow_sort`, 'follow_sort applies to op "rank" only');
    if (m.op === 'cumulative' && !m.along) r.add(at, 'op "cumulative" needs along (a dimension)');
    if (m.along !== undefined) {
      if (m.op !== 'cumulative') r.add(`${at}/along`, 'along applies to op "cumulative" only');
      else if (!index.dimensions.has(m.along)) r.add(`${at}/along`, `unknown dimension "${m.along}"`);
    }
    if (m.op === 'formula') {
      const tokens = tokenizeFormula(m.formula ?? '');
      if (!m.formula) r.add(at, 'op "formula" needs formula');
      else if (typeof tokens === 'string') r.add(`${at}/formula`, tokens);
    } else {
      const [lo, hi] = arity[m.op];
      const n = m.args?.length ?? 0;
      if (n < lo || n > hi) r.add(`${at}/args`, `op "${m.op}" takes ${lo === hi ? lo : `${lo} or more`} measures`);
    }
    for (const a of measureArgs(m)) {
      const target = index.measures.get(a);
      if (!target) r.add(at, `unknown measure "${a}"`);
      else if (isWindow(target)) r.add(at, `"${a}" is a window measure and cannot be used in another measure`);
    }
    (m.null_when_dimensions ?? []).forEach((d, k) => {
      if (!index.dimensions.has(d)) r.add(`${at}/null_when_dimensions/${k}`, `unknown dimension "${d}"`);
    });
  });
  // cycles among derived measures
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 'done') return false;
    if (state.get(id) === 'visiting') return true;
    state.set(id, 'visiting');
    const m = index.measures.get(id);
    const cyclic = m ? measureArgs(m).some(visit) : false;
    state.set(id, 'done');
    return cyclic;
  };
  (ds.derived ?? []).forEach((m, i) => {
    state.clear();
    if (visit(m.id)) r.add(`/derived/${i}`, `measure "${m.id}" depends on itself`);
  });

  for (const client of ['HMD', 'HMS'] as const) {
    (ds.scope[client] ?? []).forEach((rule, i) => {
      const at = `/scope/${client}/${i}`;
      const part = rule.part ? index.parts.get(rule.part) : undefined;
      if (rule.part && !part) r.add(`${at}/part`, `unknown part "${rule.part}"`);
      const scope = part ? new Set([part.alias, ...(part.joins ?? []).map((j) => j.alias)]) : outer;
      r.sql(`${at}/expr`, rule.expr, scope, { ranges: false });
    });
  }
  checkSummaries(r, ds, index);
}

/** A summary keeps plain fact columns and sums of the facts, each under a column name of its own. */
function checkSummaries(r: Reporter, ds: DatasetFile, index: DatasetIndex): void {
  const summaries = ds.summaries ?? [];
  if (summaries.length && isUnion(ds.source)) {
    r.add('/summaries', 'summaries apply to table sources only');
    return;
  }
  const facts = factAliases(ds.source as TableSource);
  summaries.forEach((summary, i) => {
    const at = `/summaries/${i}`;
    const columns = new Set<string>();
    const column = (pointer: string, name: string) => {
      if (columns.has(name)) r.add(pointer, `summary column "${name}" is kept twice`);
      columns.add(name);
    };
    summary.dimensions.forEach((id, k) => {
      const dim = index.dimensions.get(id);
      if (!dim) return r.add(`${at}/dimensions/${k}`, `unknown dimension "${id}"`);
      const ref = plainRef(dim.columns[0].expr);
      if (!ref || !facts.has(ref.alias)) {
        return r.add(`${at}/dimensions/${k}`, `dimension "${id}" has no plain column of the facts as its key`);
      }
      column(`${at}/dimensions/${k}`, ref.column);
    });
    summary.measures.forEach((id, k) => {
      const m = index.measures.get(id);
      if (!m) return r.add(`${at}/measures/${k}`, `unknown measure "${id}"`);
      const why = isDerived(m) ? `measure "${id}" is derived; keep its arguments` : unsummable(m, facts);
      if (why) r.add(`${at}/measures/${k}`, why);
      column(`${at}/measures/${k}`, id);
    });
  });
}

export function checkSource(r: Reporter, pointer: string, source: OptionSource | undefined): void {
  if (!source) return;
  switch (source.kind) {
    case 'list':
      if (!(OPTION_LISTS as readonly string[]).includes(source.list)) r.add(pointer, `unknown option list "${source.list}"`);
      break;
    case 'dict':
      if (!(DICT_CODES as readonly string[]).includes(source.code)) r.add(pointer, `unknown dictionary code "${source.code}"`);
      break;
    case 'enum':
      if (!isEnum(source.name)) r.add(pointer, `unknown enumeration "${source.name}"`);
      break;
    case 'picker':
      if (!isPickerName(source.picker)) r.add(pointer, `unknown picker "${source.picker}"`);
      else if (LINE_ONLY_PICKERS.includes(source.picker)) r.add(pointer, `picker "${source.picker}" only adds document lines`);
      break;
    case 'cascader':
      if (!(CASCADERS as readonly number[]).includes(source.cascader)) r.add(pointer, `unknown cascader ${source.cascader}`);
      break;
  }
}

function checkReport(r: Reporter, rep: ReportFile, catalogue: Catalogue): void {
  const prefix = /^(\d+)-/.exec(baseName(r.file));
  if (!prefix || Number(prefix[1]) !== rep.id) r.add('/id', `file name must start with the id, e.g. ${String(rep.id).padStart(3, '0')}-name.json`);
  if (!knownGroupKey(rep.area)) r.add('/area', `area "${rep.area}" names no menu group (${REPORT_GROUPS.map((g) => g.key).join(', ')})`);
  const index = catalogue.indexes.get(rep.dataset);
  if (!index) {
    r.add('/dataset', `unknown dataset "${rep.dataset}"`);
    return;
  }
  const ds = index.dataset;
  const tables = datasetTables(ds);
  for (const name of Object.keys(rep.tables ?? {})) {
    if (!tables.has(name)) r.add(`/tables/${name}`, `dataset "${ds.id}" does not read table "${name}"`);
  }
  (rep.conditions ?? []).forEach((c, i) => {
    if (!hasKey(ds.conditions, c)) r.add(`/conditions/${i}`, `unknown condition "${c}" in dataset "${ds.id}"`);
  });
  const scope = rep.scope ?? ds.scope;
  rep.clients.forEach((client, i) => {
    if (client !== 'HMT' && !scope[client]?.length) r.add(`/clients/${i}`, `no row scope for ${client} (dataset or report scope)`);
  });
  if (rep.scope) {
    const outer = new Set<string>();
    const s = ds.source;
    outer.add(s.alias);
    for (const j of s.joins ?? []) outer.add(j.alias);
    for (const client of ['HMD', 'HMS'] as const) {
      (rep.scope[client] ?? []).forEach((rule, i) => {
        const part = rule.part ? index.parts.get(rule.part) : undefined;
        if (rule.part && !part) r.add(`/scope/${client}/${i}/part`, `unknown part "${rule.part}"`);
        const aliases = part ? new Set([part.alias, ...(part.joins ?? []).map((j) => j.alias)]) : outer;
        r.sql(`/scope/${client}/${i}/expr`, rule.expr, aliases, { ranges: false });
      });
    }
  }
  if (rep.org_restricted) {
    const rules = [...(scope.HMD ?? []), ...(scope.HMS ?? [])];
    if (!rules.some((x) => x.session === 'org_codes')) r.add('/org_restricted', 'an org-restricted report needs a scope rule on org_codes');
  }

  r.duplicates('/chips', rep.chips.map((c) => c.dimension), 'chip');
  rep.chips.forEach((c, i) => {
    if (!index.dimensions.has(c.dimension)) r.add(`/chips/${i}/dimension`, `unknown dimension "${c.dimension}"`);
  });

  r.duplicates('/filters', rep.filters.map((f) => f.id), 'filter id');
  rep.filters.forEach((f, i) => {
    const at = `/filters/${i}`;
    const t = f.target;
    if ('dimension' in t && !index.dimensions.has(t.dimension)) r.add(`${at}/target/dimension`, `unknown dimension "${t.dimension}"`);
    if ('field' in t && !index.fields.has(t.field)) r.add(`${at}/target/field`, `unknown field "${t.field}"`);
    if ('measure' in t) {
      const m = index.measures.get(t.measure);
      if (!m) r.add(`${at}/target/measure`, `unknown measure "${t.measure}"`);
      else if (isDerived(m) || m.agg === 'count_distinct') r.add(`${at}/target/measure`, 'a measure filter needs a sum, count, min or max measure');
    }
    (f.operators ?? []).forEach((op, k) => {
      if (!OPERATOR_IDS.has(op)) r.add(`${at}/operators/${k}`, `unknown operator id ${op}`);
    });
    if (f.default_operator !== undefined && f.operators && !f.operators.includes(f.default_operator)) {
      r.add(`${at}/default_operator`, 'default_operator must be one of operators');
    }
    checkSource(r, `${at}/source`, f.source);
    if ((f.widget === 'select' || f.widget === 'multi_select' || f.widget === 'picker' || f.widget === 'cascader') && !f.source) {
      r.add(`${at}/source`, `widget "${f.widget}" needs a source`);
    }
    if ('field' in t) {
      const field = index.fields.get(t.field);
      if (field?.condition && f.operators?.some((op) => op !== OPERATORS.eq && op !== OPERATORS.in)) {
        r.add(`${at}/operators`, 'a condition field takes operators 1 and 8 only');
      }
    }
  });

  r.duplicates('/indicators', rep.indicators.map((x) => x.measure), 'indicator');
  const comparisonRanges = new Set(rep.dates.filter((d) => d.comparison).map((d) => d.index));
  rep.indicators.forEach((ind, i) => {
    if (!index.measures.has(ind.measure)) r.add(`/indicators/${i}/measure`, `unknown measure "${ind.measure}"`);
  });
  const closure = new Set<string>();
  const walk = (id: string) => {
    if (closure.has(id)) return;
    closure.add(id);
    const m = index.measures.get(id);
    if (m) measureArgs(m).forEach(walk);
  };
  rep.indicators.forEach((ind) => walk(ind.measure));
  for (const id of closure) {
    const m = index.measures.get(id);
    if (m && !isDerived(m) && m.range && m.range > 1 && !comparisonRanges.has(m.range)) {
      r.add('/dates', `measure "${id}" reads range ${m.range}, which this report does not have as a comparison range`);
    }
  }

  r.duplicates('/dates', rep.dates.map((d) => String(d.index)), 'date range index');
  rep.dates.forEach((d, i) => {
    const at = `/dates/${i}`;
    if (d.column && !hasKey(ds.date_columns, d.column)) r.add(`${at}/column`, `unknown date column "${d.column}"`);
    if (d.comparison) {
      if (d.index === 1) r.add(`${at}/comparison`, 'range 1 cannot be a comparison range');
      const first = rep.dates.find((x) => x.index === 1);
      if (!d.column || d.column !== first?.column) r.add(`${at}/column`, 'a comparison range filters the same column as range 1');
    }
    if (d.default_previous_of && !rep.dates.some((x) => x.index === d.default_previous_of)) {
      r.add(`${at}/default_previous_of`, `no range ${d.default_previous_of}`);
    }
  });
  // a report may skip an index (a second range sent as date_start_3 / end_3), never range 1
  if (rep.dates.length && !rep.dates.some((d) => d.index === 1)) r.add('/dates', 'a report with date ranges needs range 1');

  const outputs = reportOutputColumns(rep, index);
  const repeated = outputs.filter((k, i) => outputs.indexOf(k) !== i);
  for (const key of new Set(repeated)) r.add('/indicators', `output column "${key}" appears twice (chip column and indicator)`);
  if (rep.default_order_by) {
    const m = /^([a-z][a-z0-9_]*) (asc|desc)$/.exec(rep.default_order_by);
    if (!m) r.add('/default_order_by', 'expected "column asc" or "column desc"');
    else if (!outputs.includes(m[1])) r.add('/default_order_by', `"${m[1]}" is not an output column`);
  }

  if (rep.history) {
    rep.history.tabs.forEach((tab, i) => {
      for (const key of ['table_id', 'special_tenant_table_id'] as const) {
        const id = tab[key];
        if (id !== undefined && !catalogue.reports.has(id)) r.add(`/history/tabs/${i}/${key}`, `unknown report ${id}`);
      }
    });
    const kinds = rep.history.tabs.map((t) => t.is_history).sort().join(',');
    if (kinds !== '1,2') r.add('/history/tabs', 'tabs must be one "1" and one "2"');
  }
  if (rep.history_family !== undefined) {
    const family = catalogue.reports.get(rep.history_family);
    if (!family) r.add('/history_family', `unknown report ${rep.history_family}`);
    else if (!family.history) r.add('/history_family', `report ${rep.history_family} has no history tabs`);
  }
}

/**
 * Validates and indexes the catalogue. Files failing their schema are left out of the cross
 * checks (their errors are reported once).
 */
export function loadCatalogue(datasetFiles: DefinitionFile[], reportFiles: DefinitionFile[]): LoadResult {
  const errors: DefinitionError[] = [];
  const catalogue: Catalogue = { datasets: new Map(), indexes: new Map(), reports: new Map() };
  const reportPaths = new Map<number, string>();

  for (const f of datasetFiles) {
    if (!validateDataset(f.json)) {
      errors.push(...schemaErrors(f.path, validateDataset.errors));
      continue;
    }
    const ds = f.json as unknown as DatasetFile;
    if (catalogue.datasets.has(ds.id)) errors.push({ file: f.path, pointer: '/id', message: `duplicate dataset id "${ds.id}"` });
    catalogue.datasets.set(ds.id, ds);
    catalogue.indexes.set(ds.id, indexDataset(ds));
    checkDataset(new Reporter(f.path, errors), ds);
  }
  const valid: DefinitionFile[] = [];
  for (const f of reportFiles) {
    if (!validateReport(f.json)) {
      errors.push(...schemaErrors(f.path, validateReport.errors));
      continue;
    }
    const rep = f.json as unknown as ReportFile;
    if (catalogue.reports.has(rep.id)) {
      errors.push({ file: f.path, pointer: '/id', message: `duplicate report id ${rep.id} (also ${reportPaths.get(rep.id)})` });
      continue;
    }
    catalogue.reports.set(rep.id, rep);
    reportPaths.set(rep.id, f.path);
    valid.push(f);
  }
  for (const f of valid) checkReport(new Reporter(f.path, errors), f.json as ReportFile, catalogue);
  return { catalogue, errors };
}

export function formatError(e: DefinitionError): string {
  return `${e.file}: ${e.pointer || '/'}: ${e.message}`;
}

/**
 * Checks one report file against a loaded catalogue, as loadCatalogue would if the file were in the
 * folder (its schema, then the cross-file checks). A report with the same id in the catalogue is
 * the one this file replaces, not a duplicate.
 */
export function checkReportFile(catalogue: Catalogue, file: DefinitionFile, wording?: SchemaWording): DefinitionError[] {
  if (!validateReport(file.json)) return schemaErrors(file.path, validateReport.errors, wording);
  const errors: DefinitionError[] = [];
  const rep = file.json as unknown as ReportFile;
  const reports = new Map(catalogue.reports);
  reports.set(rep.id, rep);
  checkReport(new Reporter(file.path, errors), rep, { ...catalogue, reports });
  return errors;
}
