/**
 * Words DuckDB or PostgreSQL reserve (DuckDB's categories "reserved" and "type_function",
 * PostgreSQL's "R" and "T"): neither accepts one as a table alias without quotes, so definitions may
 * not use them as aliases. Taken from `duckdb_keywords()` (DuckDB 1.x) and `pg_get_keywords()` (15).
 */
const WORDS = `
all analyse analyze and anti any array as asc asof asymmetric at authorization binary both by case cast check
collate collation column columns concurrently constraint create cross current_catalog current_date current_role
current_schema current_time current_timestamp current_user default deferrable desc describe distinct do else end
except false fetch for foreign freeze from full generated glob grant group having ilike in initially inner intersect
into is isnull join lambda lateral leading left like limit localtime localtimestamp map natural not notnull null
offset on only or order outer overlaps pivot pivot_longer pivot_wider placing positional primary qualify
references returning right select semi session_user show similar some struct summarize symmetric table
tablesample then to trailing true try_cast union unique unpack unpivot user using variadic verbose when where
window with`;

export const RESERVED_SQL_WORDS: ReadonlySet<string> = new Set(WORDS.trim().split(/\s+/));

export const isReservedSqlWord = (word: string) => RESERVED_SQL_WORDS.has(word.toLowerCase());
