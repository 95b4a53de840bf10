/**
 * Reads DuckDB data chunks column by column into plain values (the same values as `query` returns),
 * with each column's conversion chosen once from its type: numbers and text straight from the typed
 * vectors, DECIMAL from its scaled integer, so no value makes a trip through JSON text.
 */
import {
  DuckDBDecimalType,
  DuckDBListVector,
  DuckDBTypeId,
  JsonDuckDBValueConverter,
  type DuckDBDataChunk,
  type DuckDBType,
  type DuckDBVector,
} from '@duckdb/node-api';
import { converterFor } from './normalise';
import type { PackedTextBuilder } from './packed-text';

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

/** Powers of ten are exact doubles up to 10^22, so one division rounds correctly. */
const MAX_EXACT_SCALE = 22;
const TWO_32 = 2 ** 32;
/** the high 32-bit word of an integer below 2^53 in magnitude lies in [-2^21, 2^21) */
const HIGH_WORD_LIMIT = 2 ** 21;

const readWideInteger: ColumnReader = (chunk, index, out, at) => {
  const vector = chunk.getColumnVector(index) as DuckDBVector<bigint>;
  const words = bigIntWords(vector, chunk.rowCount);
  for (let r = 0, n = chunk.rowCount; r < n; r++) {
    if (words) {
      const high = words.view[r * 2 + 1];
      // below 2^53 in magnitude the two words make the exact double without a BigInt (counts, row numbers)
      if (high < HIGH_WORD_LIMIT && high >= -HIGH_WORD_LIMIT) {
        out[at + r] = words.valid(r) ? high * TWO_32 + (words.view[r * 2] >>> 0) : null;
        continue;
      }
    }
    const v = vector.getItem(r);
    out[at + r] = v === null ? null : Number(v);
  }
};

/**
 * A BIGINT vector's values as 32-bit words (low, high) over its `BigInt64Array`, and its validity;
 * null for any other vector or when the API's internals are not what is expected.
 */
function bigIntWords(vector: unknown, rows: number): { view: Int32Array; valid: (index: number) => boolean } | null {
  const { items, validity } = vector as { items?: unknown; validity?: { itemValid?: unknown } };
  if (!(items instanceof BigInt64Array) || items.length < rows || typeof validity?.itemValid !== 'function') return null;
  return {
    view: new Int32Array(items.buffer, items.byteOffset, rows * 2),
    valid: (i) => (validity.itemValid as (i: number) => boolean).call(validity, i),
  };
}

interface ScaledVector {
  getScaledValue(index: number): number | bigint | null;
  getItem(index: number): { toString(): string } | null;
}


/**
 * The raw little-endian integers of a 64- or 128-bit DECIMAL vector. The node API reads them as
 * BigInt (four per 128-bit value), the larger part of an export's reading; its vectors keep the bytes
 * in a DataView and the nulls in a validity mask they do not expose, so both are looked up and used
 * only when they are what is expected.
 */
interface RawDecimals {
  view: DataView;
  valid: (index: number) => boolean;
}

function rawDecimals(vector: unknown, width: number, rows: number): RawDecimals | null {
  const { dataView, validity } = vector as { dataView?: unknown; validity?: { itemValid?: unknown } };
  if (!(dataView instanceof DataView) || dataView.byteLength < width * rows) return null;
  if (typeof validity?.itemValid !== 'function') return null;
  return { view: dataView, valid: (i) => (validity.itemValid as (i: number) => boolean).call(validity, i) };
}

/**
 * The scaled integer at `index` as an exact double, or undefined when it is 2^53 or more in
 * magnitude: the low 64 bits as two words, the upper 64 bits (128-bit values) only their sign.
 */
function scaledAt(view: DataView, index: number, width: number): number | undefined {
  const at = index * width;
  const high = view.getInt32(at + 4, true);
  if (high >= HIGH_WORD_LIMIT || high < -HIGH_WORD_LIMIT) return undefined;
  if (width === 16) {
    const upperLow = view.getUint32(at + 8, true);
    const upperHigh = view.getInt32(at + 12, true);
    const extendsSign = high < 0 ? upperLow === 0xffffffff && upperHigh === -1 : upperLow === 0 && upperHigh === 0;
    if (!extendsSign) return undefined;
  }
  return high * TWO_32 + view.getUint32(at, true);
}

/**
 * DECIMAL as the double nearest its decimal value, like `Number(text)`: while the scaled integer is
 * exact as a double (below 2^53) one division gives it; beyond, the value goes through its text.
 */
