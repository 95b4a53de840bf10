/**
 * Which of a studio draft's dataset fragments name a column its tables do not have. A dataset may
 * declare a dimension for tables only some pages map in (report 172's `finance_no` reads the special
 * tenant's archive); a studio report cannot remap tables, so such a choice would fail in SQL. The
 * columns come from the database (information_schema), the fragments from the definitions.
 */
import { isUnion, measureClosure, type DatasetIndex } from '../definition/dataset-index';
import type { ReportFile, SqlFragment } from '../definition/types';
import { columnRefs } from '../definition/sql-text';

/** Column names by table name, lower case, as the database reports them. */
export type TableColumns = ReadonlyMap<string, ReadonlySet<string>>;

export interface MissingColumn {
  pointer: string;
  /** what the draft chose (dimension, measure, field or date column id) */
  choice: string;
  column: string;
  table: string;
}

/** alias → the tables it may stand for (union branches may reuse an alias for other tables). */
function aliasTables(index: DatasetIndex): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (alias: string, table: string) => out.set(alias, [...(out.get(alias) ?? []), table]);
  const s = index.dataset.source;
  if (isUnion(s)) {
    for (const p of s.union) {
      add(p.alias, p.table);
      for (const j of p.joins ?? []) add(j.alias, j.table);
    }
  } else add(s.alias, s.table);
  for (const j of s.joins ?? []) add(j.alias, j.table);
  return out;
}

export function missingColumns(report: ReportFile, index: DatasetIndex, columns: TableColumns): MissingColumn[] {
  const aliases = aliasTables(index);
  const out: MissingColumn[] = [];
  const check = (pointer: string, choice: string, fragments: (SqlFragment | undefined)[]) => {
    for (const sql of fragments) {
      for (const ref of columnRefs(sql ?? '')) {
        const tables = (aliases.get(ref.alias) ?? []).filter((t) => columns.has(t.toLowerCase()));
        const column = ref.column.toLowerCase();
        // the alias of a subquery or of the union's outer row is not a table: nothing to look up
        if (!tables.length || tables.some((t) => columns.get(t.toLowerCase())!.has(column))) continue;
        out.push({ pointer, choice, column: ref.column, table: tables[0] });
        return;
      }
    }
  };
  report.chips.forEach((c, i) => {
    const d = index.dimensions.get(c.dimension);
    if (d) check(`/chips/${i}/dimension`, c.dimension, d.columns.map((col) => col.expr));
  });
  report.indicators.forEach((ind, i) => {
    for (const m of measureClosure(index, [ind.measure])) {
      if (!('op' in m)) check(`/indicators/${i}/measure`, ind.measure, [m.expr, m.filter]);
    }
  });
  report.filters.forEach((f, i) => {
    const t = f.target;
    if ('dimension' in t) check(`/filters/${i}/target`, t.dimension, index.dimensions.get(t.dimension)?.columns.map((c) => c.expr) ?? []);
    if ('field' in t) {
      const field = index.fields.get(t.field);
      if (field) check(`/filters/${i}/target`, t.field, [...(field.exprs ?? []), field.condition]);
    }
    if ('measure' in t) {
      const m = index.measures.get(t.measure);
      if (m && !('op' in m)) check(`/filters/${i}/target`, t.measure, [m.expr, m.filter]);
    }
  });
  const dateColumns = index.dataset.date_columns ?? {};
  report.dates.forEach((d, i) => {
    if (d.column && Object.hasOwn(dateColumns, d.column)) {
      const c = dateColumns[d.column];
      check(`/dates/${i}/column`, d.column, [c.expr, ...(c.also ?? [])]);
    }
  });
  return out;
}
