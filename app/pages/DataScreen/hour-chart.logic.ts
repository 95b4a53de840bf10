/** Geometry of the 24-hour bar chart, laid out over the width the panel really has. Pure. */

export interface HourBar {
  hour: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** centre of the bar, where its hour label goes */
  middle: number;
}

const LABEL_SPACE = 18;
const TOP_SPACE = 6;
/** width used before the panel has been measured (first render, tests without layout) */
export const FALLBACK_WIDTH = 720;

export function hourBars(salesByHour: ReadonlyMap<number, number>, width: number, height: number): HourBar[] {
  const span = (width > 0 ? width : FALLBACK_WIDTH) / 24;
  const gap = Math.max(2, span * 0.25);
  const values = Array.from({ length: 24 }, (_, h) => Math.max(0, salesByHour.get(h) ?? 0));
  const max = Math.max(0, ...values);
  const room = height - LABEL_SPACE - TOP_SPACE;
  return values.map((v, hour) => {
    const barHeight = max ? (v / max) * room : 0;
    return { hour, x: hour * span + gap / 2, y: height - LABEL_SPACE - barHeight, width: span - gap, height: barHeight, middle: hour * span + span / 2 };
  });
}
