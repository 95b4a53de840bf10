/**
 * Number-range input rules (building blocks §5, §9; rules 343–346) on the engine's number helpers:
 * clamp to 0..999999999 (or the filter's own bounds), 2 decimals, start ≤ end by moving the edited side.
 */
import { formatNumberInput, NUMBER_DECIMALS, numberBounds, setNumberSide, type NumberRange } from '../../../engine/query';

export type { NumberRange };

export interface Bounds {
  min: number;
  max: number;
}

export const boundsOf = (min?: number, max?: number): Bounds => numberBounds({ min, max });

/** While typing: digits, one decimal point, and a leading minus only when the bounds allow negatives. */
export function sanitizeNumberText(text: string, allowNegative: boolean): string {
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !dot) {
      dot = true;
      out += ch;
    } else if (ch === '-' && allowNegative && out === '') out += ch;
  }
  return out;
}

/** The range after one side's text is committed (blur or Enter). */
export function commitSide(range: NumberRange, side: 0 | 1, text: string, bounds: Bounds): NumberRange {
  return setNumberSide(range, side, text, bounds);
}

/** The two texts shown for a committed range (2 decimals by default; '' for no value). */
export function displayTexts(range: NumberRange, decimals: number = NUMBER_DECIMALS): [string, string] {
  return [formatNumberInput(range[0], decimals), formatNumberInput(range[1], decimals)];
}
