/**
 * The menu's report groups (rules 32–33): a report definition's `area` files it under one by its first
 * word. Shared by the menu (server/shell), the studio's 菜单分组 and the definition checks, so a report
 * cannot name a group the menu does not have.
 */
export interface ReportGroup {
  key: string;
  title: string;
  title_en: string;
  icon: string;
}

/** In menu order. */
export const REPORT_GROUPS: readonly ReportGroup[] = [
  { key: 'sales', title: '销售报表', title_en: 'Sales reports', icon: 'chart-bar' },
  { key: 'member', title: '会员报表', title_en: 'Member reports', icon: 'users' },
  { key: 'online-mall', title: '商城报表', title_en: 'Online mall reports', icon: 'shopping-cart' },
  { key: 'services', title: '服务报表', title_en: 'Service reports', icon: 'tool' },
  { key: 'stock', title: '库存报表', title_en: 'Stock reports', icon: 'packages' },
  { key: 'purchase', title: '采购报表', title_en: 'Purchase reports', icon: 'truck-delivery' },
  { key: 'supplier', title: '供应商报表', title_en: 'Supplier reports', icon: 'building-factory' },
  { key: 'store-order', title: '要货报表', title_en: 'Store order reports', icon: 'clipboard-list' },
  { key: 'logistics', title: '物流报表', title_en: 'Logistics reports', icon: 'truck' },
  { key: 'finance', title: '财务报表', title_en: 'Finance reports', icon: 'report-money' },
  { key: 'other', title: '其他报表', title_en: 'Other reports', icon: 'file-analytics' },
];

const AREA_ALIASES: Record<string, string> = {
  'store services': 'services',
  service: 'services',
  mall: 'online-mall',
  warehouse: 'logistics',
};

/** 'logistics / store-order' → 'logistics'; null for an area that names no group. */
export function knownGroupKey(area: string): string | null {
  const first = area.split('/')[0].trim().toLowerCase();
  const key = AREA_ALIASES[first] ?? first;
  return REPORT_GROUPS.some((g) => g.key === key) ? key : null;
}

/** The group a report is filed under; unknown areas go to 'other'. */
export const groupKeyOfArea = (area: string): string => knownGroupKey(area) ?? 'other';
