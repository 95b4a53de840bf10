/**
 * What goes between an export and its sheet-encoding threads: a chunk's columns (text packed as code
 * points travels as its three typed arrays, copied by the message), and back the encoded bytes.
 */
import { PackedText, type ColumnValues } from '../db/packed-text';
import type { RowPlan } from './sheet-rows';

export type WireColumn = readonly unknown[] | { codes: Int32Array; starts: Int32Array; nulls: Uint8Array };

export interface EncodeJob {
  /** the sheet's column letters, one per column */
  letters: readonly string[];
  plan: RowPlan;
  columns: WireColumn[];
  rowCount: number;
  /** the sheet row number of the chunk's first row */
  firstRowNumber: number;
}

export type EncodeReply = { id: number; pieces: Uint8Array[] } | { id: number; error: string };

export function toWire(column: ColumnValues): WireColumn {
  return column instanceof PackedText ? { codes: column.codes, starts: column.starts, nulls: column.nulls } : column;
}

export function fromWire(column: WireColumn): ColumnValues {
  if (Array.isArray(column)) return column;
  const { codes, starts, nulls } = column as Exclude<WireColumn, readonly unknown[]>;
  return new PackedText(codes, starts, nulls);
}
