/**
 * A temporary table of rows for one statement-set inside a transaction: set-based writes (bulk
 * posting, snapshot corrections) join it instead of sending a statement per row. A few rows (one
 * document's) go in as one INSERT; more through `loadCsv` (DuckDB's reader, PostgreSQL's COPY). Dropped after use; on an error the transaction's
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
/** up to this many rows one INSERT with parameters costs less than writing and reading a CSV */
const ROWS_PER_INSERT = 200;

export async function withScratch<T>(
  tx: Db,
  columns: readonly ScratchColumn[],
  rows: readonly (readonly (string | number | null)[])[],
  use: (table: string) => Promise<T>,
): Promise<T> {
  const table = `scratch_${process.pid}_${++made}`;
  checkIdentifiers(table, ...columns.map((c) => c.name));
  if (rows.length > 0 && rows.length <= ROWS_PER_INSERT) await createWithRows(tx, table, columns, rows);
  else {
    await tx.exec(`CREATE TEMP TABLE ${table} (${columns.map((c) => `${c.name} ${c.type}`).join(', ')})`);
    if (rows.length) await loadRows(tx, table, columns, rows);
  }
  const result = await use(table);
  await tx.exec(`DROP TABLE ${table}`);
  return result;
}

/** The table made from its rows in one statement. */
async function createWithRows(tx: Db, table: string, columns: readonly ScratchColumn[], rows: readonly (readonly (string | number | null)[])[]): Promise<void> {
  const values = rows.map((_, r) => `(${columns.map((c, i) => `CAST($${r * columns.length + i + 1} AS ${c.type})`).join(', ')})`);
  await tx.query(`CREATE TEMP TABLE ${table} AS SELECT * FROM (VALUES ${values.join(', ')}) AS v(${columns.map((c) => c.name).join(', ')})`, rows.flat());
}

async function loadRows(tx: Db, table: string, columns: readonly ScratchColumn[], rows: readonly (readonly (string | number | null)[])[]): Promise<void> {
  const buffers: Buffer[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_BUFFER) {
    const text = rows
      .slice(start, start + ROWS_PER_BUFFER)
      .map((r) => r.map(csvField).join(','))
      .join('\n');
    buffers.push(Buffer.from(`${text}\n`));
  }
  await tx.loadCsv(table, columns.map((c) => c.name), columns.map((c) => c.type), buffers);
}
