/**
 * A temporary table of rows for one statement-set inside a transaction: set-based writes (bulk
 * posting, snapshot corrections) join it instead of sending a statement per row. Filled through
 * `loadCsv` (DuckDB's reader, PostgreSQL's COPY). Dropped after use; on an error the transaction's
 * rollback removes it (a drop there would hide the error on PostgreSQL).
 */
import { checkIdentifiers } from './identifiers';
import type { Db } from './types';

let made = 0;

export interface ScratchColumn {
  name: string;
  type: string;
}

/** A value as a CSV field: null is the empty unquoted field, text is quoted. */
export const csvField = (v: string | number | null): string => (v === null ? '' : typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);

const ROWS_PER_BUFFER = 20_000;

export async function withScratch<T>(
  tx: Db,
  columns: readonly ScratchColumn[],
  rows: readonly (readonly (string | number | null)[])[],
  use: (table: string) => Promise<T>,
): Promise<T> {
  const table = `scratch_${process.pid}_${++made}`;
  checkIdentifiers(table, ...columns.map((c) => c.name));
  await tx.exec(`CREATE TEMP TABLE ${table} (${columns.map((c) => `${c.name} ${c.type}`).join(', ')})`);
  const buffers: Buffer[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_BUFFER) {
    const text = rows
      .slice(start, start + ROWS_PER_BUFFER)
      .map((r) => r.map(csvField).join(','))
      .join('\n');
    buffers.push(Buffer.from(`${text}\n`));
  }
  if (buffers.length) await tx.loadCsv(table, columns.map((c) => c.name), columns.map((c) => c.type), buffers);
  const result = await use(table);
  await tx.exec(`DROP TABLE ${table}`);
  return result;
}
