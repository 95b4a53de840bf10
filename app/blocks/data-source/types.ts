/**
 * The data-source interface of the building blocks: every picker and search block reads
 * through it, so the app plugs in HTTP and stories/tests plug in memory. Field names are the spec's.
 */
import type { ClientType, OptionItem } from '../../../engine/wire';
import type { DocumentBlocksSource } from './document-types';

export interface Page<T> {
  list: T[];
  total: number;
}

/** Query parameters of a list call: paging plus the picker's filters, exactly as sent on the wire. */
export type ListQuery = Record<string, string | number | undefined>;

export interface StoreRow {
  store_no: string;
  store_name: string;
  store_type: number;
  store_type_text: string;
  org_code: string;
  finance_no: string | null;
}

export interface WarehouseRow {
  center_code: string;
  center_name: string;
  center_type: string;
  contact_status: number;
  org_code: string;
}

export interface SupplierRow {
  supplier_no: string;
  supplier_name: string;
  supplier_alias_no: string | null;
}

export interface WholesalerRow {
  wholesaler_no: string;
  wholesaler_name: string;
  wholesaler_type: number;
  wholesaler_status: number;
}

/** Commodity picker row (rule 415); type 8 (batch stock) rows carry one lot each, keyed by `id`. */
export interface CommodityRow {
  id: string;
  supplier_no: string | null;
  supplier_name: string | null;
  sku_no: string;
  sku_name: string;
  back_cate_code_text: string | null;
  barcode: string;
  actual_stock: number;
  usable_num: number;
  freeze_num: number;
  sale_unit_text: string | null;
  specification: string | null;
  shelflife_unit_show_text: string | null;
  buying_price: number | null;
  selling_price: number | null;
  purchase_price: number | null;
  /** the goods master's input tax rate (0.13), which a document line takes */
  input_tax_rate: number | null;
  input_tax_rate_text: string | null;
  /** '2' = ordering limited by usable stock */
  stock_limit: string;
  logistics_center_usable_num: number;
  min_dorder_num: number;
  /** 0 when today is not an order day */
  is_week: 0 | 1;
  /** gross margin rate of the selling price over the buying price (supplier-side column) */
  margin_rate: number | null;
  lot_no?: string | null;
  produce_date?: string | null;
  expiration_date?: string | null;
  /** 1 when the lot's expiry date lies before the tenant's today */
  expired?: number;
  lot_price?: number | null;
}

/** Goods list row (goods multi-picker, multi-SKU picker, favourites). */
export interface GoodsRow {
  sku_no: string;
  sku_name: string;
  barcode: string;
  back_cate_name: string | null;
  brand_name: string | null;
  sale_unit_show: string | null;
  specification_text: string | null;
  selling_price: number | null;
  buying_price: number | null;
  sku_type: number | null;
}

export interface FavoriteSkuRow extends GoodsRow {
  favorite_id: number;
  dorder_group_id: number | null;
  dorder_group_name: string | null;
}

export interface OnlineCategoryRow {
  online_cate_code: string;
  online_cate_name: string;
}

export interface MemberTagRow {
  tag_code: string;
  tag_name: string;
}

export interface GroupRow {
  id: number;
  group_name: string;
  remark: string | null;
}

export interface FavoriteFolderRow {
  id: number;
  favorite_name: string;
}

export interface BuyerRow {
  purchaser_name: string;
  account_id: number;
}

export interface PickupPointRow {
  store_pickup_name: string;
  store_pickup_no: string;
}

export interface CarrierRow {
  carrier_no: string;
  carrier_name: string;
}

export interface AccountRow {
  id: number;
  account_name: string;
}

export interface LocationRow {
  location_no: string;
  location_attribute_text: string | null;
}

export interface SalesmanRow {
  salesman_id: string;
  salesman_name: string;
  salesman_tel: string | null;
}

export interface ServiceItemRow {
  service_no: string;
  service_name: string;
  service_cate_name: string | null;
  service_price: number | null;
  account_org_relation: { org_code: string; org_name: string }[];
}

export interface SettlementRow {
  settlement_no: string;
  party_no: string;
  party_name: string | null;
  period_month: string;
  settlement_amount: number;
  settled_amount: number;
  status: number;
}

/** The paged list sources and the row each returns. */
export interface ListRows {
  store: StoreRow;
  store_warehouse: WarehouseRow;
  warehouse: WarehouseRow;
  supplier: SupplierRow;
  wholesaler: WholesalerRow;
  commodity: CommodityRow;
  goods: GoodsRow;
  online_category: OnlineCategoryRow;
  member_tag: MemberTagRow;
  group: GroupRow;
  favorite_folder: FavoriteFolderRow;
  favorite_sku: FavoriteSkuRow;
  buyer: BuyerRow;
  pickup_point: PickupPointRow;
  carrier: CarrierRow;
  account: AccountRow;
  location: LocationRow;
  salesman: SalesmanRow;
  service_item: ServiceItemRow;
  settlement: SettlementRow;
}
export type ListSourceId = keyof ListRows;

export interface CategoryNode {
  cate_code: string;
  cate_name: string;
  cate_level: number;
  parent_cate_code: string | null;
  back_cate_code: string;
  children?: CategoryNode[];
}

export interface BrandNode {
  brand_code: string;
  brand_name: string;
  children?: BrandNode[];
}

export interface OrgNode {
  org_code: string;
  org_name: string;
  org_type: number;
  children?: OrgNode[];
}

export interface DepartmentNode {
  department_code: string;
  department_name: string;
  children?: DepartmentNode[];
}

/** The tree sources and the node each returns. */
export interface TreeRows {
  category: CategoryNode;
  brand: BrandNode;
  org: OrgNode;
  department: DepartmentNode;
}
export type TreeSourceId = keyof TreeRows;

/** SKU auto-complete and scan results (rule 352). */
export interface SkuSearchRow {
  sku_no: string;
  barcode: string;
  sku_name: string;
  min_dorder_num: number | null;
  buying_price: number | null;
}

export interface SkuSearchQuery {
  keyword: string;
  search_type: '1';
  /** 'all' or omitted */
  sku_source?: string;
  sku_no?: string;
  back_cate_code?: string;
}

export interface ScanQuery {
  scan_no: string;
  page_size: number;
  source_type?: string;
  store_no?: string;
}

export interface BlocksDataSource {
  /** audit, approvals, attachments, lots and import of documents */
  documents: DocumentBlocksSource;
  list<S extends ListSourceId>(source: S, query: ListQuery): Promise<Page<ListRows[S]>>;
  tree<S extends TreeSourceId>(source: S, query?: ListQuery): Promise<TreeRows[S][]>;
  /** GET /uls/store/getStoreInfo/{id} */
  storeInfo(storeNo: string): Promise<StoreRow | null>;
  /** GET /uls/store/enumeration: the store form options */
  storeEnumeration(): Promise<{ store_type: OptionItem[] }>;
  searchSku(query: SkuSearchQuery): Promise<SkuSearchRow[]>;
  scanSku(query: ScanQuery): Promise<Page<SkuSearchRow>>;
}

/** The session values the blocks read (rule 214: from stored session data). */
export interface BlockSession {
  tenant_id: number;
  account_id: number;
  client: ClientType;
  org_code: string;
  store_no: string | null;
  supplier_no: string | null;
}
