/**
 * The checks of one staged file against its table's contract, in SQL over the staging table: its
 * columns, then every value (type, size, calendar, required), then its natural key within the file.
 */
import type { Db } from '../db/types';
import { TENANT_COLUMN } from './contract';
import { lineOf, stagingTable, type LoadFile } from './load-files';
import type { Reject } from './load-rejects';
import { quoteIdent, typedColumn } from './load-types';

const headerLine = (f: LoadFile) => (f.format === 'csv' ? 1 : 0);

/** Unknown columns, the tenant column, and required columns the file lacks. */
export function checkColumns(f: LoadFile, columns: readonly string[]): Reject[] {
  const known = new Set(f.contract.columns.map((c) => c.name));
  const at = { table: f.table, file: f.file, line: headerLine(f) };
  const rejects: Reject[] = [];
  for (const c of columns) {
    if (c === TENANT_COLUMN) {
      rejects.push({ ...at, column: c, value: c, zh: '文件不能带 tenant_id：商户由 --tenant 指定', en: 'a file may not carry tenant_id: the tenant is given by --tenant' });
    } else if (!known.has(c)) rejects.push({ ...at, column: c, value: c, zh: `表 ${f.table} 没有列 ${c}`, en: `table ${f.table} has no column ${c}` });
  }
  const present = new Set(columns);
  for (const c of f.contract.columns) {
    if (c.required && !present.has(c.name)) rejects.push({ ...at, column: c.name, value: '', zh: `缺少必填列 ${c.name}`, en: `required column ${c.name} is missing` });
  }
  return rejects;
}

/**
 * Every value of the file's columns: empty where required, or not exactly of the column's type, in
 * one pass over the file; refusals in column order, then row.
 */
export async function checkValues(staging: Db, f: LoadFile, columns: readonly string[]): Promise<Reject[]> {
  const checked = f.contract.columns.filter((c) => columns.includes(c.name));
  if (!checked.length) return [];
  const typed = checked.map((c) => typedColumn(c.name, c.type));
  const bad = checked.map((c, i) => {
    const v = `NULLIF(${quoteIdent(c.name)}, '')`;
    return `(${c.required ? `${v} IS NULL OR ` : ''}(${v} IS NOT NULL AND NOT coalesce(${typed[i].fits}, false)))`;
  });
  // plain vectorised conditions over the file; only the rows that fail one are looked at again
  const failing = await staging.query<Record<string, unknown>>(
    `SELECT rowid::INTEGER AS r, ${bad.map((b, i) => `${b} AS b${i}, ${quoteIdent(checked[i].name)} AS v${i}`).join(', ')}
       FROM ${stagingTable(f)} WHERE ${bad.join(' OR ')}`,
  );
  const rows = checked
    .flatMap((_, i) => failing.filter((row) => row[`b${i}`] === true).map((row) => ({ r: Number(row.r), i, v: row[`v${i}`] as string | null })))
    .sort((a, b) => a.i - b.i || a.r - b.r);
  return rows.map(({ r, i, v: value }) => {
    const empty = value === null || value === '';
    return {
      table: f.table,
      file: f.file,
      line: lineOf(f, r),
      column: checked[i].name,
      value: value ?? '',
      ...(empty ? { zh: '必填项为空', en: 'required value is empty' } : { zh: typed[i].zh, en: typed[i].en }),
    };
  });
}

/** The normal text of the key columns, joined: one code per row whatever its spelling. */
export function keySql(f: LoadFile): string {
  const types = new Map(f.contract.columns.map((c) => [c.name, c.type]));
  return `json_array(${f.contract.key.map((k) => typedColumn(k, types.get(k)!).normal).join(', ')})`;
}

/** A natural key given twice in the file: every repeat after the first is refused. */
export async function checkKeys(staging: Db, f: LoadFile): Promise<Reject[]> {
  const rows = await staging.query<{ r: number; k: string; first: number }>(
    `SELECT r, k, first FROM (SELECT rowid::INTEGER AS r, ${keySql(f)} AS k, min(rowid) OVER (PARTITION BY ${keySql(f)})::INTEGER AS first ` +
      `FROM ${stagingTable(f)}) WHERE r <> first ORDER BY r`,
  );
  const keyText = (k: string) => (JSON.parse(k) as string[]).join(' / ');
  return rows.map(({ r, k, first }) => ({
    table: f.table,
    file: f.file,
    line: lineOf(f, r),
    column: f.contract.key.join('+'),
    value: keyText(k),
    zh: `主键与第 ${lineOf(f, first)} 行重复`,
    en: `key repeats line ${lineOf(f, first)}`,
  }));
}
