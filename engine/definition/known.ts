/**
 * Names a definition may use for option sources, checked by the catalogue validator: the spec's
 * option lists (§3/§7), its dictionary codes, its fixed enumerations (§9; values and labels are
 * sent inline in the config), the building-block pickers and cascader types.
 */
import type { OptionItem } from '../wire';

/** Option lists served by GET /api/options/{list}. */
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
  'payment_types',
  'invoice_types',
  'ar_ap_types',
  'adjustment_reasons',
  'purchase_order_sources',
  'sku_tag_categories',
  'carriers',
] as const;

/** Dictionary codes (rule 187, plus CLIENT_OPTION of rule 398). */
export const DICT_CODES = [
  'RORDER_OPTION',
  'CAR_MODEL',
  'RECEIVE_OUB_OPTION',
  'MEMBER_ATTRIBUTE',
  'RECEIVE_OUB_LOGISTICS_CENTER_OPTION',
  'CLIENT_OPTION',
] as const;

/** Pickers of the building-blocks spec usable as filters. */
export const PICKERS = [
  'org',
  'store',
  'supplier',
  'wholesaler',
  'warehouse',
  'account',
  'salesman',
  'pickup_point',
  'brand',
] as const;

/** Cascader types (rule 396). */
export const CASCADERS = [1, 2, 3, 4, 5, 6] as const;

const opts = (pairs: [string, string][]): OptionItem[] => pairs.map(([value, label]) => ({ value, label }));

/** Fixed enumerations (rules 200–212, plus the catalogue's chosen codes). */
export const ENUMS: Record<string, OptionItem[]> = {
  order_source: opts([
    ['1', '线下门店'],
    ['2', '线上商城'],
  ]),
  store_type: opts([
    ['1', '直营'],
    ['2', '强加盟'],
    ['3', '弱加盟'],
  ]),
  settlement_status: opts([
    ['0', '未结算'],
    ['2', '部分结算'],
    ['3', '已结清'],
    ['4', '已作废'],
  ]),
  invoice_status: opts([
    ['0', '未开票'],
    ['1', '已开票'],
  ]),
  store_order_status: opts([
    ['1', '已提交'],
    ['2', '已处理'],
    ['3', '已驳回'],
  ]),
  store_order_pay_type: opts([
    ['0', '微信支付'],
    ['1', '货到付款'],
    ['15', '在线支付'],
    ['16', '企业钱包'],
    ['17', '预付款'],
    ['18', '银联卡'],
  ]),
  packing_type: opts([
    ['1', '按商品拣货'],
    ['2', '播种'],
  ]),
  advance_type: opts([
    ['1', '预收'],
    ['2', '预付'],
    ['3', '退款'],
    ['4', '结算'],
    ['9', '供应商预付调整'],
  ]),
  receive_type: opts([
    ['1', '采购'],
    ['3', '紧急采购'],
    ['25', '越库'],
    ['26', '直送'],
  ]),
  org_type: opts([
    ['0', '无'],
    ['1', '仓库'],
    ['2', '门店'],
    ['3', '批发客户'],
    ['4', '供应商'],
  ]),
  tour_type: opts([
    ['1', '收货'],
    ['2', '退货'],
  ]),
  adjust_direction: opts([
    ['1', '入'],
    ['2', '出'],
  ]),
  stocktake_result: opts([
    ['0', '平'],
    ['1', '盘盈'],
    ['2', '盘亏'],
  ]),
  logistics_type: opts([
    ['1', '统配'],
    ['2', '直送'],
    ['3', '越库'],
  ]),
  yes_no: opts([
    ['1', '是'],
    ['0', '否'],
  ]),
};

export function enumLabel(name: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const hit = ENUMS[name]?.find((o) => o.value === String(value));
  return hit ? hit.label : String(value);
}
