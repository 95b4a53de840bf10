/**
 * Wire types of the shell's endpoints (menu, messages, uploads, complaints, approval records, data
 * screens, dashboard, goods detail). Same conventions as wire.ts: the spec's snake_case field names.
 */

// ---------------------------------------------------------------- menu

export type MenuKind = 'group' | 'page' | 'report';

/** One node of GET /api/menu: a first-level group with leaves, or a first-level page (the dashboard). */
export interface MenuNode {
  /** leaf: its permission id (a report's table_id as a string); group: 'group:<key>' */
  id: string;
  kind: MenuKind;
  title: string;
  title_en: string;
  /** where a leaf goes; null for groups (they open /menu-nav) */
  route: string | null;
  icon: string | null;
  table_id?: number;
  children: MenuNode[];
}

export interface MenuResponse {
  list: MenuNode[];
}

// ---------------------------------------------------------------- messages

export interface MessageItem {
  id: number;
  title: string;
  content: string | null;
  is_read: 0 | 1;
  created_at: string;
}

export interface MessageList {
  list: MessageItem[];
  total: number;
  unread: number;
}

// ---------------------------------------------------------------- uploads and complaints

export type UploadKind = 'img' | 'video';

/** POST /api/uploads (multipart: file, type, dirname). */
export interface UploadResult {
  id: string;
  name: string;
  size: number;
  /** mime type as detected by the server */
  type: string;
  ext: UploadKind;
  /** where the saved file can be fetched (with the bearer token) */
  url: string;
  /** what forms store and send back (complaint img_url) */
  save_url: string;
}

export interface ComplaintCreated {
  id: number;
}

// ---------------------------------------------------------------- approval records

/** '0' submitted for approval, '1' approved, '2' rejected, '3' sent back */
export type ApprovalResult = '0' | '1' | '2' | '3';

export interface ApprovalRecord {
  id: number;
  business_type: string;
  business_no: string;
  approver_name: string | null;
  /** '1' approved, '2' rejected, '3' sent back */
  result: ApprovalResult;
  remark: string | null;
  created_at: string;
}

// ---------------------------------------------------------------- data screens

export interface DataScreenEntry {
  id: string;
  screen_name: string;
  url: string;
  is_rotating: 0 | 1;
}

/** Sales figures of one period and scope; a ratio is null when its denominator is 0. */
export interface SalesFigures {
  sales: number;
  orders: number;
  /** sales / orders */
  atv: number | null;
  /** sales − cost */
  gm: number;
  /** gm / sales */
  gm_rate: number | null;
}

export interface SalesScreenData {
  date: string;
  /** server time of the snapshot, 'YYYY-MM-DD HH:mm:ss' in the tenant's time zone */
  generated_at: string;
  totals: SalesFigures;
  by_store: { org_code: string; name: string; sales: number; orders: number }[];
  by_category: { code: string; name: string; sales: number }[];
  by_hour: { hour: number; sales: number }[];
  /** seconds until the page should fetch again */
  refresh_seconds: number;
}

// ---------------------------------------------------------------- dashboard

export interface DashboardPoint extends SalesFigures {
  date: string;
}

export interface DashboardLink {
  table_id: number;
  title: string;
  title_en: string;
  route: string;
}

export interface DashboardGoods {
  /** null: the day's sales lines without goods (services, cards), shown as 未分类 and never linked */
  sku_no: string | null;
  /** the goods' name, its code when the goods are gone; null with `sku_no` */
  sku_name: string | null;
  sales: number;
  qty: number;
}

export interface DashboardData {
  /** yesterday in the tenant's time zone */
  date: string;
  /** whose figures: 'tenant', 'store', 'supplier' */
  scope: 'tenant' | 'store' | 'supplier';
  figures: SalesFigures;
  /** the day before `date`, for the change arrows */
  previous: SalesFigures;
  /** 14 days ending with `date`, oldest first */
  trend: DashboardPoint[];
  links: DashboardLink[];
  /** the day's best-selling goods by sales amount, in the same scope (each name links to its goods page) */
  top_goods: DashboardGoods[];
  /** the stores the figures were narrowed to (`store_no` of the request); empty: the whole scope */
  store_nos: string[];
}

/** Stores a dashboard request may narrow to at most (the multi-store picker's chips). */
export const DASHBOARD_MAX_STORES = 50;
const STORE_NO = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The `store_no` query of GET /api/dashboard: a comma list of store numbers, duplicates dropped.
 * Null when it is malformed or too long, so the server can refuse it.
 */
export function parseStoreNos(text: string | undefined): string[] | null {
  if (text === undefined || text.trim() === '') return [];
  const list = [...new Set(text.split(',').map((s) => s.trim()))];
  if (list.length > DASHBOARD_MAX_STORES || !list.every((s) => STORE_NO.test(s))) return null;
  return list;
}

// ---------------------------------------------------------------- goods detail

export interface GoodsDetail {
  sku_no: string;
  barcode: string;
  sku_name: string;
  status: number | null;
  sale_unit: string | null;
  specification: string | null;
  birthplace: string | null;
  shelflife: number | null;
  shelflife_unit: number | null;
  brand_code: string | null;
  brand_name: string | null;
  categories: { cate_code: string; cate_name: string; cate_level: number }[];
  supplier_no: string | null;
  supplier_name: string | null;
  buying_price: number | null;
  purchase_price: number | null;
  selling_price: number | null;
  /** the store's own price (store client), else null */
  store_selling_price: number | null;
  fcl_sale_unit: string | null;
  fcl_barcode: string | null;
  fcl_price: number | null;
  input_tax_rate: number | null;
  output_tax_rate: number | null;
  tags: string[];
  /** stock within the user's scope */
  stock: { org_code: string; org_name: string; stock_num: number; usable_num: number }[];
  /** the last 30 days of sales within the user's scope */
  sales_30d: { qty: number; sales: number };
}
