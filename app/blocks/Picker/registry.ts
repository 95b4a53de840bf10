/**
 * Pickers by name, as report filters, document fields and line adders ask for them. The names are
 * engine/definition/known.ts PICKERS (what validate:defs accepts); an unknown name raises 参数异常 (rule 381).
 */
import { isPickerName, type PickerName } from '../../../engine/definition/known';
import * as d from './descriptions';
import { PickerParamError } from './picker.logic';
import type { AnyPickerDescription } from './picker.types';

export const PICKERS: Record<PickerName, AnyPickerDescription> = {
  org: d.orgPicker,
  store: d.storePicker,
  multi_store: { kind: 'multi_store', type: 'multi_store', codeField: 'store_no', nameField: 'store_name', multiple: true },
  supplier: d.supplierPicker,
  wholesaler: d.wholesalerPicker,
  warehouse: d.warehousePicker,
  store_warehouse: d.storeWarehousePicker,
  account: d.accountPicker,
  salesman: d.salesmanPicker,
  pickup_point: d.pickupPointPicker,
  buyer: d.buyerPicker,
  carrier: d.carrierPicker,
  location: d.locationPicker,
  service_item: d.serviceItemPicker,
  multi_item: d.multiItemPicker,
  settlement: d.settlementPicker,
  group: d.groupPicker,
  online_category: d.onlineCategoryPicker,
  member_tag: d.memberTagPicker,
  brand: d.brandPicker,
  category: d.categoryPicker,
  department: d.departmentPicker,
  goods: { kind: 'commodity', type: 'goods', commodityType: 1, multiple: true },
  goods_multi: d.goodsPicker,
  favorite: { kind: 'favorite', type: 'favorite', codeField: 'sku_no', nameField: 'sku_name', multiple: true },
  batch_stock: { kind: 'commodity', type: 'batch_stock', commodityType: 8, multiple: true },
  scan: { kind: 'scan', type: 'scan', codeField: 'sku_no', nameField: 'sku_name', multiple: false },
};

export function resolvePicker(type: string | null | undefined): AnyPickerDescription {
  if (!type || !isPickerName(type)) throw new PickerParamError();
  return PICKERS[type];
}
