/** Value lists for `IN (…)`: a statement per few hundred values keeps every statement's parameters bounded. */
export const IN_LIST_SIZE = 500;

export function inChunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += IN_LIST_SIZE) out.push(values.slice(i, i + IN_LIST_SIZE));
  return out;
}

/** `$from, $from+1, …` for n values. */
export const marks = (n: number, from: number): string => Array.from({ length: n }, (_, j) => `$${j + from}`).join(', ');
