/**
 * What the report and document definitions read: the tables and views each names (sources, joins,
 * union parts, the tables its SQL fragments select from, the tables behind its option lists and
 * dictionaries), and the Chinese labels they give columns.
 */
import type { DatasetFile, I18nText, ReportFile } from '../../engine/definition/types';
import type { DocumentFile } from '../../engine/document/types';

/** Every string and object inside a definition, depth first. */
function* walk(value: unknown): Generator<unknown> {
  yield value;
  if (Array.isArray(value)) for (const v of value) yield* walk(v);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* walk(v);
}

const SQL_TABLE = /\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi;

/**
 * Tables a definition names anywhere: `table` fields, FROM/JOIN in its SQL fragments (`known` drops
 * subquery aliases), option lists (`listTables`: list name → table) and dictionaries.
 */
function namedTables(definition: unknown, known: (name: string) => boolean, listTables: Record<string, string>): Set<string> {
  const found = new Set<string>();
  for (const v of walk(definition)) {
    if (typeof v === 'string') {
      for (const m of v.matchAll(SQL_TABLE)) if (known(m[1].toLowerCase())) found.add(m[1].toLowerCase());
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (typeof o.table === 'string') found.add(o.table);
      if (o.kind === 'list' && typeof o.list === 'string' && listTables[o.list]) found.add(listTables[o.list]);
      if (o.kind === 'dict') found.add('dictionary');
    }
  }
  return found;
}

/** What a report reads: its dataset's tables with the report's own table mapping (live or archive) applied. */
export function reportReads(
  report: ReportFile,
  dataset: DatasetFile,
  known: (name: string) => boolean,
  listTables: Record<string, string>,
): Set<string> {
  const mapped = [...namedTables(dataset, known, listTables)].map((t) => report.tables?.[t] ?? t);
  return new Set([...mapped, ...namedTables({ ...report, tables: undefined }, known, listTables)]);
}

export function documentReads(document: DocumentFile, known: (name: string) => boolean, listTables: Record<string, string>): Set<string> {
  return new Set([document.tables.header, document.tables.lines, ...namedTables(document, known, listTables)]);
}

/**
 * Chinese labels of columns (`table.column` → label): the documents' fields and line columns, then
 * the datasets' dimension columns whose expression is a plain column of a table. The first wins.
 * `resolve` names the supplied table behind a table or view, if one.
 */
export function columnLabels(
  documents: DocumentFile[],
  datasets: DatasetFile[],
  resolve: (name: string) => string | undefined,
): Map<string, string> {
  const labels = new Map<string, string>();
  const put = (table: string | undefined, column: string, label: I18nText) => {
    if (table && !labels.has(`${table}.${column}`)) labels.set(`${table}.${column}`, label.zh);
  };
  for (const d of documents) {
    for (const f of [...d.header, ...d.list.columns]) put(resolve(d.tables.header), f.key, f.label);
    for (const f of d.lines) put(resolve(d.tables.lines), f.key, f.label);
  }
  for (const d of datasets) {
    const parts = 'union' in d.source ? [...d.source.union, d.source] : [d.source];
    const aliases = new Map<string, string>();
    for (const p of parts) {
      if ('table' in p) aliases.set(p.alias, p.table);
      for (const j of p.joins ?? []) aliases.set(j.alias, j.table);
    }
    for (const dim of d.dimensions) {
      for (const c of dim.columns) {
        const m = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/.exec(c.expr);
        const table = m && aliases.get(m[1]);
        if (m && table) put(resolve(table), m[2], c.label);
      }
    }
  }
  return labels;
}
