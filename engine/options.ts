import type { OptionItem } from './wire';

/**
 * The option lists report filters load from the server (spec shell §3, §7), by name, and the
 * dictionary codes. Definitions name them; the server answers GET /api/options/{name} and
 * GET /api/dict?dic_code={code}.
 */
export const OPTION_LISTS = [
  'services',
  'finance_categories',
  'cards',
  'package_cards',
  'coupon_activities',
  'storages',
  'storage_projects',
  'storage_clients',
  'drivers',
  'delivery_routes',
  'plus_member_cards',
  'member_levels',
  'suppliers',
  'logistics_types',
  'output_tax',
  'payment_trade',
  'show_status',
  'invoice_types',
  'arap_types',
  'adjustment_reasons',
  'purchase_order_sources',
  'sku_tag_categories',
  'carriers',
] as const;
export type OptionListName = (typeof OPTION_LISTS)[number];

export const DICT_CODES = [
  'RORDER_OPTION',
  'CAR_MODEL',
  'RECEIVE_OUB_OPTION',
  'MEMBER_ATTRIBUTE',
  'RECEIVE_OUB_LOGISTICS_CENTER_OPTION',
  'CLIENT_OPTION',
] as const;
export type DictCode = (typeof DICT_CODES)[number];

const opts = (pairs: [string | number, string][]): OptionItem[] =>
  pairs.map(([value, label]) => ({ value: String(value), label }));

/** Fixed enumerations (spec shell §9, plus the catalogue's chosen codes). */
export const ENUMS = {
  stock_adjustment_direction: opts([[1, '调入'], [2, '调出']]),
  stocktake_result: opts([[0, '盘平'], [1, '盘盈'], [2, '盘亏']]),
  order_source: opts([[1, '线下门店'], [2, '线上商城']]),
  store_type: opts([[1, '直营店'], [2, '强加盟店'], [3, '弱加盟店']]),
  settlement_status: opts([[0, '未结算'], [2, '部分结算'], [3, '已结清'], [4, '已作废']]),
  invoicing_status: opts([[0, '未开票'], [1, '已开票']]),
  store_order_status: opts([[1, '已提交'], [2, '已处理'], [3, '已驳回']]),
  store_order_pay_type: opts([[0, '微信支付'], [1, '货到付款'], [15, '在线支付'], [16, '企业钱包'], [17, '预付款'], [18, '银行卡银联']]),
  packing_order_type: opts([[1, '按商品拣货'], [2, '播种']]),
  advance_payment_type: opts([[1, '预收款'], [2, '预付款'], [3, '退款'], [4, '结算'], [9, '供应商预付款调整']]),
  purchase_receipt_type: opts([[1, '采购'], [3, '紧急采购'], [25, '越库'], [26, '直送']]),
  org_type: opts([[0, '无'], [1, '仓库'], [2, '门店'], [3, '批发客户'], [4, '供应商']]),
  tour_order_type: opts([[1, '收货'], [2, '退货']]),
  virtual_type: opts([[1, '充值'], [2, '服务'], [3, '套餐卡'], [4, '礼品卡'], [5, '积分兑换'], [6, '促销礼包']]),
  logistics_type: opts([[1, '统配'], [2, '直送'], [3, '越库']]),
  stock_issue_type: opts([[12, '报损'], [13, '领用']]),
  delivery_mode: opts([[1, '自提'], [2, '配送']]),
  mall_order_status: opts([[1, '待支付'], [2, '已支付'], [3, '配送中'], [4, '已完成'], [5, '已关闭']]),
  return_target_type: opts([[1, '仓库'], [2, '供应商']]),
  yes_no: opts([[1, '是'], [0, '否']]),
  expiry_status: opts([[1, '已过期'], [2, '临期'], [3, '正常']]),
} satisfies Record<string, OptionItem[]>;
export type EnumName = keyof typeof ENUMS;

