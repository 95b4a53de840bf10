/**
 * Static checks and small parses of the SQL fragments in definitions: which placeholders and
 * aliases a fragment uses, and whether it stays a fragment (no statement breaks, comments or
 * hand-written parameters). Pure string work, shared by the validator and the compiler.
 */

const RANGE_PLACEHOLDERS = ['date_start', 'date_end', 'date_start_prev', 'date_end_next'];

/** Every placeholder a fragment may use. `values` only in a field condition; `today` is the tenant's today. */
export const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'tenant_id',
  ...RANGE_PLACEHOLDERS,
  ...[2, 3, 4].flatMap((n) => RANGE_PLACEHOLDERS.map((p) => `${p}_${n}`)),
  'today',
  'values',
]);

const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;

/** Placeholder → the date range it belongs to (1..4), or null for others. */
export function placeholderRange(name: string): number | null {
  const m = /^(date_start|date_end|date_start_prev|date_end_next)(?:_([2-4]))?$/.exec(name);
  if (!m) return null;
  return m[2] ? Number(m[2]) : 1;
}

/** Removes string literals so that their content is not read as aliases or placeholders. */
export function stripLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "''");
}

export function placeholdersOf(sql: string): string[] {
  return [...stripLiterals(sql).matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Aliases a fragment qualifies columns with (`o.org_code` → o). */
export function aliasesOf(sql: string): string[] {
  const text = stripLiterals(sql).replace(PLACEHOLDER, ' ');
  return [...new Set([...text.matchAll(/(?<![a-z0-9_.])([a-z_][a-z0-9_]*)\s*\.\s*[a-z_]/gi)].map((m) => m[1]))];
}

/** Aliases a fragment declares itself, in a subquery (`FROM stock_ledger x`, `JOIN sku s2`). */
export function declaredAliases(sql: string): string[] {
  const text = stripLiterals(sql);
  return [...text.matchAll(/\b(?:from|join)\s+[a-z_][a-z0-9_]*\s+(?:as\s+)?([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]);
}

/** Problems that make a fragment unsafe or malformed; empty when it is fine. */
export function lintFragment(sql: string): string[] {
  const problems: string[] = [];
  if (!sql.trim()) problems.push('empty SQL fragment');
  const quotes = (sql.match(/'/g) ?? []).length;
  if (quotes % 2 !== 0) problems.push('unbalanced quote');
  const bare = stripLiterals(sql);
  if (bare.includes(';')) problems.push('semicolon not allowed');
  if (bare.includes('--') || bare.includes('/*') || bare.includes('*/')) problems.push('comments not allowed');
  if (bare.includes('$')) problems.push('write values as {placeholders}, not $ parameters');
  if (bare.includes('"')) problems.push('double quotes not allowed');
  let depth = 0;
  for (const ch of bare) {
    if (ch === '(') depth++;
    if (ch === ')' && --depth < 0) break;
  }
  if (depth !== 0) problems.push('unbalanced parentheses');
  for (const p of placeholdersOf(sql)) if (!PLACEHOLDERS.has(p)) problems.push(`unknown placeholder {${p}}`);
  const braces = bare.replace(PLACEHOLDER, '');
  if (/[{}]/.test(braces)) problems.push('malformed placeholder');
  return problems;
}

/**
 * Replaces each {placeholder} by what `fill` returns for it (a bound-parameter expression).
 * String literals are left untouched.
 */
export function fillPlaceholders(sql: string, fill: (name: string) => string): string {
  let out = '';
  let last = 0;
  for (const m of sql.matchAll(/'(?:[^']|'')*'|\{([a-z][a-z0-9_]*)\}/g)) {
    if (m[1] === undefined) continue;
    out += sql.slice(last, m.index) + fill(m[1]);
    last = (m.index ?? 0) + m[0].length;
  }
  return out + sql.slice(last);
}

const COLUMN_REF = /(?<![a-z0-9_.])([a-z_][a-z0-9_]*)\s*\.\s*([a-z_][a-z0-9_]*)(?![a-z0-9_])/gi;

/** Qualified column references of a fragment (`o.org_code` → { alias: o, column: org_code }). */
export function columnRefs(sql: string): { alias: string; column: string }[] {
  const text = stripLiterals(sql).replace(PLACEHOLDER, ' ');
  return [...text.matchAll(COLUMN_REF)].map((m) => ({ alias: m[1], column: m[2] }));
}

/** Requalifies column references outside string literals: `map` returns the new reference or null to keep it. */
export function mapColumnRefs(sql: string, map: (alias: string, column: string) => string | null): string {
  return sql
    .split(/('(?:[^']|'')*')/)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(COLUMN_REF, (ref, a: string, c: string) => map(a, c) ?? ref)))
    .join('');
}
