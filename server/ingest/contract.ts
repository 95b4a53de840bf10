/**
 * The data contract: every table a retailer supplies (master data and facts) with its columns, natural
 * key, references, business date and the reports and documents reading it, and every table the
 * product derives itself. Derived from the migrations and the definitions alone (plus the short lists
 * of classification.ts), so it cannot drift from what the product reads; a loader validates against it.
 */
import type { DatasetFile, I18nText, ReportFile } from '../../engine/definition/types';
import type { DocumentFile } from '../../engine/document/types';
import { baseTables, derivedTables, FACTS_WITH_INLINE_KEY, SUPPLIED_UNREAD, type DerivedTable } from './classification';
import { columnLabels, documentReads, reportReads } from './definition-reads';
import { familyOf, filledColumns } from './fact-families';
import type { SqlSchema, SqlTable } from './migration-schema';
import { datasetReferences, documentReferences, type Reference, type TableReference } from './references';

export type { DerivedTable, Reference };

/** The column every tenant table carries; the loader sets it, a retailer never supplies it. */
export const TENANT_COLUMN = 'tenant_id';

export interface ContractColumn {
  name: string;
  /** SQL type as the migrations declare it */
  type: string;
  /** NOT NULL */
  required: boolean;
  /** the migration's comment on the column */
  note?: string;
  /** the Chinese label a report or document gives it */
  label?: string;
  /** how the product fills it on a load (then it is optional, or never supplied) */
  filled?: string;
}

export interface TableContract {
  table: string;
  kind: 'master' | 'fact';
  /** the migration's comment above the table */
  note?: string;
  columns: ContractColumn[];
  /** natural key: the primary key columns after tenant_id */
  key: string[];
  references: Reference[];
  /** the column a fact is dated by (its date-range index, or a report's date column over it) */
  dateColumn?: string;
  /** a fact the loader takes (server/ingest/fact-families.ts); other facts are not loaded yet */
  loadable?: boolean;
  readBy: { reports: { id: number; title: I18nText }[]; documents: { id: string; title: I18nText }[] };
}

export interface DataContract {
  supplied: TableContract[];
  derived: DerivedTable[];
}

export interface ContractSources {
  schema: SqlSchema;
  datasets: DatasetFile[];
  reports: ReportFile[];
  documents: DocumentFile[];
  /** option list name → the table it lists */
  listTables: Record<string, string>;
}

interface Readers {
  reports: Map<number, ReportFile>;
  documents: Map<string, DocumentFile>;
}

/** Readers of each table, a read of a view or an archive counted on the tables behind it. */
function readersByTable(src: ContractSources): Map<string, Readers> {
  const known = (n: string) => src.schema.tables.has(n) || src.schema.views.has(n);
  const byTable = new Map<string, Readers>();
  const readersOf = (name: string) =>
    baseTables(src.schema, name).map((t) => {
      if (!byTable.has(t)) byTable.set(t, { reports: new Map(), documents: new Map() });
      return byTable.get(t)!;
    });
  const datasets = new Map(src.datasets.map((d) => [d.id, d]));
  for (const r of src.reports) {
    const dataset = datasets.get(r.dataset);
    if (!dataset) throw new Error(`report ${r.id}: unknown dataset ${r.dataset}`);
    for (const name of reportReads(r, dataset, known, src.listTables)) for (const x of readersOf(name)) x.reports.set(r.id, r);
  }
  for (const d of src.documents) {
    for (const name of documentReads(d, known, src.listTables)) for (const x of readersOf(name)) x.documents.set(d.id, d);
  }
  return byTable;
}

/** The column a fact is dated by: the first column after the tenant of its index, else a report date column. */
function dateColumnOf(table: SqlTable, datasetDates: Map<string, string>): string | undefined {
  const indexed = table.indexes.find((ix) => ix[0] === TENANT_COLUMN && ix.length > 1);
  return indexed?.[1] ?? datasetDates.get(table.name);
}

