/**
 * Every list and tree picker of the spec as a description. Page sizes: 50 for stores, suppliers,
 * wholesalers, warehouses and goods; 20 for lookups (rule 394).
 */
import type { BlockSession, ListQuery } from '../data-source/types';
import type { ListPickerDescription, PickerColumn, PickerFilter, TreePickerDescription } from './picker.types';

const HEAD_OFFICE_ORG = '1000';
export const LOOKUP_PAGE_SIZE = 20;
export const PARTY_PAGE_SIZE = 50;

/** Warehouse lists: no org filter for the head office, the user's own org otherwise (rule 392). */
export function warehouseOrgFilter(session: BlockSession): ListQuery {
  return session.org_code === HEAD_OFFICE_ORG ? {} : { org_code: session.org_code };
}

const col = (key: string, extra: Partial<PickerColumn> = {}): PickerColumn => ({ key, label: `blocks.col.${key}`, ...extra });
const text = (key: string, label: string, extra: Partial<PickerFilter> = {}): PickerFilter => ({ key, label, kind: 'text', ...extra });

const supplierClient = (s: BlockSession) => s.client === 'HMS';

export const storePicker: ListPickerDescription<'store'> = {
  kind: 'list',
  type: 'store',
  title: 'blocks.title.store',
  source: 'store',
  columns: [col('store_no', { width: 110 }), col('store_name'), col('store_type_text', { width: 110 }), col('org_code', { width: 110 }), col('finance_no', { width: 110 })],
  filters: [
    text('keyword', 'blocks.filter.storeKeyword'),
    {
      key: 'store_type',
      label: 'blocks.filter.storeType',
      kind: 'select',
      options: ['1', '2', '3'].map((v) => ({ value: v, label: `blocks.storeType.${v}` })),
    },
  ],
  keyField: 'store_no',
  codeField: 'store_no',
  nameField: 'store_name',
  multiple: false,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
  // rule 390: store lists ask for scene_auth '4'
  fixedParams: () => ({ scene_auth: '4' }),
};

export const storeWarehousePicker: ListPickerDescription<'store_warehouse'> = {
  kind: 'list',
  type: 'store_warehouse',
  title: 'blocks.title.storeWarehouse',
  source: 'store_warehouse',
  columns: [col('center_code', { width: 130 }), col('center_name')],
  filters: [text('keyword', 'blocks.filter.warehouseKeyword')],
  keyField: 'center_code',
  codeField: 'center_code',
  nameField: 'center_name',
  multiple: false,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
  fixedParams: (s) => ({ center_type: '1', contact_status: '0', ...warehouseOrgFilter(s) }),
};

export const warehousePicker: ListPickerDescription<'warehouse'> = {
  kind: 'list',
  type: 'warehouse',
  title: 'blocks.title.warehouse',
  source: 'warehouse',
  columns: [col('center_code', { width: 130 }), col('center_name'), col('org_code', { width: 120 })],
  filters: [text('keyword', 'blocks.filter.warehouseKeyword')],
  keyField: 'center_code',
  codeField: 'center_code',
  nameField: 'center_name',
  multiple: false,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
  fixedParams: (s) => ({ contact_status: '0', ...warehouseOrgFilter(s) }),
};

export const supplierPicker: ListPickerDescription<'supplier'> = {
  kind: 'list',
  type: 'supplier',
  title: 'blocks.title.supplier',
  source: 'supplier',
  columns: [col('supplier_no', { width: 120 }), col('supplier_name'), col('supplier_alias_no', { width: 120 })],
  filters: [text('supplier_no', 'blocks.filter.supplierNo'), text('supplier_name', 'blocks.filter.supplierName')],
  keyField: 'supplier_no',
  codeField: 'supplier_no',
  nameField: 'supplier_name',
  multiple: false,
  // rule 384: preload 100, search 50
  preloadSize: 100,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.supplierEmpty',
  fixedParams: (s) => ({
    search_type: '1',
    source_type: '1',
    ...(supplierClient(s) && s.supplier_no ? { supplier_no: s.supplier_no } : {}),
  }),
};

export const wholesalerPicker: ListPickerDescription<'wholesaler'> = {
  kind: 'list',
  type: 'wholesaler',
  title: 'blocks.title.wholesaler',
  source: 'wholesaler',
  columns: [
    col('wholesaler_no', { width: 120 }),
    col('wholesaler_name'),
  ],
  filters: [text('select_like', 'blocks.filter.wholesalerKeyword')],
  keyField: 'wholesaler_no',
  codeField: 'wholesaler_no',
  nameField: 'wholesaler_name',
  multiple: false,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
  // rule 393: enabled wholesalers only
  fixedParams: () => ({ wholesaler_status: '1' }),
};

