/**
 * The rows of a fused report statement (the screen statement: rows, then the totals row marked
 * `"__g"` = 1 carrying the row count `"__rows"`) read a chunk of columns at a time: the totals row is
 * taken out wherever it falls, and the rows around it stay column arrays.
 */
import { valueAt, withoutIndex } from '../db/packed-text';
import type { ColumnChunk, Row } from '../db/types';

/** The totals row's position in the chunk, or -1. */
export function totalsIndex(chunk: ColumnChunk): number {
  const g = chunk.names.indexOf('__g');
  if (g < 0) return -1;
  const levels = chunk.columns[g];
  for (let r = 0; r < chunk.rowCount; r++) if (Number(valueAt(levels, r)) === 1) return r;
  return -1;
}

/** One row of the chunk as an object (the totals row: one per export). */
export function rowAt(chunk: ColumnChunk, index: number): Row {
  const row: Row = {};
  for (let c = 0; c < chunk.names.length; c++) row[chunk.names[c]] = valueAt(chunk.columns[c], index);
  return row;
}

/** The chunk without row `index`: only the chunk that holds the totals row is copied. */
export function withoutRow(chunk: ColumnChunk, index: number): ColumnChunk {
  const columns = chunk.columns.map((values) => withoutIndex(values, index));
  return { names: chunk.names, columns, rowCount: chunk.rowCount - 1 };
}

/** Splits each chunk into its rows and (once) the totals row; `totals()` answers it after the last chunk. */
export class FusedRows {
  private found: Row | null = null;

  async *rows(chunks: AsyncIterable<ColumnChunk>): AsyncGenerator<ColumnChunk> {
    for await (const chunk of chunks) {
      const at = this.found ? -1 : totalsIndex(chunk);
      if (at < 0) {
        yield chunk;
        continue;
      }
      this.found = rowAt(chunk, at);
      if (chunk.rowCount > 1) yield withoutRow(chunk, at);
    }
  }

  totals(): Row | null {
    return this.found;
  }
}
