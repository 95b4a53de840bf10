/**
 * The largest id a route accepts: the largest integer a JavaScript number holds exactly, well inside
 * BIGINT, so an oversized id is refused by the route schema (400) instead of overflowing in SQL.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The largest value of an INTEGER column (print types, source types): beyond it the database overflows. */
export const MAX_INT = 2147483647;
