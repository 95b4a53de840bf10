/**
 * Export step of `npm run bench`: N rows × 10 columns streamed from the database into an xlsx file by the
 * app's writer (time, file size, peak RSS), beside DuckDB writing the same rows with `COPY … TO csv` —
 * the floor of reading the rows and writing them out.
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Column } from '../../engine/wire';
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

interface Measured {
  secs: number;
  /** CPU seconds of the whole process (all threads): the figure a loaded machine disturbs least */
  cpu: number;
  peak: number;
  before: number;
}

/** Wall and CPU time of `work`, and peak resident memory while it runs, sampled every 20 ms. */
async function measure(work: () => Promise<unknown>): Promise<Measured> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    await work();
    const cpu = process.cpuUsage(cpu0);
    return { secs: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, peak: Math.max(peak, process.memoryUsage().rss), before };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchExport({ db, dir, rows, log }: ExportBenchOptions): Promise<void> {
  log(`\nexport: ${rows.toLocaleString()} rows × ${COLUMNS.length} columns`);
  const xlsx = join(dir, 'bench-export.xlsx');
  const app = await measure(() =>
    writeReportXlsx(xlsx, { title: 'bench', columns: COLUMNS, chunks: db.streamColumns(rowsSql(rows), [], 10000), totals: { qty: 1 } }),
  );
  log(
    `  xlsx (app writer): ${app.secs.toFixed(1)} s (CPU ${app.cpu.toFixed(1)} s), file ${mb(statSync(xlsx).size)}, ` +
      `peak RSS ${mb(app.peak)} (before ${mb(app.before)}: the export's own share ${mb(app.peak - app.before)})`,
  );
  rmSync(xlsx, { force: true });

  if (db.dialect !== 'duckdb') return;
  const csv = join(dir, 'bench-export.csv');
  const copy = await measure(() => db.exec(`COPY (${rowsSql(rows)}) TO '${csv.replace(/'/g, "''")}' (FORMAT csv, HEADER)`));
  log(
    `  DuckDB COPY … csv:  ${copy.secs.toFixed(1)} s (CPU ${copy.cpu.toFixed(1)} s), file ${mb(statSync(csv).size)} | ` +
      `xlsx / COPY ${(app.secs / copy.secs).toFixed(1)}× (CPU ${(app.cpu / copy.cpu).toFixed(1)}×)`,
  );
  rmSync(csv, { force: true });
}
