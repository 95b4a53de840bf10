/** Select data for a dataset's dimensions or measures: "label (id)", derived measures in their own group. */
import type { StudioOption } from '../../../engine/studio/wire';

export interface DatasetChoice extends StudioOption {
  /** measures computed from others (ratio, growth …) */
  derived?: boolean;
}

export interface SelectItem {
  value: string;
  label: string;
}

export type SelectData = (SelectItem | { group: string; items: SelectItem[] })[];

export function choiceLabel(c: DatasetChoice, lang: 'zh' | 'en'): string {
  return `${c.label[lang]} (${c.id})`;
}

/**
 * Items of a select. A value no longer offered by the dataset stays listed (marked) so the field
 * shows what the definition holds and its error can say why.
 */
export function optionData(choices: readonly DatasetChoice[], lang: 'zh' | 'en', groups: { base: string; derived: string }, current?: string): SelectData {
  const item = (c: DatasetChoice) => ({ value: c.id, label: choiceLabel(c, lang) });
  const unknown = current && !choices.some((c) => c.id === current) ? [{ value: current, label: `${current} ?` }] : [];
  if (!choices.some((c) => c.derived)) return [...unknown, ...choices.map(item)];
  return [
    ...unknown,
    { group: groups.base, items: choices.filter((c) => !c.derived).map(item) },
    { group: groups.derived, items: choices.filter((c) => c.derived).map(item) },
  ];
}
