/**
 * Fills the summary tables the datasets declare from their facts: one INSERT … SELECT … GROUP BY per
 * summary, built from the definitions (the same key expressions, joins and sums the compiler reads
 * on the facts), so a summary cannot drift from what its measures mean.
 */
import type { Catalogue } from '../../engine/definition/catalogue';
import { isUnion, type DatasetIndex } from '../../engine/definition/dataset-index';
import { fillPlaceholders } from '../../engine/definition/sql-text';
import { factAliases, plainRef, summaryKeys, summaryMeasures } from '../../engine/definition/summary';
import type { SummaryDef, TableSource } from '../../engine/definition/types';
import { lockTenant } from '../db/tenant-lock';
import type { Db } from '../db/types';
import { validCatalogueFromDir } from './catalogue-fs';
import { aggregateSql } from './compile';

/** Fact fragments are rendered for all tenants at once: the tenant is the row's own. */
function factSql(sql: string, root: string): string {
  return fillPlaceholders(sql, (name) => {
    if (name === 'tenant_id') return `${root}.tenant_id`;
    throw new Error(`{${name}} cannot be summarised`);
  });
}

/**
 * The statement that fills a summary from the facts, in date order (DuckDB skips blocks by it); `only`
 * adds conditions over the facts (a tenant and days, for an incremental refresh).
 */
export function summaryInsertSql(index: DatasetIndex, summary: SummaryDef, only: string[] = []): string {
  const source = index.dataset.source as TableSource;
  const root = source.alias;
  const keys = summaryKeys(index, summary);
  const measures = summaryMeasures(index, summary);
  const joins = (source.joins ?? [])
    .filter((j) => j.kind === 'inner')
    .map((j) => `JOIN ${j.table} ${j.alias} ON ${j.alias}.tenant_id = ${root}.tenant_id AND (${factSql(j.on, root)})`);
  const where = [...(source.where ?? []).map((w) => factSql(w, root)), ...only];
  const dates = new Set(Object.values(index.dataset.date_columns ?? {}).map((c) => c.expr));
  // positions in the select list: the tenant is 1, the keys follow
  const position = (i: number) => i + 2;
  const order = [
    ...keys.flatMap((k, i) => (dates.has(k.expr) ? [position(i)] : [])),
    1,
    ...keys.flatMap((k, i) => (dates.has(k.expr) ? [] : [position(i)])),
  ];
  const columns = ['tenant_id', ...keys.map((k) => k.column), ...measures.map((m) => m.id)];
  const select = [
    `${root}.tenant_id`,
    ...keys.map((k) => k.expr),
    ...measures.map((m) => aggregateSql(m.agg, factSql(m.expr ?? '', root), m.filter ? `(${factSql(m.filter, root)})` : '')),
  ];
  return `INSERT INTO ${summary.table} (${columns.join(', ')})
    SELECT ${select.join(', ')} FROM ${source.table} ${root} ${joins.join(' ')}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    GROUP BY ${[1, ...keys.map((_, i) => position(i))].join(', ')}
    ORDER BY ${order.join(', ')}`.replace(/\s+/g, ' ');
}

export interface RefreshedSummary {
  table: string;
  rows: number;
}

/** Empties and refills one summary in one transaction; its row count after. */
async function refreshOne(db: Db, index: DatasetIndex, summary: SummaryDef): Promise<RefreshedSummary> {
  await db.transaction(async (tx) => {
    await tx.exec(`DELETE FROM ${summary.table}`);
    await tx.exec(summaryInsertSql(index, summary));
  });
  if (db.dialect === 'postgres') await db.exec(`ANALYZE ${summary.table}`);
  const [{ n }] = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${summary.table}`);
  return { table: summary.table, rows: Number(n) };
}

/** Each summary of a single-table dataset, with that table. */
function* summariesOf(catalogue: Catalogue): Generator<[DatasetIndex, SummaryDef, string]> {
  for (const index of catalogue.indexes.values()) {
    const { source } = index.dataset;
    if (isUnion(source)) continue;
    for (const summary of index.dataset.summaries ?? []) yield [index, summary, source.table];
  }
}

/** Empties and refills every summary of the catalogue's datasets, each in one transaction. */
export async function refreshSummaries(db: Db, catalogue: Catalogue): Promise<RefreshedSummary[]> {
  const out: RefreshedSummary[] = [];
  for (const [index, summary] of summariesOf(catalogue)) out.push(await refreshOne(db, index, summary));
  return out;
}

/**
 * Fills the summaries that are empty while their facts are not: a migration that creates a summary
 * on a database already holding sales leaves it empty, and reports read from it would show nothing.
 */
export async function fillEmptySummaries(db: Db, catalogue: Catalogue): Promise<RefreshedSummary[]> {
  const out: RefreshedSummary[] = [];
  for (const [index, summary, facts] of summariesOf(catalogue)) {
    const [kept] = await db.query(`SELECT 1 AS x FROM ${summary.table} LIMIT 1`);
    const [fact] = await db.query(`SELECT 1 AS x FROM ${facts} LIMIT 1`);
    if (!kept && fact) out.push(await refreshOne(db, index, summary));
  }
  return out;
}

/** Refreshes the summaries of the shipped definitions (report-defs), e.g. after the seed or a data load. */
export async function refreshShippedSummaries(db: Db): Promise<RefreshedSummary[]> {
  return refreshSummaries(db, validCatalogueFromDir());
}

/**
 * The summary's key that is one of its dataset's date columns: what an incremental refresh selects days
 * by; with the copies of that date on the other fact rows (`also`, a sale's lines), which select the
 * same days there, so the lines are read by their date instead of all of them being joined.
 */
function dateKey(index: DatasetIndex, summary: SummaryDef): { column: string; exprs: string[] } | null {
  const source = index.dataset.source as TableSource;
  const facts = factAliases(source);
  const dates = Object.values(index.dataset.date_columns ?? {});
  const key = summaryKeys(index, summary).find((k) => dates.some((c) => c.expr === k.expr));
  if (!key) return null;
  const also = dates.find((c) => c.expr === key.expr)!.also ?? [];
  return { column: key.column, exprs: [key.expr, ...also.filter((e) => facts.has(plainRef(e)?.alias ?? ''))] };
}

/**
 * Brings one tenant's summaries up to date for the days [from, to] (the facts of those days changed:
 * a close, a load): their rows of those days are rebuilt from the facts in one transaction per
 * summary. A summary without a date key is rebuilt for the tenant whole. The rows written.
 */
export async function refreshSummaryDays(db: Db, catalogue: Catalogue, tenantId: number, from: string, to: string): Promise<number> {
  let written = 0;
  for (const [index, summary] of summariesOf(catalogue)) {
    const root = (index.dataset.source as TableSource).alias;
    const key = dateKey(index, summary);
    const days = key ? ` AND ${key.column} BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)` : '';
    // a fact row carries its header's day wherever the dataset says so (the loader fills and checks a line's
    // date, the close archives lines by it, a report on the facts filters the lines by it): the same rows
    const factDays = key ? key.exprs.map((e) => `${e} BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`) : [];
    const params = key ? [tenantId, from, to] : [tenantId];
    await db.transaction(async (tx) => {
      // a load writing facts of these days refreshes them too: one after the other, never interleaved
      await lockTenant(tx, 'posting', tenantId);
      await tx.query(`DELETE FROM ${summary.table} WHERE tenant_id = $1${days}`, params);
      const rows = await tx.query(`${summaryInsertSql(index, summary, [`${root}.tenant_id = $1`, ...factDays])} RETURNING 1 AS x`, params);
      written += rows.length;
    });
  }
  return written;
}
