/**
 * The files of a load folder: which table each names, and each read by DuckDB's own reader into a
 * staging table of text columns (`stg_<table>`, in insertion order, so `rowid` is the row's place in
 * the file). CSV is read as text throughout, so nothing is guessed; a Parquet file's columns must
 * already have types that fit the contract, and are then turned to text so every file is checked alike.
 */
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Db } from '../db/types';
import type { DataContract, TableContract } from './contract';
import type { Reject } from './load-rejects';
import { parquetTypeFits, quoteIdent, typedColumn } from './load-types';

export const REJECTS_FILE = 'rejects.csv';

export interface LoadFile {
  table: string;
  file: string;
  path: string;
  format: 'csv' | 'parquet' | 'ndjson';
  contract: TableContract;
  /** the staged columns that hold their normal text already (checkValues) */
  normalised?: Set<string>;
}

export const stagingTable = (f: LoadFile) => `stg_${f.table}`;

/** SQL of a staged column's normal text (load-types.ts): the column itself once `normalise` wrote it so. */
export function normalOf(f: LoadFile, column: string, alias?: string): string {
  if (f.normalised?.has(column)) return `${alias ? `${alias}.` : ''}${quoteIdent(column)}`;
  return typedColumn(column, f.contract.columns.find((c) => c.name === column)!.type, alias).normal;
}

/** CSV lines count the header as line 1; Parquet rows count from 1. */
export const lineOf = (f: LoadFile, rowid: number) => rowid + (f.format === 'csv' ? 2 : 1);

