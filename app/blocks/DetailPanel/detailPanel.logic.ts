/** Rule 328: the detail panel shows a tooltip for texts of 30 characters or more. */
export const TOOLTIP_MIN_LENGTH = 30;

export function needsTooltip(text: string): boolean {
  return [...text].length >= TOOLTIP_MIN_LENGTH;
}

/** A value as shown: '-' when there is none. */
export function detailText(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
