/** Opens whichever dialog a picker description needs: list, tree, commodity, multi-store or favourites. */
import type { ListQuery, StoreRow } from '../data-source/types';
import { CommodityPicker } from '../CommodityPicker';
import { FavoritesPicker } from '../FavoritesPicker';
import { MultiStorePicker } from '../MultiStorePicker';
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

export function AnyPicker({ description, initialChosen, multiple, extraParams, ...rest }: AnyPickerProps) {
  switch (description.kind) {
    case 'commodity':
      return <CommodityPicker type={description.commodityType} initialChosen={initialChosen as never[]} extraParams={extraParams} {...rest} />;
    case 'tree':
      return <TreePicker description={description} initialChosen={initialChosen} multiple={multiple} extraParams={extraParams} {...rest} />;
    case 'multi_store':
      return <MultiStorePicker initialChosen={initialChosen as unknown as StoreRow[]} {...rest} />;
    case 'favorite':
      return <FavoritesPicker {...rest} />;
    case 'scan':
      // the scan field has no dialog: it adds document lines where it stands (catalogue: line adders only)
      return null;
    default:
      return <Picker description={description} initialChosen={initialChosen as never[]} multiple={multiple} extraParams={extraParams} {...rest} />;
  }
}