const FORMATS: Record<string, LoadFile['format'] | undefined> = { '.csv': 'csv', '.parquet': 'parquet', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

const fileReject = (table: string, file: string, zh: string, en: string): Reject => ({ table, file, line: 0, column: '', value: file, zh, en });

/** The folder's files as tables of the contract; a file that is not one loadable table is refused. */
export async function planFiles(folder: string, contract: DataContract): Promise<{ files: LoadFile[]; rejects: Reject[] }> {
  const tables = new Map(contract.supplied.map((t) => [t.table, t]));
  const files: LoadFile[] = [];
  const rejects: Reject[] = [];
  const names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith('.') && e.name !== REJECTS_FILE);
  for (const { name } of names.sort((a, b) => a.name.localeCompare(b.name))) {
    const ext = extname(name).toLowerCase();
    const table = name.slice(0, name.length - ext.length);
    const format = FORMATS[ext];
    const t = tables.get(table);
    if (!format) rejects.push(fileReject(table, name, '文件类型未知：只收 .csv、.parquet 和 .ndjson', 'unknown file type: only .csv, .parquet and .ndjson are read'));
    else if (!t) rejects.push(fileReject(table, name, `数据约定中没有表 ${table}`, `the data contract has no table ${table}`));
    else if (t.kind === 'fact' && !t.loadable) {
      rejects.push(fileReject(table, name, `${table} 暂不支持导入（见 docs/data-contract.md）`, `${table} is a fact the loader does not take yet (see docs/data-contract.md)`));
    } else if (files.some((f) => f.table === table)) rejects.push(fileReject(table, name, `表 ${table} 有两个文件`, `two files for table ${table}`));
    else files.push({ table, file: name, path: join(folder, name), format, contract: t });
  }
  if (files.length === 0 && rejects.length === 0) rejects.push(fileReject('', folder, '文件夹中没有可导入的文件', 'the folder holds no file to load'));
  return { files, rejects };
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Reads one file into its staging table; answers its columns and rows, or why it cannot be read. */
export async function stageFile(staging: Db, f: LoadFile): Promise<{ columns: string[]; rows: number; rejects: Reject[] }> {
  const target = stagingTable(f);
  try {
    if (f.format === 'csv') await stageCsv(staging, f, target);
    else if (f.format === 'ndjson') await stageNdjson(staging, f, target);
    else {
      const rejects = await stageParquet(staging, f, target);
      if (rejects.length) return { columns: [], rows: 0, rejects };
    }
  } catch (err) {
    const message = (err as Error).message.split('\n')[0];
    return { columns: [], rows: 0, rejects: [fileReject(f.table, f.file, `文件无法读取：${message}`, `the file cannot be read: ${message}`)] };
  }
  const rejects = f.format === 'csv' ? await csvErrors(staging, f) : [];
  const columns = (await staging.query<{ name: string }>(`SELECT name FROM pragma_table_info('${target}') ORDER BY cid`)).map((r) => r.name);
  const [{ n }] = await staging.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${target}`);
  return { columns, rows: n, rejects };
}

async function stageCsv(staging: Db, f: LoadFile, target: string): Promise<void> {
  // store_rejects keeps the malformed lines (too few or many fields, bad UTF-8) with their line numbers
  await staging.exec(
    `CREATE TABLE ${target} AS SELECT * FROM read_csv(${sqlString(f.path)}, header = true, all_varchar = true, ` +
      `delim = ',', quote = '"', escape = '"', store_rejects = true, rejects_table = 'rej_${f.table}', rejects_scan = 'rejscan_${f.table}')`,
  );
}

async function csvErrors(staging: Db, f: LoadFile): Promise<Reject[]> {
  const rows = await staging.query<{ line: number; column_name: string | null; csv_line: string; error_message: string }>(
    `SELECT line::INTEGER AS line, column_name, csv_line, error_message FROM rej_${f.table} ORDER BY line`,
  );
  return rows.map((r) => ({
    table: f.table,
    file: f.file,
    line: r.line,
    column: r.column_name ?? '',
    value: r.csv_line,
    zh: `此行格式不对（字段数或引号有误）：${r.error_message}`,
    en: `malformed line (wrong number of fields or quoting): ${r.error_message}`,
  }));
}

async function stageParquet(staging: Db, f: LoadFile, target: string): Promise<Reject[]> {
  const source = `read_parquet(${sqlString(f.path)})`;
  const described = await staging.query<{ column_name: string; column_type: string }>(`DESCRIBE SELECT * FROM ${source}`);
  const types = new Map(f.contract.columns.map((c) => [c.name, c.type]));
  const rejects: Reject[] = [];
  for (const { column_name: name, column_type: type } of described) {
    const want = types.get(name);
    if (want && !parquetTypeFits(want, type)) {
      rejects.push({ table: f.table, file: f.file, line: 0, column: name, value: type, zh: `列类型 ${type} 不符，应为 ${want}`, en: `column type ${type} does not fit ${want}` });
    }
  }
  if (rejects.length) return rejects;
  const asText = described.map((d) => `CAST(${quoteIdent(d.column_name)} AS VARCHAR) AS ${quoteIdent(d.column_name)}`);
  await staging.exec(`CREATE TABLE ${target} AS SELECT ${asText.join(', ')} FROM ${source}`);
  return [];
}

/** One JSON object per line; every value as its JSON text (a number's digits), so it is checked like CSV text. */
async function stageNdjson(staging: Db, f: LoadFile, target: string): Promise<void> {
  const source = `read_ndjson_objects(${sqlString(f.path)})`;
  const keys = await staging.query<{ k: string }>(`SELECT DISTINCT unnest(json_keys(json)) AS k FROM ${source} ORDER BY k`);
  const order = new Map(f.contract.columns.map((c, i) => [c.name, i]));
  // an empty file has no keys: its table gets the natural key's columns, so it reads as a file without rows
  const found = keys.length ? keys.map((r) => r.k) : f.contract.key;
  const names = found.sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || a.localeCompare(b));
  // each object parsed once for all its keys (`->>` per key parsed it once per column); the reader keeps the file's order
  const paths = names.map(sqlString).join(', ');
  const columns = names.map((k, i) => `v[${i + 1}] AS ${quoteIdent(k)}`).join(', ');
  await staging.exec(`CREATE TABLE ${target} AS SELECT ${columns} FROM (SELECT json_extract_string(json, [${paths}]) AS v FROM ${source})`);
}
