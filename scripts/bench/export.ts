/**
 * Export step of `npm run bench`: N rows × 10 columns streamed from the database into an xlsx file by the
 * app's writer (time, file size, peak RSS), beside DuckDB writing the same rows with `COPY … TO csv` —
 * the floor of reading the rows and writing them out.
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Column, ReportRow } from '../../engine/wire';
import type { Db } from '../../server/db/types';
import { writeReportXlsx } from '../../server/export/xlsx';

export interface ExportBenchOptions {
  db: Db;
  dir: string;
  rows: number;
  log: (line: string) => void;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const COLUMNS: Column[] = [
  { value: 'org', label: '组织', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  { value: 'sku', label: '商品', type: '1', format: 'text', is_header_show: '1', sortable: false, min_width: 100 },
  ...['qty', 'sales', 'cost', 'gm', 'rate', 'a', 'b', 'c'].map(
    (k): Column => ({ value: k, label: k, type: '2', format: k === 'rate' ? 'rate' : 'money', is_header_show: '1', sortable: false, min_width: 100 }),
  ),
];

const rowsSql = (n: number) => `SELECT 'ORG' || (range % 50) AS org, '商品' || range AS sku, range % 97 AS qty, range * 1.25 AS sales,
  range * 0.9 AS cost, range * 0.35 AS gm, 0.28 AS rate, range * 2.0 AS a, range * 3.0 AS b, range * 4.0 AS c
  FROM range(${n})`;

/** Peak resident memory while `work` runs, sampled every 20 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number; before: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss), before };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchExport({ db, dir, rows, log }: ExportBenchOptions): Promise<void> {
  log(`\nexport: ${rows.toLocaleString()} rows × ${COLUMNS.length} columns`);
  const xlsx = join(dir, 'bench-export.xlsx');
  const t0 = performance.now();
  const run = await withPeakRss(() =>
    writeReportXlsx(xlsx, { title: 'bench', columns: COLUMNS, rows: db.stream(rowsSql(rows), [], 10000) as AsyncIterable<ReportRow[]>, totals: { qty: 1 } }),
  );
  const xlsxSecs = (performance.now() - t0) / 1000;
  log(`  xlsx (app writer): ${xlsxSecs.toFixed(1)} s, file ${mb(statSync(xlsx).size)}, peak RSS ${mb(run.peak)} (before ${mb(run.before)})`);
  rmSync(xlsx, { force: true });

  if (db.dialect !== 'duckdb') return;
  const csv = join(dir, 'bench-export.csv');
  const t1 = performance.now();
  await db.exec(`COPY (${rowsSql(rows)}) TO '${csv.replace(/'/g, "''")}' (FORMAT csv, HEADER)`);
  const csvSecs = (performance.now() - t1) / 1000;
  log(`  DuckDB COPY … csv:  ${csvSecs.toFixed(1)} s, file ${mb(statSync(csv).size)} | xlsx / COPY ${(xlsxSecs / csvSecs).toFixed(1)}×`);
  rmSync(csv, { force: true });
}
