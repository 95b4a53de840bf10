/**
 * Option lists as a select shows them (spec §3, §7, §8; rules 148, 188, 199): codes as text, duplicates
 * dropped, trees flattened to their leaves with the path as label, and a chosen code kept visible even
 * when the list failed to load or no longer holds it.
 */
import type { OptionItem } from '../../../engine/wire';

export interface SelectItem {
  value: string;
  label: string;
}

/** Leaves of a tree of options, labelled with their path ('食品 / 饮料 / 碳酸饮料'). */
function leaves(options: OptionItem[], path: string[] = []): SelectItem[] {
  return options.flatMap((o) => {
    const labels = [...path, o.label];
    return o.children?.length ? leaves(o.children, labels) : [{ value: String(o.value), label: labels.join(' / ') }];
  });
}

export function toSelectData(options: readonly OptionItem[] | null | undefined, chosen: readonly string[] = []): SelectItem[] {
  const seen = new Set<string>();
  const out: SelectItem[] = [];
  for (const item of leaves([...(options ?? [])])) {
    if (seen.has(item.value)) continue;
    seen.add(item.value);
    out.push(item);
  }
  // a chosen code the list does not hold (load failed, default value) still shows as its code
  for (const value of chosen) if (!seen.has(value)) out.push({ value, label: value });
  return out;
}

/** The chosen codes as a list, whatever shape the value has. */
export function chosenOf(value: string | readonly string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}
