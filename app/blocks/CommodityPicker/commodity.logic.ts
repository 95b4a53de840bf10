/**
 * Rules of the commodity picker: types, title, the chosen set's key, the request
 * parameters, the ordering refusals and which rows may be chosen.
 */
import type { BlockSession, CommodityRow, ListQuery } from '../data-source/types';
import { PickerParamError } from '../Picker/picker.logic';
import type { PickerColumn } from '../Picker/picker.types';
import { fieldKey, type KeyOf } from '../Picker/selection.logic';

/** Rule 364: search variants 1–6, 8 (batch stock query) and 9. */
export const COMMODITY_TYPES = [1, 2, 3, 4, 5, 6, 8, 9] as const;
export type CommodityType = (typeof COMMODITY_TYPES)[number];
export const BATCH_STOCK_TYPE = 8;
/** Rule 363: page 1, size 20. */
export const COMMODITY_PAGE_SIZE = 20;

export function assertCommodityType(type: number): CommodityType {
  if (!(COMMODITY_TYPES as readonly number[]).includes(type)) throw new PickerParamError();
  return type as CommodityType;
}

/** Rule 354. */
export function commodityTitle(type: CommodityType): string {
  return type === BATCH_STOCK_TYPE ? 'blocks.title.batchStock' : 'blocks.title.commodity';
}

/** Rule 356: keyed by sku_no, by id (one lot per row) for type 8. */
export function commodityKey(type: CommodityType): KeyOf<CommodityRow> {
  return fieldKey<CommodityRow>(type === BATCH_STOCK_TYPE ? 'id' : 'sku_no');
}

/** The usable stock that limits store ordering: the supplying logistics centre's. */
export const usableStock = (row: CommodityRow) => Number(row.logistics_center_usable_num ?? 0);

export interface Refusal {
  message: string;
  params: { name: string };
}

/**
 * Double-click ordering (rules 359, 360): refused when ordering is limited by stock and the usable stock
 * is not above zero and above the minimum order quantity, or when today is not an order day.
 */
export function orderRefusal(row: CommodityRow): Refusal | null {
  const usable = usableStock(row);
  if (row.stock_limit === '2' && !(usable > 0 && usable > Number(row.min_dorder_num ?? 0))) {
    return { message: 'blocks.commodity.outOfStock', params: { name: row.sku_name } };
  }
  if (Number(row.is_week) === 0) return { message: 'blocks.commodity.notWeekday', params: { name: row.sku_name } };
  return null;
}

/** Rule 361: with stock validation on, stock-limited rows without usable stock cannot be chosen. */
export function isSelectableRow(row: CommodityRow, stockValidation: boolean): boolean {
  return !(stockValidation && row.stock_limit === '2' && usableStock(row) <= 0);
}

/** Rule 362: stock inputs keep digits only; freeze and stock ranges also keep a leading minus. */
export function sanitizeStockInput(text: string, allowMinus: boolean): string {
  const digits = text.replace(/\D/g, '');
  return allowMinus && text.trimStart().startsWith('-') ? `-${digits}` : digits;
}

export interface RangeFilter {
  /** i18n key */
  label: string;
  from: string;
  to: string;
  allowMinus: boolean;
}

export const STOCK_RANGES: RangeFilter[] = [
  { label: 'blocks.filter.usableRange', from: 'usable_num_s', to: 'usable_num_e', allowMinus: false },
  { label: 'blocks.filter.stockRange', from: 'stock_num_s', to: 'stock_num_e', allowMinus: true },
  { label: 'blocks.filter.freezeRange', from: 'freeze_num_s', to: 'freeze_num_e', allowMinus: true },
];

/** Rule 367: on the supplier client the supplier filter is hidden and fixed. */
export const showsSupplierFilter = (session: BlockSession) => session.client !== 'HMS';