export const isOptionList = (name: string): name is OptionListName => (OPTION_LISTS as readonly string[]).includes(name);
export const isDictCode = (code: string): code is DictCode => (DICT_CODES as readonly string[]).includes(code);
export const isEnumName = (name: string): name is EnumName => Object.hasOwn(ENUMS, name);

/** English labels of the enumerations, by value (the Chinese ones above are the spec's). */
const ENUMS_EN: { [K in EnumName]: Record<string, string> } = {
  stock_adjustment_direction: { 1: 'In', 2: 'Out' },
  stocktake_result: { 0: 'Balanced', 1: 'Surplus', 2: 'Shortage' },
  order_source: { 1: 'Store', 2: 'Online mall' },
  store_type: { 1: 'Own store', 2: 'Franchise (strong)', 3: 'Franchise (weak)' },
  settlement_status: { 0: 'Unsettled', 2: 'Partly settled', 3: 'Settled', 4: 'Void' },
  invoicing_status: { 0: 'Not invoiced', 1: 'Invoiced' },
  store_order_status: { 1: 'Submitted', 2: 'Processed', 3: 'Rejected' },
  store_order_pay_type: { 0: 'WeChat Pay', 1: 'Cash on delivery', 15: 'Online payment', 16: 'Company wallet', 17: 'Prepayment', 18: 'UnionPay card' },
  packing_order_type: { 1: 'By goods', 2: 'Put wall' },
  advance_payment_type: { 1: 'Advance received', 2: 'Advance paid', 3: 'Refund', 4: 'Settlement', 9: 'Supplier advance adjustment' },
  purchase_receipt_type: { 1: 'Purchase', 3: 'Urgent purchase', 25: 'Cross-dock', 26: 'Direct delivery' },
  org_type: { 0: 'None', 1: 'Warehouse', 2: 'Store', 3: 'Wholesale customer', 4: 'Supplier' },
  tour_order_type: { 1: 'Receipt', 2: 'Return' },
  virtual_type: { 1: 'Top-up', 2: 'Service', 3: 'Package card', 4: 'Gift card', 5: 'Points redemption', 6: 'Promotion pack' },
  logistics_type: { 1: 'Central distribution', 2: 'Direct delivery', 3: 'Cross-dock' },
  stock_issue_type: { 12: 'Scrap', 13: 'Internal use' },
  delivery_mode: { 1: 'Pick-up', 2: 'Delivery' },
  mall_order_status: { 1: 'Awaiting payment', 2: 'Paid', 3: 'Delivering', 4: 'Completed', 5: 'Closed' },
  return_target_type: { 1: 'Warehouse', 2: 'Supplier' },
  yes_no: { 1: 'Yes', 0: 'No' },
  expiry_status: { 1: 'Expired', 2: 'Near expiry', 3: 'In date' },
};

/** An enumeration's options in a language: Chinese unless English is asked for. */
export function enumOptions(name: EnumName, locale: string): OptionItem[] {
  if (!isEnglish(locale)) return ENUMS[name];
  return ENUMS[name].map((o) => ({ ...o, label: ENUMS_EN[name][o.value] ?? o.label }));
}

/**
 * Texts the dataset definitions write into their SQL as values (a name for the rows that have none,
 * e.g. sales lines without a category), with their English. A report shows them in the reader's
 * language; names the tenant stored are never looked up here.
 */
const DEFINITION_TEXTS_EN: Record<string, string> = {
  未分类: 'Uncategorised',
};

/** Whether the definitions write this text into SQL as a value (a test keeps the table complete). */
export const isDefinitionText = (text: string): boolean => Object.hasOwn(DEFINITION_TEXTS_EN, text);

/** A text the definitions write into SQL, in a language; any other text as it is. */
export function definitionTextIn(text: string, locale: string): string {
  return isEnglish(locale) && isDefinitionText(text) ? DEFINITION_TEXTS_EN[text] : text;
}

function isEnglish(locale: string): boolean {
  return locale.startsWith('en');
}
