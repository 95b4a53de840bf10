/**
 * The checks of one staged file against its table's contract, in SQL over the staging table: its
 * columns, then every value (type, size, calendar, required), then its natural key within the file.
 */
import type { Db } from '../db/types';
import { TENANT_COLUMN } from './contract';
import { lineOf, normalOf, stagingTable, type LoadFile } from './load-files';
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
 * Every value of the file's columns: empty where required, or not exactly of the column's type;
 * refusals in column order, then row. The file's values are cast once, into their normal texts: when
 * none is refused the staging table is replaced by them, in the same row order, so the checks and
 * writes after read each value as it is (`normalOf`) instead of casting it again each time.
 */
export async function checkValues(staging: Db, f: LoadFile, columns: readonly string[]): Promise<Reject[]> {
  const checked = f.contract.columns.filter((c) => columns.includes(c.name));
  if (!checked.length) return [];
  const typed = checked.map((c) => typedColumn(c.name, c.type));
  const table = stagingTable(f);
  const normal = `norm_${f.table}`;
  const select = columns.map((c) => (checked.some((x) => x.name === c) ? `${normalOf(f, c)} AS ${quoteIdent(c)}` : quoteIdent(c)));
  await staging.exec(`CREATE TABLE ${normal} AS SELECT ${select.join(', ')} FROM ${table} ORDER BY rowid`);
  // a value fits when it casts (its normal text is not NULL); a text, when it is not too long
  const bad = checked.map((c, i) => {
    const v = `NULLIF(s.${quoteIdent(c.name)}, '')`;
    const fits = /^VARCHAR/i.test(c.type) ? typedColumn(c.name, c.type, 's').fits : `n.${quoteIdent(c.name)} IS NOT NULL`;
    return `(${c.required ? `${v} IS NULL OR ` : ''}(${v} IS NOT NULL AND NOT coalesce(${fits}, false)))`;
  });
  // the normal texts stand row for row beside the file's; only the rows that fail a check are looked at again
  const failing = await staging.query<Record<string, unknown>>(
    `SELECT s.rowid::INTEGER AS r, ${bad.map((b, i) => `${b} AS b${i}, s.${quoteIdent(checked[i].name)} AS v${i}`).join(', ')}
       FROM ${table} s POSITIONAL JOIN ${normal} n WHERE ${bad.join(' OR ')}`,
  );
  if (failing.length || checked.length < columns.length) await staging.exec(`DROP TABLE ${normal}`);
  else {
    await staging.exec(`DROP TABLE ${table}; ALTER TABLE ${normal} RENAME TO ${table}`);
    f.normalised = new Set(columns);
  }
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
  return `json_array(${f.contract.key.map((k) => normalOf(f, k)).join(', ')})`;
}

/** A natural key given twice in the file: every repeat after the first is refused. */
export async function checkKeys(staging: Db, f: LoadFile): Promise<Reject[]> {
  const rows = await staging.query<{ r: number; k: string; first: number }>(
    // the key's text is computed once a row (it casts every key column)
    `SELECT r, k, first FROM (SELECT r, k, min(r) OVER (PARTITION BY k) AS first FROM (SELECT rowid::INTEGER AS r, ${keySql(f)} AS k ` +
      `FROM ${stagingTable(f)})) WHERE r <> first ORDER BY r`,
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
