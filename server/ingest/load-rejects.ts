/** A refused row (or file, or column) of a load, and the rejects.csv a retailer corrects its files from. */
import { writeFile } from 'node:fs/promises';

export interface Reject {
  table: string;
  file: string;
  /** CSV: the line number, the header being line 1; Parquet: the row number (0: the file's columns) */
  line: number;
  column: string;
  value: string;
  zh: string;
  en: string;
}

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The rejects as CSV text, UTF-8 with a byte-order mark, so Excel (the retailer's usual tool) shows the Chinese reasons. */
export function rejectsCsv(rejects: readonly Reject[]): string {
  const lines = [['table', 'file', 'line', 'column', 'value', 'reason_zh', 'reason_en'].join(',')];
  for (const r of rejects) lines.push([r.table, r.file, r.line, r.column, r.value, r.zh, r.en].map(csvField).join(','));
  return `\uFEFF${lines.join('\n')}\n`;
}

export async function writeRejects(path: string, rejects: readonly Reject[]): Promise<void> {
  await writeFile(path, rejectsCsv(rejects));
}
