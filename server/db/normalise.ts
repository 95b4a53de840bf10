/** Turns driver values into plain JSON values, the same for DuckDB and PostgreSQL. */
const NUMERIC_TYPE = /^(DECIMAL|NUMERIC|BIGINT|HUGEINT|UBIGINT|INTEGER|SMALLINT|TINYINT|UINTEGER|USMALLINT|UTINYINT|DOUBLE|FLOAT|REAL)/;
const TIMESTAMP_TYPE = /^TIMESTAMP/;

export function isNumericType(typeName: string): boolean {
  return NUMERIC_TYPE.test(typeName);
}

export function normaliseTimestamp(text: string): string {
  return text.replace('T', ' ').slice(0, 19);
}

export function normaliseValue(value: unknown, typeName: string): unknown {
  if (value === null || value === undefined) return null;
  if (isNumericType(typeName)) return Number(value);
  if (TIMESTAMP_TYPE.test(typeName) && typeof value === 'string') return normaliseTimestamp(value);
  return value;
}
