/**
 * Comparing like with like: sides timed alternately in rounds, the order rotating each round so no
 * side always runs first (warm) or last (after the others' garbage), then medians with their spread.
 */

export interface Spread {
  median: number;
  p25: number;
  p75: number;
  n: number;
}

/** Median and quartiles (nearest rank) of a sample. */
export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { median: at(0.5), p25: at(0.25), p75: at(0.75), n: s.length };
}

/** The order `sides` run in during round `round`: rotated by one each round. */
export function rotation<T>(sides: T[], round: number): T[] {
  const k = round % sides.length;
  return [...sides.slice(k), ...sides.slice(0, k)];
}

/**
 * Times each side once per round, in rotating order, after one untimed run of each; the times
 * per side, index i being round i.
 */
export async function interleaved(sides: Record<string, () => Promise<unknown>>, rounds: number): Promise<Record<string, number[]>> {
  const names = Object.keys(sides);
  for (const name of names) await sides[name]();
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of rotation(names, r)) {
      const t = performance.now();
      await sides[name]();
      times[name].push(performance.now() - t);
    }
  }
  return times;
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/** `12.3 ms (p25–p75 11.9–13.0)` */
export function msSpread(xs: number[]): string {
  const s = spread(xs);
  return `${f1(s.median)} ms (p25–p75 ${f1(s.p25)}–${f1(s.p75)})`;
}

/**
 * A / B as the ratio of the medians, with the quartiles of the per-round ratios (round i of A over
 * round i of B, run next to each other) and, given a target, whether the ratio meets it.
 */
export function ratioLine(a: number[], b: number[], target?: number): string {
  const ratio = spread(a).median / spread(b).median;
  const perRound = spread(a.map((x, i) => x / b[i]));
  const verdict = target === undefined ? '' : ` | target ≤ ${f2(target)}×: ${ratio <= target ? 'met' : 'NOT met'}`;
  return `${f2(ratio)}× (per-round p25–p75 ${f2(perRound.p25)}–${f2(perRound.p75)}×, ${a.length} rounds)${verdict}`;
}
