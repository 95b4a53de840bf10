/** Pure parts of the picker field: what it shows and how a value goes to and from a picker's rows. */
import { codeName, toPicked } from '../Picker/picker.logic';
import type { AnyPickerDescription, Picked } from '../Picker/picker.types';

/** The field text: every value as 'code - name', joined. */
export function pickedText(value: readonly Picked[]): string {
  return value.map((v) => codeName(v.code, v.name)).join('，');
}

/** The fields of a picker row the value maps to; `valueField` takes another field of the row as the code. */
export function fieldsOf(desc: AnyPickerDescription, valueField?: string): { codeField: string; nameField: string; keyField: string } {
  const own = ownFieldsOf(desc);
  return valueField ? { ...own, codeField: valueField, keyField: valueField } : own;
}

function ownFieldsOf(desc: AnyPickerDescription): { codeField: string; nameField: string; keyField: string } {
  if (desc.kind === 'commodity') return { codeField: 'sku_no', nameField: 'sku_name', keyField: desc.commodityType === 8 ? 'id' : 'sku_no' };
  // a code identifies a row of every other kind
  if (desc.kind !== 'list') return { codeField: desc.codeField, nameField: desc.nameField, keyField: desc.codeField };
  return { codeField: desc.codeField, nameField: desc.nameField, keyField: desc.keyField };
}

/** A value as the minimal rows a picker needs to show it as chosen. */
export function rowsFromPicked(desc: AnyPickerDescription, value: readonly Picked[], valueField?: string): Record<string, string>[] {
  const { codeField, nameField, keyField } = fieldsOf(desc, valueField);
  return value.map((v) => ({ [keyField]: v.code, [codeField]: v.code, [nameField]: v.name }));
}

export function pickedFromRows(desc: AnyPickerDescription, rows: readonly unknown[], valueField?: string): Picked[] {
  const fields = fieldsOf(desc, valueField);
  return rows.map((row) => toPicked(fields, row));
}

/** The values sent as a report filter's operation_value. */
export const pickedCodes = (value: readonly Picked[]) => value.map((v) => v.code);
