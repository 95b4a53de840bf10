/**
 * Names a definition may use for option sources, checked by the catalogue validator. The option
 * lists, dictionary codes and fixed enumerations are engine/options.ts (shared with the option
 * endpoints); the pickers and cascader types are the building blocks'.
 */
import { DICT_CODES, ENUMS, OPTION_LISTS } from '../options';

export { DICT_CODES, ENUMS, OPTION_LISTS };

/** Pickers of the building-blocks spec usable as filters and document form fields. */
export const PICKERS = [
  'org',
  'store',
  'supplier',
  'wholesaler',
  'warehouse',
  'account',
  'salesman',
  'pickup_point',
  'brand',
  'goods',
  'store_warehouse',
  'buyer',
  'carrier',
  'location',
  'service',
  'multi_item',
  'settlement',
  'department',
  'category',
  'group',
  'favorite',
  'multi_store',
  'commodity',
  'goods_multi',
  'scan',
] as const;

/** Cascader types (rule 396). */
export const CASCADERS = [1, 2, 3, 4, 5, 6] as const;

export function isEnum(name: string): boolean {
  return Object.hasOwn(ENUMS, name);
}

/** The label of an enumeration code; the code itself when it is not listed. */
export function enumLabel(name: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const list = isEnum(name) ? ENUMS[name as keyof typeof ENUMS] : [];
  const hit = list.find((o) => o.value === String(value));
  return hit ? hit.label : String(value);
}
