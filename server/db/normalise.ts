/** Turns driver values into plain JSON values, the same for DuckDB and PostgreSQL. */
const NUMERIC_TYPE = /^(DECIMAL|NUMERIC|BIGINT|HUGEINT|UBIGINT|INTEGER|SMALLINT|TINYINT|UINTEGER|USMALLINT|UTINYINT|DOUBLE|FLOAT|REAL)/;
const TIMESTAMP_TYPE = /^TIMESTAMP/;

export function isNumericType(typeName: string): boolean {
  return NUMERIC_TYPE.test(typeName);
}

export function normaliseTimestamp(text: string): string {
  return text.replace('T', ' ').slice(0, 19);
}

export type Convert = (value: unknown) => unknown;

const asNumber: Convert = (v) => (v === null || v === undefined ? null : Number(v));
const asTimestamp: Convert = (v) => (v === null || v === undefined ? null : typeof v === 'string' ? normaliseTimestamp(v) : v);
const asIs: Convert = (v) => (v === undefined ? null : v);

/** The conversion of one column, chosen once per result from its type name (not per value). */
export function converterFor(typeName: string): Convert {
  if (isNumericType(typeName)) return asNumber;
  if (TIMESTAMP_TYPE.test(typeName)) return asTimestamp;
  return asIs;
}

export function normaliseValue(value: unknown, typeName: string): unknown {
  return converterFor(typeName)(value);
}
