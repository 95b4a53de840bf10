/**
 * The chosen set of a picker, kept across pages and searches and keyed by the description's key field
 * (rule 356). Pure: every function returns a new array.
 */
export type KeyOf<R> = (row: R) => string;

export function fieldKey<R>(field: string): KeyOf<R> {
  return (row) => String((row as Record<string, unknown>)[field] ?? '');
}

export function isChosen<R>(chosen: readonly R[], row: R, keyOf: KeyOf<R>): boolean {
  const key = keyOf(row);
  return chosen.some((c) => keyOf(c) === key);
}

/** Single mode replaces the choice; multiple mode adds or removes the row. */
export function toggleChosen<R>(chosen: readonly R[], row: R, keyOf: KeyOf<R>, multiple: boolean): R[] {
  const key = keyOf(row);
  if (!multiple) return chosen.length === 1 && keyOf(chosen[0]) === key ? [] : [row];
  return isChosen(chosen, row, keyOf) ? chosen.filter((c) => keyOf(c) !== key) : [...chosen, row];
}

/** The header checkbox: add every row of the page, or remove them all. */
export function setManyChosen<R>(chosen: readonly R[], rows: readonly R[], keyOf: KeyOf<R>, checked: boolean): R[] {
  const keys = new Set(rows.map(keyOf));
  const rest = chosen.filter((c) => !keys.has(keyOf(c)));
  return checked ? [...rest, ...rows] : rest;
}

export function removeChosen<R>(chosen: readonly R[], key: string, keyOf: KeyOf<R>): R[] {
  return chosen.filter((c) => keyOf(c) !== key);
}

/** The header checkbox state over the selectable rows of the page. */
export function pageCheckState<R>(chosen: readonly R[], rows: readonly R[], keyOf: KeyOf<R>): 'none' | 'some' | 'all' {
  if (rows.length === 0) return 'none';
  const n = rows.filter((r) => isChosen(chosen, r, keyOf)).length;
  return n === 0 ? 'none' : n === rows.length ? 'all' : 'some';
}
