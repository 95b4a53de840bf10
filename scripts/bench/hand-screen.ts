/**
 * What the hand-written references of report screens share: the check that a reference answers
 * what the compiled screen answers before it is timed against it.
 */

/**
 * Whether the compiled screen (rows, then the totals row marked `__g` = 1 with `__rows`) and a
 * hand-written one (`total` = 1 with `n`) give the same answer: the same rows in the same order,
 * every key equal, every measure equal to 1e-9 (decimals may come as text), the same row count.
 * Returns what differs first, or null.
 */
export function screenDifference(
  compiled: Record<string, unknown>[],
  hand: Record<string, unknown>[],
  keys: readonly string[],
  measures: readonly string[],
): string | null {
  if (compiled.length !== hand.length) return `${compiled.length} rows against ${hand.length}`;
  for (let i = 0; i < compiled.length; i++) {
    const [c, h] = [compiled[i], hand[i]];
    if (Number(c.__g) !== Number(h.total)) return `row ${i}: totals mark ${String(c.__g)} against ${String(h.total)}`;
    for (const k of keys) if ((c[k] ?? null) !== (h[k] ?? null)) return `row ${i} ${k}: ${String(c[k])} against ${String(h[k])}`;
    for (const k of measures) {
      const [a, b] = [c[k] === null ? null : Number(c[k]), h[k] === null ? null : Number(h[k])];
      if (a === null || b === null ? a !== b : Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(b))) return `row ${i} ${k}: ${a} against ${b}`;
    }
    if (Number(c.__g) === 1 && Number(c.__rows) !== Number(h.n)) return `row count ${String(c.__rows)} against ${String(h.n)}`;
  }
  return null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The day after a day ('YYYY-MM-DD'). */
export function dayAfter(d: string): string {
  const [y, m, dd] = d.slice(0, 10).split('-').map(Number);
  return day(new Date(Date.UTC(y, m - 1, dd + 1)));
}