/** `table` → the date column datasets filter it on (plain `alias.column` expressions only). */
function datasetDateColumns(datasets: DatasetFile[], resolve: (n: string) => string | undefined): Map<string, string> {
  const dates = new Map<string, string>();
  for (const d of datasets) {
    if ('union' in d.source) continue;
    const aliases = new Map([[d.source.alias, d.source.table], ...(d.source.joins ?? []).map((j) => [j.alias, j.table] as const)]);
    for (const c of Object.values(d.date_columns ?? {})) {
      for (const expr of [c.expr, ...(c.also ?? [])]) {
        const m = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/.exec(expr);
        const table = m && aliases.get(m[1]) && resolve(aliases.get(m[1])!);
        if (m && table && !dates.has(table)) dates.set(table, m[2]);
      }
    }
  }
  return dates;
}

/** One entry per distinct reference; a conditional one is dropped where the same reference holds always. */
function distinctReferences(refs: TableReference[]): Reference[] {
  const plain = (r: Reference) => JSON.stringify([r.columns, r.table, r.key, r.fixed ?? {}]);
  const always = new Set(refs.filter((r) => !r.when).map(plain));
  const seen = new Map<string, Reference>();
  for (const { from: _from, ...r } of refs) {
    if (r.when && always.has(plain(r))) continue;
    seen.set(JSON.stringify(r), r);
  }
  return [...seen.values()].sort((a, b) => a.columns.join().localeCompare(b.columns.join()) || a.table.localeCompare(b.table));
}

export function buildDataContract(src: ContractSources): DataContract {
  const summaries = new Set(src.datasets.flatMap((d) => (d.summaries ?? []).map((s) => s.table)));
  const derived = derivedTables(src.schema, summaries);
  const isDerived = new Set(derived.map((d) => d.table));
  const readers = readersByTable(src);
  const suppliedNames = [...src.schema.tables.keys()]
    .filter((t) => !isDerived.has(t) && (readers.has(t) || SUPPLIED_UNREAD.includes(t)))
    .sort();
  const supplied = new Set(suppliedNames);
  const resolve = (name: string) => {
    const bases = baseTables(src.schema, name).filter((t) => supplied.has(t));
    return bases.length === 1 ? bases[0] : undefined;
  };
  const keyOf = (t: string) => src.schema.tables.get(t)!.key.filter((c) => c !== TENANT_COLUMN);
  const refs = [
    ...src.datasets.flatMap((d) => datasetReferences(d, { resolve, keyOf })),
    ...src.documents.flatMap((d) => documentReferences(d, { resolve, keyOf })),
  ];
  const labels = columnLabels(src.documents, src.datasets, resolve);
  const dates = datasetDateColumns(src.datasets, resolve);

  const contracts = suppliedNames.map((name): TableContract => {
    const table = src.schema.tables.get(name)!;
    const kind = table.postgresOnlyKey || FACTS_WITH_INLINE_KEY.includes(name) ? 'fact' : 'master';
    const read = readers.get(name);
    const dateColumn = kind === 'fact' ? dateColumnOf(table, dates) : undefined;
    const filled = filledColumns(name);
    return {
      table: name,
      kind,
      ...(table.note ? { note: table.note } : {}),
      columns: table.columns
        .filter((c) => c.name !== TENANT_COLUMN)
        .map((c) => {
          const label = labels.get(`${name}.${c.name}`);
          const fill = filled.get(c.name);
          return {
            name: c.name,
            type: c.type,
            required: c.notNull && !fill,
            ...(c.note ? { note: c.note } : {}),
            ...(label ? { label } : {}),
            ...(fill ? { filled: fill } : {}),
          };
        }),
      key: keyOf(name),
      references: distinctReferences(refs.filter((r) => r.from === name)),
      ...(dateColumn ? { dateColumn } : {}),
      ...(kind === 'fact' && familyOf(name) ? { loadable: true } : {}),
      readBy: {
        reports: [...(read?.reports.values() ?? [])].sort((a, b) => a.id - b.id).map((r) => ({ id: r.id, title: r.title })),
        documents: [...(read?.documents.values() ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((d) => ({ id: d.id, title: d.title })),
      },
    };
  });
  return { supplied: contracts, derived };
}

/**
 * Tables of the migrations, and names the definitions read, that are neither supplied nor derived: a
 * new table waiting for its place in classification.ts, or a definition naming a table that does not exist.
 */
export function unclassified(src: ContractSources, contract: DataContract): string[] {
  const classified = new Set([...contract.supplied.map((t) => t.table), ...contract.derived.map((d) => d.table)]);
  const names = new Set([...src.schema.tables.keys(), ...readersByTable(src).keys()]);
  return [...names].filter((t) => !classified.has(t)).sort();
}
