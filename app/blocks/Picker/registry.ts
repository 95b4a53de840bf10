/** Pickers by type name, as report filters and forms ask for them; an unknown name raises 参数异常 (rule 381). */
import * as d from './descriptions';
import { PickerParamError } from './picker.logic';
import type { AnyPickerDescription } from './picker.types';

const ALL: AnyPickerDescription[] = [
  d.storePicker,
  d.storeWarehousePicker,
  d.warehousePicker,
  d.supplierPicker,
  d.wholesalerPicker,
  d.onlineCategoryPicker,
  d.memberTagPicker,
  d.groupPicker,
  d.buyerPicker,
  d.pickupPointPicker,
  d.carrierPicker,
  d.accountPicker,
  d.locationPicker,
  d.salesmanPicker,
  d.serviceItemPicker,
  d.multiItemPicker,
  d.settlementPicker,
  d.goodsPicker,
  d.categoryPicker,
  d.brandPicker,
  d.orgPicker,
  d.departmentPicker,
  { kind: 'commodity', type: 'goods', commodityType: 1, multiple: true },
  { kind: 'commodity', type: 'batch_stock', commodityType: 8, multiple: true },
];

export const PICKERS: Record<string, AnyPickerDescription> = Object.fromEntries(ALL.map((desc) => [desc.type, desc]));

export function resolvePicker(type: string | null | undefined): AnyPickerDescription {
  const desc = type ? PICKERS[type] : undefined;
  if (!desc) throw new PickerParamError();
  return desc;
}
