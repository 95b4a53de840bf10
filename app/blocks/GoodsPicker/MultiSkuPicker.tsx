/** The multi-SKU picker: the goods multi-picker filling one named field (rule 382: needs the field name). */
import type { GoodsRow, ListQuery } from '../data-source/types';
import { GoodsPicker } from './GoodsPicker';
import { assertFieldName, multiSkuResult } from './goods.logic';

export interface MultiSkuPickerProps {
  /** the field the chosen codes go to; without it the picker raises 'fieldName 参数异常' */
  fieldName: string;
  opened: boolean;
  onClose: () => void;
  onConfirm: (result: Record<string, string[]>, rows: GoodsRow[]) => void;
  initialChosen?: GoodsRow[];
  extraParams?: ListQuery;
}

export function MultiSkuPicker({ fieldName, onConfirm, ...rest }: MultiSkuPickerProps) {
  assertFieldName(fieldName);
  return <GoodsPicker {...rest} title="blocks.title.multiSku" onConfirm={(rows) => onConfirm(multiSkuResult(fieldName, rows), rows)} />;
}
