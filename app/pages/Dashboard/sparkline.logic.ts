/** SVG path of a small trend line; a flat line in the middle when every value is equal. Pure. */
export function sparkPoints(values: readonly (number | null)[], width: number, height: number, pad = 2): [number, number][] {
  const nums = values.map((v) => v ?? 0);
  if (!nums.length) return [];
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const span = max - min;
  const step = nums.length > 1 ? (width - 2 * pad) / (nums.length - 1) : 0;
  return nums.map((v, i) => [pad + i * step, span ? pad + (1 - (v - min) / span) * (height - 2 * pad) : height / 2]);
}

export function sparkPath(values: readonly (number | null)[], width: number, height: number): string {
  return sparkPoints(values, width, height)
    .map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`)
    .join(' ');
}

/** Change against the day before as a fraction; null when there is nothing to compare with. */
export function changeRatio(current: number | null, previous: number | null): number | null {
  if (current == null || previous == null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
