import { sparkPath, sparkPoints } from './sparkline.logic';

/** A small trend chart; no chart library needed for a line. */
export function Sparkline({ values, width = 160, height = 36, color = 'var(--mantine-color-hmBlue-6)' }: { values: (number | null)[]; width?: number; height?: number; color?: string }) {
  const points = sparkPoints(values, width, height);
  const last = points.at(-1);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-hidden data-testid="sparkline">
      <path d={sparkPath(values, width, height)} fill="none" stroke={color} strokeWidth={1.6} strokeLinejoin="round" />
      {last ? <circle cx={last[0]} cy={last[1]} r={2.5} fill={color} /> : null}
    </svg>
  );
}