export interface CommodityQueryOptions {
  /** configuration 143: lot stock included */
  getLotStock: boolean;
  /** the org whose stock and terms are shown; else the org the caller's params name, else the user's own */
  orgCode?: string;
  extra?: ListQuery;
}

/** Rule 365: the request of a commodity search. */
export function buildCommodityQuery(
  type: CommodityType,
  applied: Record<string, string>,
  page: { page_num: number; page_size: number },
  session: BlockSession,
  options: CommodityQueryOptions,
): ListQuery {
  const query: ListQuery = {
    ...options.extra,
    type,
    get_location: '1',
    get_lot_stock: options.getLotStock ? '1' : '0',
    search_type: '1',
    // a document's chosen store (extra params) is whose stock a head-office user picks from
    org_code: options.orgCode ?? options.extra?.org_code ?? session.org_code,
    ...applied,
    page_num: page.page_num,
    page_size: page.page_size,
  };
  if ((type === 8 || type === 9) && !applied.usable_num_s) query.usable_num_s = '0.001';
  if (session.client === 'HMS' && session.supplier_no) query.supplier_no = session.supplier_no;
  return query;
}

const col = (key: string, extra: Partial<PickerColumn<CommodityRow>> = {}): PickerColumn<CommodityRow> => ({
  key,
  label: `blocks.col.${key}`,
  ...extra,
});

/** The retailer's own figures, not shown to a supplier. */
export const RETAIL_ONLY_COLUMNS = ['selling_price', 'margin_rate'];

/**
 * Columns by type; the supplier client also sees its buying price (rule 367), never the retailer's selling
 * price or margin (the server leaves them out of a supplier's rows too).
 */
export function commodityColumns(type: CommodityType, session: BlockSession): PickerColumn<CommodityRow>[] {
  const head = [col('sku_no', { width: 100 }), col('sku_name', { width: 220 }), col('barcode', { width: 130 }), col('back_cate_code_text', { width: 100 })];
  const unit = [col('sale_unit_text', { width: 70 }), col('specification', { width: 100 })];
  const byType: Record<CommodityType, PickerColumn<CommodityRow>[]> = {
    1: [col('supplier_name', { width: 180 }), col('purchase_price', { format: 'money', width: 90 }), col('input_tax_rate_text', { width: 80 }), col('shelflife_unit_show_text', { width: 80 })],
    2: [col('selling_price', { format: 'money', width: 90 }), col('logistics_center_usable_num', { format: 'qty', width: 120 }), col('min_dorder_num', { format: 'qty', width: 100 })],
    3: [col('actual_stock', { format: 'qty', width: 90 }), col('usable_num', { format: 'qty', width: 90 }), col('freeze_num', { format: 'qty', width: 90 })],
    4: [col('supplier_name', { width: 180 }), col('actual_stock', { format: 'qty', width: 90 }), col('purchase_price', { format: 'money', width: 90 })],
    5: [col('actual_stock', { format: 'qty', width: 90 }), col('usable_num', { format: 'qty', width: 90 }), col('shelflife_unit_show_text', { width: 80 })],
    6: [col('selling_price', { format: 'money', width: 90 }), col('usable_num', { format: 'qty', width: 90 })],
    8: [col('lot_no', { width: 130 }), col('produce_date', { width: 100 }), col('expiration_date', { width: 150, mark: (r) => (r.expired ? 'documents.lots.expired' : null) }), col('usable_num', { format: 'qty', width: 90 }), col('lot_price', { format: 'money', width: 90 })],
    9: [col('actual_stock', { format: 'qty', width: 90 }), col('usable_num', { format: 'qty', width: 90 })],
  };
  const supplier = session.client === 'HMS';
  const supplierSide = supplier ? [col('buying_price', { format: 'money', width: 90 })] : [];
  const seen = new Set<string>();
  return [...head, ...unit, ...byType[type], ...supplierSide].filter(
    (c) => !(supplier && RETAIL_ONLY_COLUMNS.includes(c.key)) && !seen.has(c.key) && seen.add(c.key),
  );
}