function decimalReader(type: DuckDBDecimalType): ColumnReader {
  const { scale, width: digits } = type;
  const divisor = 10 ** scale;
  const bytes = digits > 18 ? 16 : digits > 9 ? 8 : 0;
  const exact = scale <= MAX_EXACT_SCALE;
  return (chunk, index, out, at) => {
    const vector = chunk.getColumnVector(index) as unknown as ScaledVector;
    const n = chunk.rowCount;
    const raw = bytes && exact ? rawDecimals(vector, bytes, n) : null;
    for (let r = 0; r < n; r++) {
      if (raw) {
        if (!raw.valid(r)) {
          out[at + r] = null;
          continue;
        }
        const scaled = scaledAt(raw.view, r, bytes);
        if (scaled !== undefined) {
          out[at + r] = scaled / divisor;
          continue;
        }
      }
      const scaled = vector.getScaledValue(r);
      if (scaled === null) out[at + r] = null;
      else {
        const v = Number(scaled);
        out[at + r] = Math.abs(v) <= Number.MAX_SAFE_INTEGER && exact ? v / divisor : Number(vector.getItem(r)!.toString());
      }
    }
  };
}

/** 0001-01-01 and 9999-12-31 as days since 1970-01-01: between them a day's text is its ISO date. */
const FIRST_ISO_DAY = -719_162;
const LAST_ISO_DAY = 2_932_896;
const DAY_MS = 86_400_000;

/**
 * DATE as 'YYYY-MM-DD' from the vector's day numbers, each distinct day's text made once per result
 * (an export's dates repeat on every row of the day); days outside years 1–9999 go the way `query` reads them.
 */
function dateReader(type: DuckDBType): ColumnReader {
  const other = jsonReader(type);
  const texts = new Map<number, string>();
  return (chunk, index, out, at) => {
    const { items, validity } = chunk.getColumnVector(index) as unknown as { items?: unknown; validity?: { itemValid?: unknown } };
    const valid = validity?.itemValid;
    if (!(items instanceof Int32Array) || typeof valid !== 'function') return other(chunk, index, out, at);
    for (let r = 0, n = chunk.rowCount; r < n; r++) {
      if (!valid.call(validity, r)) {
        out[at + r] = null;
        continue;
      }
      const day = items[r];
      if (day < FIRST_ISO_DAY || day > LAST_ISO_DAY) return other(chunk, index, out, at);
      let text = texts.get(day);
      if (text === undefined) texts.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)));
      out[at + r] = text;
    }
  };
}

/** Every other type (timestamps, booleans…) the way `query` converts it, a column at a time. */
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
  if (type instanceof DuckDBDecimalType) return decimalReader(type);
  if (type.typeId === DuckDBTypeId.DATE) return dateReader(type);
  return jsonReader(type);
}

/**
 * Appends a chunk's column of code-point lists (`codePointsSql`) to `builder`: the child vector's
 * integers are one typed array for the whole chunk. The vector's validity mask is not public: it is
 * used when it is what is expected, else each row is asked through the public API.
 */
export function appendCodePoints(chunk: DuckDBDataChunk, index: number, builder: PackedTextBuilder): void {
  const vector = chunk.getColumnVector(index);
  if (!(vector instanceof DuckDBListVector)) throw new Error(`column ${index} is not a list of code points`);
  const child = vector.childVector;
  const { items } = child as unknown as { items?: unknown };
  const codes = items instanceof Int32Array ? items : Int32Array.from({ length: child.itemCount }, (_, i) => Number(child.getItem(i)));
  const { validity, entryData } = vector as unknown as { validity?: { itemValid?: unknown }; entryData?: unknown };
  const itemValid = validity?.itemValid;
  const valid =
    typeof itemValid === 'function' ? (r: number) => itemValid.call(validity, r) as boolean : (r: number) => vector.getItemVector(r) !== null;
  // the entries are (offset, length) pairs of 64-bit integers, below 2^32 within a chunk: their low
  // words are read without making a BigInt each
  if (entryData instanceof BigUint64Array && entryData.length >= chunk.rowCount * 2) {
    const words = new Uint32Array(entryData.buffer, entryData.byteOffset, chunk.rowCount * 4);
    builder.append(codes, chunk.rowCount, (r) => words[r * 4], (r) => words[r * 4 + 2], valid);
  } else builder.append(codes, chunk.rowCount, (r) => vector.getEntryOffset(r), (r) => vector.getEntryLength(r), valid);
}
