/**
 * A column of format 'pp' holds the difference of two rates as a fraction (0.0312 = 3.12 percentage
 * points). Screen, print and export show it in points with its sign, as the AI panel words a change.
 */

/** 0.0312 → 3.12 (the figure an export cell holds under PP_NUMBER_FORMAT). */
export const toPoints = (fraction: number): number => Math.round(fraction * 10000) / 100;

/** 0.0312 → "+3.12pp", -0.005 → "-0.50pp", 0 → "0.00pp". */
export function formatPercentagePoints(fraction: number): string {
  const points = toPoints(fraction);
  return `${points > 0 ? '+' : ''}${points.toFixed(2)}pp`;
}

/** The spreadsheet number format of a points cell: the same sign and suffix as on screen. */
export const PP_NUMBER_FORMAT = '+0.00"pp";-0.00"pp";0.00"pp"';
