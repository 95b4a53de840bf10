/**
 * Formulas of derived measures: arithmetic over {measure} references, numbers and + − * / ( ).
 * Tokenised strictly, so a formula can never carry anything else into SQL.
 */

export type FormulaToken = { kind: 'ref'; id: string } | { kind: 'num'; text: string } | { kind: 'op'; text: string };

/** The tokens of a formula, or an error message. */
export function tokenizeFormula(formula: string): FormulaToken[] | string {
  const tokens: FormulaToken[] = [];
  const re = /\s*(?:\{([a-z][a-z0-9_]*)\}|([0-9]+(?:\.[0-9]+)?)|([-+*/()]))/y;
  let pos = 0;
  while (pos < formula.length) {
    if (/^\s*$/.test(formula.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(formula);
    if (!m) return `unexpected text at ${pos}: "${formula.slice(pos, pos + 10)}"`;
    if (m[1]) tokens.push({ kind: 'ref', id: m[1] });
    else if (m[2]) tokens.push({ kind: 'num', text: m[2] });
    else tokens.push({ kind: 'op', text: m[3] });
    pos = re.lastIndex;
  }
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'op' && t.text === '(') depth++;
    if (t.kind === 'op' && t.text === ')' && --depth < 0) return 'unbalanced parentheses';
  }
  if (depth !== 0) return 'unbalanced parentheses';
  if (!tokens.some((t) => t.kind === 'ref')) return 'a formula must reference at least one measure';
  return tokens;
}

export function formulaRefs(formula: string): string[] {
  const tokens = tokenizeFormula(formula);
  return typeof tokens === 'string' ? [] : tokens.filter((t) => t.kind === 'ref').map((t) => (t as { id: string }).id);
}

/** SQL text of a formula, each reference replaced by its (parenthesised) SQL. */
export function formulaSql(formula: string, sqlOf: (id: string) => string): string {
  const tokens = tokenizeFormula(formula);
  if (typeof tokens === 'string') throw new Error(`invalid formula: ${tokens}`);
  return tokens.map((t) => (t.kind === 'ref' ? `(${sqlOf(t.id)})` : t.text)).join(' ');
}
