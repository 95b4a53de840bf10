/**
 * The rows a posting's set-based statement joins. A document's few rows go inline, as bound VALUES in
 * the statement itself: on DuckDB creating and dropping a scratch table costs as much as the
 * statement that uses it. A load's thousands go through a scratch table (db/scratch.ts), whose bulk
 * path keeps the statement's parameters bounded.
 */
import { withScratch, type ScratchColumn } from '../db/scratch';
import type { Db } from '../db/types';

/** up to this many rows go inline */
const INLINE_ROWS = 200;

/**
 * Calls `use` with a FROM item over the rows (to be followed by an alias) and the parameters it binds,
 * numbered from `firstParam`: the statement's own parameters come first.
 */
export async function withRows<T>(
  tx: Db,
  columns: readonly ScratchColumn[],
  rows: readonly (readonly (string | number | null)[])[],
  firstParam: number,
  use: (from: string, params: readonly (string | number | null)[]) => Promise<T>,
): Promise<T> {
  if (rows.length === 0 || rows.length > INLINE_ROWS) return withScratch(tx, columns, rows, (table) => use(table, []));
  const values = rows.map((_, r) => `(${columns.map((c, i) => `CAST($${firstParam + r * columns.length + i} AS ${c.type})`).join(', ')})`);
  return use(`(SELECT * FROM (VALUES ${values.join(', ')}) AS v(${columns.map((c) => c.name).join(', ')}))`, rows.flat());
}
