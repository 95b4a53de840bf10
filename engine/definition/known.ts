/**
 * Names a definition may use for option sources, checked by the catalogue validator. The option
 * lists, dictionary codes and fixed enumerations are engine/options.ts (shared with the option
 * endpoints); the pickers and cascader types are the building blocks'.
 */
import { DICT_CODES, ENUMS, OPTION_LISTS, enumOptions, isEnumName } from '../options';

export { DICT_CODES, ENUMS, OPTION_LISTS };

/**
 * Pickers of the building-blocks spec usable as filters, document form fields and line adders: the one
 * list of names. The app's picker registry is keyed by exactly these (a type error otherwise), and
 * validate:defs refuses any other name with the file and JSON pointer.
 */
export const PICKERS = [
  'org',
  'store',
  'multi_store',
  'supplier',
  'wholesaler',
  'warehouse',
  'store_warehouse',
  'account',
  'salesman',
  'pickup_point',
  'buyer',
  'carrier',
  'location',
  'service_item',
  'multi_item',
  'settlement',
  'group',
  'online_category',
  'member_tag',
  'brand',
  'category',
  'department',
  'goods',
  'goods_multi',
  'favorite',
  'batch_stock',
  'scan',
] as const;

export type PickerName = (typeof PICKERS)[number];

export const isPickerName = (name: string): name is PickerName => (PICKERS as readonly string[]).includes(name);

/**
 * Pickers whose rows are goods (sku_no …): the ones that may add document lines. `scan` is a
 * barcode field rather than a dialog, so it adds lines only and never fills a filter or a field.
 */
export const LINE_PICKERS = ['goods', 'goods_multi', 'favorite', 'batch_stock', 'scan'] as const satisfies readonly PickerName[];
export const LINE_ONLY_PICKERS: readonly PickerName[] = ['scan'];

/** Cascader types (rule 396). */
export const CASCADERS = [1, 2, 3, 4, 5, 6] as const;

export function isEnum(name: string): boolean {
  return Object.hasOwn(ENUMS, name);
}

/**
 * An enumeration's codes as their labels in a language (Chinese unless English is asked for); a code
 * that is not listed shows as itself. Built once per column, then applied to every value.
 */
export function enumLabeller(name: string, locale: string): (value: unknown) => string | null {
  const labels = new Map(isEnumName(name) ? enumOptions(name, locale).map((o) => [o.value, o.label]) : []);
  return (value) => (value === null || value === undefined ? null : (labels.get(String(value)) ?? String(value)));
}
