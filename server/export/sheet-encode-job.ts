/**
 * What goes between an export and its sheet-encoding threads: a chunk's columns (text packed as code
 * points travels as its three typed arrays, shared-string indexes and numbers as theirs, copied by
 * the message), and back the encoded bytes.
 */
import { PackedText } from '../db/packed-text';
import { SharedText } from './shared-strings';
import { NumberColumn, type RowPlan, type SheetColumn } from './sheet-rows';

export type WireColumn =
  | readonly unknown[]
  | { codes: Int32Array; starts: Int32Array; nulls: Uint8Array }
  | { indexes: Int32Array }
  | { numbers: Float64Array; nulls: Uint8Array };

export interface EncodeJob {
  plan: RowPlan;
  columns: WireColumn[];
  rowCount: number;
  /** the sheet row number of the chunk's first row */
  firstRowNumber: number;
}

export type EncodeReply = { id: number; pieces: Uint8Array[] } | { id: number; error: string };

export function toWire(column: SheetColumn): WireColumn {
  if (column instanceof SharedText) return { indexes: column.indexes };
  if (column instanceof NumberColumn) return { numbers: column.values, nulls: column.nulls };
  return column instanceof PackedText ? { codes: column.codes, starts: column.starts, nulls: column.nulls } : column;
}

export function fromWire(column: WireColumn): SheetColumn {
  if (Array.isArray(column)) return column;
  if ('indexes' in column) return new SharedText(column.indexes);
  if ('numbers' in column) return new NumberColumn(column.numbers, column.nulls);
  const { codes, starts, nulls } = column as { codes: Int32Array; starts: Int32Array; nulls: Uint8Array };
  return new PackedText(codes, starts, nulls);
}
