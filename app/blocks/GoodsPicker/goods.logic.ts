/** Rules of the goods multi-picker and the multi-SKU picker (rules 368–371, 382). */
import type { GoodsRow } from '../data-source/types';
import { PickerParamError } from '../Picker/picker.logic';

/** Rule 382: the multi-SKU picker fills a named field; without the name it cannot work. */
export function assertFieldName(fieldName: string | null | undefined): string {
  if (!fieldName || !fieldName.trim()) throw new PickerParamError('fieldName 参数异常');
  return fieldName;
}

/** The multi-SKU picker's answer: the chosen codes under the field name. */
export function multiSkuResult(fieldName: string | null | undefined, rows: readonly GoodsRow[]): Record<string, string[]> {
  return { [assertFieldName(fieldName)]: rows.map((r) => r.sku_no) };
}
