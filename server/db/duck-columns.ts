/**
 * Reads DuckDB data chunks column by column into plain values (the same values as `query` returns),
 * with each column's conversion chosen once from its type: numbers and text straight from the typed
 * vectors, DECIMAL from its scaled integer, so no value makes a trip through JSON text.
 */
import {
  DuckDBDecimalType,
  DuckDBTypeId,
  JsonDuckDBValueConverter,
  type DuckDBDataChunk,
  type DuckDBType,
  type DuckDBVector,
} from '@duckdb/node-api';
import { converterFor } from './normalise';

/** Writes column `index` of `chunk` into `out` from position `at` on. */
export type ColumnReader = (chunk: DuckDBDataChunk, index: number, out: unknown[], at: number) => void;

const NATIVE = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.VARCHAR,
]);
const WIDE_INTEGER = new Set<DuckDBTypeId>([DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UHUGEINT]);

/** Values the vector already holds as JS numbers or strings. */
const readNative: ColumnReader = (chunk, index, out, at) => {
  const vector = chunk.getColumnVector(index);
  for (let r = 0, n = chunk.rowCount; r < n; r++) out[at + r] = vector.getItem(r);
};

const readWideInteger: ColumnReader = (chunk, index, out, at) => {
  const vector = chunk.getColumnVector(index) as DuckDBVector<bigint>;
  for (let r = 0, n = chunk.rowCount; r < n; r++) {
    const v = vector.getItem(r);
    out[at + r] = v === null ? null : Number(v);
  }
};

interface ScaledVector {
  getScaledValue(index: number): number | bigint | null;
  getItem(index: number): { toString(): string } | null;
}

/** Powers of ten are exact doubles up to 10^22, so one division rounds correctly. */
const MAX_EXACT_SCALE = 22;

/**
 * DECIMAL as the double nearest its decimal value, like `Number(text)`: while the scaled integer is
 * exact as a double (below 2^53) one division gives it; beyond, the value goes through its text.
 */
function decimalReader(scale: number): ColumnReader {
  const divisor = 10 ** scale;
  return (chunk, index, out, at) => {
    const vector = chunk.getColumnVector(index) as unknown as ScaledVector;
    for (let r = 0, n = chunk.rowCount; r < n; r++) {
      const scaled = vector.getScaledValue(r);
      if (scaled === null) out[at + r] = null;
      else {
        const n = Number(scaled);
        out[at + r] = Math.abs(n) <= Number.MAX_SAFE_INTEGER && scale <= MAX_EXACT_SCALE ? n / divisor : Number(vector.getItem(r)!.toString());
      }
    }
  };
}

/** Every other type (dates, timestamps, booleans…) the way `query` converts it, a column at a time. */
function jsonReader(type: DuckDBType): ColumnReader {
  const convert = converterFor(String(type));
  return (chunk, index, out, at) => {
    const values = chunk.convertColumnValues(index, JsonDuckDBValueConverter);
    for (let r = 0; r < values.length; r++) out[at + r] = convert(values[r]);
  };
}

export function columnReader(type: DuckDBType): ColumnReader {
  if (NATIVE.has(type.typeId)) return readNative;
  if (WIDE_INTEGER.has(type.typeId)) return readWideInteger;
  if (type instanceof DuckDBDecimalType) return decimalReader(type.scale);
  return jsonReader(type);
}
