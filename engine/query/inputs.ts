/** Number-range and text inputs of the filter bar (building blocks §5, §9; rules 325, 326, 343–346). */
import type { DimensionItem } from '../wire';

export type NumberRange = [number | null, number | null];

export const NUMBER_MIN = 0;
export const NUMBER_MAX = 999_999_999;
export const NUMBER_DECIMALS = 2;
export const TEXT_MAXLENGTH = 35;

/** Clamp bounds of a number-range filter: 0..999999999 unless the item sets its own (e.g. negative days). */
export function numberBounds(item?: Pick<DimensionItem, 'min' | 'max'>): { min: number; max: number } {
  return { min: item?.min ?? NUMBER_MIN, max: item?.max ?? NUMBER_MAX };
}

/** Rounds half away from zero at `decimals`, without 1.005 → 1.00 binary surprises. */
export function roundTo(n: number, decimals: number = NUMBER_DECIMALS): number {
  const f = 10 ** decimals;
  return (Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * f)) / f;
}

/** A typed value as the filter holds it: empty → null, not a number → null, else clamped and rounded. */
export function parseNumberInput(
  input: string | number | null | undefined,
  bounds: { min: number; max: number } = numberBounds(),
  decimals: number = NUMBER_DECIMALS,
): number | null {
  if (input === null || input === undefined) return null;
  const text = typeof input === 'number' ? input : input.trim();
  if (text === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return roundTo(Math.min(bounds.max, Math.max(bounds.min, n)), decimals);
}

/** Display text with the default 2 decimals (rule 346); '' for no value. */
export function formatNumberInput(value: number | null, decimals: number = NUMBER_DECIMALS): string {
  return value === null ? '' : roundTo(value, decimals).toFixed(decimals);
}

/**
 * Keeps start ≤ end after one side was edited (rules 343, 344): an edited start above the end is set to
 * the end; an edited end below the start is set to the start.
 */
export function orderNumberRange(range: NumberRange, edited: 0 | 1): NumberRange {
  const [lo, hi] = range;
  if (lo === null || hi === null || lo <= hi) return [lo, hi];
  return edited === 0 ? [hi, hi] : [lo, lo];
}

/** Sets one side of a range from typed input: parse, clamp, round, then keep the order. */
export function setNumberSide(
  range: NumberRange,
  side: 0 | 1,
  input: string | number | null | undefined,
  bounds: { min: number; max: number } = numberBounds(),
): NumberRange {
  const next: NumberRange = [range[0], range[1]];
  next[side] = parseNumberInput(input, bounds);
  return orderNumberRange(next, side);
}

/** While typing: cut to the maxlength (default 35), keep inner and edge spaces. */
export function limitText(text: string, maxlength: number = TEXT_MAXLENGTH): string {
  return Array.from(text).slice(0, maxlength).join('');
}

/** As sent: trimmed (rule 325) and at most `maxlength` characters (rule 326). */
export function requestText(text: string | null | undefined, maxlength: number = TEXT_MAXLENGTH): string {
  return limitText((text ?? '').trim(), maxlength).trim();
}
