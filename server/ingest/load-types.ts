/**
 * The contract's SQL types as staging SQL over text: whether a value is exact for its column (a cast
 * that would round, truncate or invent a date is a refusal, not a repair) and its normal text form,
 * which both the references and the write use, so '04' and '4' of a SMALLINT are one code.
 */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TypedColumn {
  /** SQL that is true when the non-empty value fits the column exactly */
  fits: string;
  /** SQL giving the value's normal text, NULL when empty or not fitting */
  normal: string;
  zh: string;
  en: string;
}

/** `alias` qualifies the column when a statement reads more than one staging table. */
export function typedColumn(column: string, type: string, alias?: string): TypedColumn {
  const v = `NULLIF(${alias ? `${alias}.` : ''}${quoteIdent(column)}, '')`;
  const t = `trim(${v})`;
  const varchar = /^VARCHAR\((\d+)\)$/i.exec(type);
  if (varchar) {
    const n = Number(varchar[1]);
    return { fits: `length(${v}) <= ${n}`, normal: v, zh: `超过 ${n} 个字符`, en: `longer than ${n} characters` };
  }
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/i.exec(type);
  const cast = (as: string) => `TRY_CAST(${t} AS ${as})`;
  if (decimal) {
    const [p, sc] = [Number(decimal[1]), Number(decimal[2])];
    // DuckDB rounds extra decimals silently: the digits are checked first (a text pattern, far cheaper than
    // comparing with a wide decimal); zeros past the scale change nothing and are accepted
    const digits = `regexp_full_match(${t}, '[+-]?(?:0*[0-9]{1,${p - sc}}(?:\\.[0-9]{0,${sc}}0*)?|\\.[0-9]{1,${sc}}0*)')`;
    return {
      fits: `${digits} AND ${cast(type)} IS NOT NULL`,
      normal: `CASE WHEN ${digits} THEN CAST(${cast(type)} AS VARCHAR) END`,
      zh: `不是 ${type} 数值（整数部分最多 ${p - sc} 位，小数最多 ${sc} 位）`,
      en: `not a ${type} number (at most ${p - sc} digits before the point, ${sc} after)`,
    };
  }
  if (/^(SMALLINT|INTEGER|BIGINT)$/i.test(type)) {
    // a text cast to an integer rounds '1.5' to 2: only whole numbers are accepted
    const whole = `regexp_full_match(${t}, '[+-]?[0-9]+')`;
    return {
      fits: `${whole} AND ${cast(type)} IS NOT NULL`,
      normal: `CASE WHEN ${whole} THEN CAST(${cast(type)} AS VARCHAR) END`,
      zh: `不是 ${type} 范围内的整数`,
      en: `not a whole number within ${type}`,
    };
  }
  if (/^DATE$/i.test(type)) {
    return { fits: `${cast('DATE')} IS NOT NULL`, normal: `CAST(${cast('DATE')} AS VARCHAR)`, zh: '不是有效日期（YYYY-MM-DD）', en: 'not a valid calendar date (YYYY-MM-DD)' };
  }
  if (/^TIMESTAMP$/i.test(type)) {
    return {
      fits: `${cast('TIMESTAMP')} IS NOT NULL`,
      normal: `CAST(${cast('TIMESTAMP')} AS VARCHAR)`,
      zh: '不是有效时间（YYYY-MM-DD HH:MM:SS）',
      en: 'not a valid date and time (YYYY-MM-DD HH:MM:SS)',
    };
  }
  throw new Error(`no loader rule for the SQL type ${type}`);
}

/** Parquet column types (as DuckDB reads them) a contract type accepts; the values are checked after. */
export function parquetTypeFits(contractType: string, parquetType: string): boolean {
  const integer = /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/.test(parquetType);
  if (/^VARCHAR/i.test(contractType)) return parquetType === 'VARCHAR';
  if (/^(SMALLINT|INTEGER|BIGINT)$/i.test(contractType)) return integer;
  if (/^DECIMAL/i.test(contractType)) return integer || /^(DECIMAL|FLOAT|DOUBLE)/.test(parquetType);
  if (/^DATE$/i.test(contractType)) return parquetType === 'DATE';
  if (/^TIMESTAMP$/i.test(contractType)) return parquetType === 'DATE' || parquetType.startsWith('TIMESTAMP');
  return false;
}

