/** Opens whichever dialog a picker description needs: list, tree or the commodity picker. */
import type { ListQuery } from '../data-source/types';
import { CommodityPicker } from '../CommodityPicker';
import { Picker } from '../Picker/Picker';
import type { AnyPickerDescription } from '../Picker/picker.types';
import { TreePicker } from '../TreePicker';

export interface AnyPickerProps {
  description: AnyPickerDescription;
  opened: boolean;
  onClose: () => void;
  onConfirm: (rows: unknown[]) => void;
  initialChosen: Record<string, unknown>[];
  multiple?: boolean;
  extraParams?: ListQuery;
}

export function AnyPicker({ description, initialChosen, multiple, ...rest }: AnyPickerProps) {
  if (description.kind === 'commodity') {
    return <CommodityPicker type={description.commodityType} initialChosen={initialChosen as never[]} {...rest} />;
  }
  if (description.kind === 'tree') {
    return <TreePicker description={description} initialChosen={initialChosen} multiple={multiple} {...rest} />;
  }
  return <Picker description={description} initialChosen={initialChosen as never[]} multiple={multiple} {...rest} />;
}