export const onlineCategoryPicker: ListPickerDescription<'online_category'> = {
  kind: 'list',
  type: 'online_category',
  title: 'blocks.title.onlineCategory',
  source: 'online_category',
  columns: [col('online_cate_code', { width: 140 }), col('online_cate_name')],
  filters: [text('keyword', 'blocks.filter.codeName')],
  keyField: 'online_cate_code',
  codeField: 'online_cate_code',
  nameField: 'online_cate_name',
  multiple: true,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const memberTagPicker: ListPickerDescription<'member_tag'> = {
  kind: 'list',
  type: 'member_tag',
  title: 'blocks.title.memberTag',
  source: 'member_tag',
  columns: [col('tag_code', { width: 120 }), col('tag_name')],
  filters: [text('keyword', 'blocks.filter.codeName')],
  keyField: 'tag_code',
  codeField: 'tag_code',
  nameField: 'tag_name',
  multiple: true,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

/** Rule 386: the whole list in one call (page 1 of 10000), paged locally by 10 (rule 380). */
export const groupPicker: ListPickerDescription<'group'> = {
  kind: 'list',
  type: 'group',
  title: 'blocks.title.group',
  source: 'group',
  columns: [col('group_name', { width: 200 }), col('remark')],
  filters: [text('group_name', 'blocks.filter.groupName')],
  keyField: 'id',
  codeField: 'id',
  nameField: 'group_name',
  multiple: false,
  pageSize: 10000,
  localPageSize: 10,
  emptyMessage: 'blocks.picker.groupEmpty',
  fixedParams: () => ({ client_type: '1', group_type: '2', group_status: '1' }),
};

export const buyerPicker: ListPickerDescription<'buyer'> = {
  kind: 'list',
  type: 'buyer',
  title: 'blocks.title.buyer',
  source: 'buyer',
  columns: [col('account_id', { width: 120 }), col('purchaser_name')],
  filters: [text('purchaser_name', 'blocks.filter.purchaserName')],
  keyField: 'account_id',
  codeField: 'account_id',
  nameField: 'purchaser_name',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const pickupPointPicker: ListPickerDescription<'pickup_point'> = {
  kind: 'list',
  type: 'pickup_point',
  title: 'blocks.title.pickupPoint',
  source: 'pickup_point',
  columns: [col('store_pickup_no', { width: 130 }), col('store_pickup_name')],
  filters: [text('keyword', 'blocks.filter.codeName')],
  keyField: 'store_pickup_no',
  codeField: 'store_pickup_no',
  nameField: 'store_pickup_name',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const carrierPicker: ListPickerDescription<'carrier'> = {
  kind: 'list',
  type: 'carrier',
  title: 'blocks.title.carrier',
  source: 'carrier',
  columns: [col('carrier_no', { width: 130 }), col('carrier_name')],
  filters: [text('keyword', 'blocks.filter.codeName')],
  keyField: 'carrier_no',
  codeField: 'carrier_no',
  nameField: 'carrier_name',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const accountPicker: ListPickerDescription<'account'> = {
  kind: 'list',
  type: 'account',
  title: 'blocks.title.account',
  source: 'account',
  columns: [col('id', { width: 120 }), col('account_name')],
  filters: [text('account_keyword', 'blocks.filter.accountKeyword')],
  keyField: 'id',
  codeField: 'id',
  nameField: 'account_name',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

/** Locations are many per warehouse: a code fragment is required before searching. */
export const locationPicker: ListPickerDescription<'location'> = {
  kind: 'list',
  type: 'location',
  title: 'blocks.title.location',
  source: 'location',
  columns: [col('location_no', { width: 160 }), col('location_attribute_text')],
  filters: [text('location_no_like', 'blocks.filter.locationNo', { required: 'blocks.picker.locationRequired' })],
  keyField: 'location_no',
  codeField: 'location_no',
  nameField: 'location_attribute_text',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const salesmanPicker: ListPickerDescription<'salesman'> = {
  kind: 'list',
  type: 'salesman',
  title: 'blocks.title.salesman',
  source: 'salesman',
  columns: [col('salesman_id', { width: 120 }), col('salesman_name', { width: 140 }), col('salesman_tel')],
  filters: [text('keyword', 'blocks.filter.keyword')],
  keyField: 'salesman_id',
  codeField: 'salesman_id',
  nameField: 'salesman_name',
  multiple: false,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

const serviceColumns: PickerColumn[] = [
  col('service_no', { width: 110 }),
  col('service_name'),
  col('service_cate_name', { width: 120 }),
  col('service_price', { width: 100, format: 'money' }),
  col('service_orgs', {
    value: (row: { account_org_relation?: { org_name: string }[] }) =>
      (row.account_org_relation ?? []).map((r) => r.org_name).join('、'),
  }),
];

export const serviceItemPicker: ListPickerDescription<'service_item'> = {
  kind: 'list',
  type: 'service_item',
  title: 'blocks.title.serviceItem',
  source: 'service_item',
  columns: serviceColumns,
  filters: [text('keyword', 'blocks.filter.codeName')],
  keyField: 'service_no',
  codeField: 'service_no',
  nameField: 'service_name',
  multiple: true,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

/** The generic multi-item picker: default title 选择项目, item lists ask for single_sale_type=1 (rules 378, 379). */
export const multiItemPicker: ListPickerDescription<'service_item'> = {
  ...serviceItemPicker,
  type: 'multi_item',
  title: 'blocks.title.multiItem',
  multiple: true,
  emptyMessage: 'blocks.picker.emptyRecordShort',
  fixedParams: () => ({ single_sale_type: '1' }),
};

/** The other variant of the generic multi-item picker: 'Select settlement bill'. */
export const settlementPicker: ListPickerDescription<'settlement'> = {
  kind: 'list',
  type: 'settlement',
  title: 'blocks.title.settlement',
  source: 'settlement',
  columns: [
    col('settlement_no', { width: 140 }),
    col('party_name'),
    col('period_month', { width: 100 }),
    col('settlement_amount', { width: 120, format: 'money' }),
    col('settled_amount', { width: 120, format: 'money' }),
  ],
  filters: [text('keyword', 'blocks.filter.keyword')],
  keyField: 'settlement_no',
  codeField: 'settlement_no',
  nameField: 'party_name',
  multiple: true,
  pageSize: LOOKUP_PAGE_SIZE,
  emptyMessage: 'blocks.picker.emptyRecord',
};

/** The goods multi-picker's list (选择商品, page size 50; rules 368–371). */
export const goodsPicker: ListPickerDescription<'goods'> = {
  kind: 'list',
  type: 'goods_multi',
  title: 'blocks.title.goods',
  source: 'goods',
  columns: [
    col('sku_no', { width: 100 }),
    col('sku_name'),
    col('barcode', { width: 130 }),
    col('back_cate_name', { width: 100 }),
    col('brand_name', { width: 90 }),
    col('sale_unit_show', { label: 'blocks.col.sale_unit_text', width: 80 }),
    col('specification_text', { label: 'blocks.col.specification', width: 110 }),
    // the retailer's price: not a supplier's business (its answer leaves it out)
    col('selling_price', { width: 90, format: 'money', visible: (s) => !supplierClient(s) }),
  ],
  filters: [text('keyword', 'blocks.filter.goodsKeyword')],
  keyField: 'sku_no',
  codeField: 'sku_no',
  nameField: 'sku_name',
  multiple: true,
  pageSize: PARTY_PAGE_SIZE,
  emptyMessage: 'blocks.picker.goodsEmpty',
  fixedParams: (s) => (supplierClient(s) && s.supplier_no ? { supplier_no: s.supplier_no } : {}),
  size: '80%',
};

// ---------------------------------------------------------------- trees

export const categoryPicker: TreePickerDescription<'category'> = {
  kind: 'tree',
  type: 'category',
  title: 'blocks.title.category',
  source: 'category',
  codeField: 'cate_code',
  nameField: 'cate_name',
  multiple: true,
  emptyMessage: 'blocks.picker.emptyRecordData',
  leafLevel: 3,
  levelField: 'cate_level',
  // rule 395: role-filtered data, the fast tree
  fixedParams: () => ({ is_role: '1', fast_show: '1' }),
};

export const brandPicker: TreePickerDescription<'brand'> = {
  kind: 'tree',
  type: 'brand',
  title: 'blocks.title.brand',
  source: 'brand',
  codeField: 'brand_code',
  nameField: 'brand_name',
  multiple: true,
  emptyMessage: 'blocks.picker.emptyRecordData',
};

export const ORG_PICKER_LIMIT = 999;

export const orgPicker: TreePickerDescription<'org'> = {
  kind: 'tree',
  type: 'org',
  title: 'blocks.title.org',
  source: 'org',
  codeField: 'org_code',
  nameField: 'org_name',
  multiple: true,
  emptyMessage: 'blocks.picker.emptyRecordData',
  // rule 397
  defaultExpanded: ['1000', '0'],
  limit: ORG_PICKER_LIMIT,
  fixedParams: () => ({ limit: ORG_PICKER_LIMIT }),
};

export const departmentPicker: TreePickerDescription<'department'> = {
  kind: 'tree',
  type: 'department',
  title: 'blocks.title.department',
  source: 'department',
  codeField: 'department_code',
  nameField: 'department_name',
  multiple: true,
  emptyMessage: 'blocks.picker.emptyRecordData',
};
