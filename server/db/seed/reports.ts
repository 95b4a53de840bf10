import { loadDocumentsFromDir } from '../../documents/definitions-fs';
import { PRINT_STYLES_MENU_ID } from '../../../engine/print/styles';
import type { ClientType } from '../../../engine/wire';

/** The built-in report ids with their clients and menu area (a constant: nothing is parsed at runtime). */
export interface ReportEntry {
  id: number;
  title: string;
  clients: ClientType[];
  area: string;
  /** reached only through another page's history tab (not listed in the menu) */
  tabOnly?: boolean;
  specialOnly?: boolean;
}

const T: ClientType[] = ['HMT'];
const D: ClientType[] = ['HMD'];
const TD: ClientType[] = ['HMT', 'HMD'];
const TS: ClientType[] = ['HMT', 'HMS'];

export const REPORTS: ReportEntry[] = [
  { id: 33, title: '财务销售成本汇总（3个月前）', clients: T, area: 'finance' },
  { id: 34, title: '门店商品销售汇总（门店）', clients: D, area: 'sales' },
  { id: 35, title: '门店销售日报', clients: TD, area: 'sales' },
  { id: 40, title: '商品销售汇总（3个月前）', clients: T, area: 'sales' },
  { id: 41, title: '会员发展汇总', clients: T, area: 'member' },
  { id: 44, title: '门店客流客单分析', clients: T, area: 'sales' },
  { id: 48, title: '会员消费汇总', clients: T, area: 'member' },
  { id: 60, title: '门店进销存汇总', clients: TD, area: 'stock' },
  { id: 61, title: '门店库存汇总（日结）', clients: TD, area: 'stock' },
  { id: 70, title: '门店毛利分析', clients: T, area: 'sales' },
  { id: 76, title: '门店收款汇总', clients: T, area: 'finance' },
  { id: 77, title: '门店退货拒收汇总', clients: TD, area: 'logistics' },
  { id: 78, title: '门店收款汇总（门店）', clients: D, area: 'finance' },
  { id: 88, title: '采购收货汇总（3个月前）', clients: TS, area: 'purchase' },
  { id: 89, title: '采购退货汇总（3个月前）', clients: TS, area: 'purchase' },
  { id: 90, title: '虚拟订单汇总', clients: T, area: 'online-mall' },
  { id: 91, title: '虚拟订单汇总（门店）', clients: D, area: 'services' },
  { id: 102, title: '商品进销存汇总', clients: TD, area: 'stock' },
  { id: 107, title: '供应商往来余额汇总', clients: TS, area: 'finance' },
  { id: 108, title: '门店要货汇总（门店）', clients: D, area: 'store-order' },
  { id: 110, title: '门店要货汇总（总部）', clients: T, area: 'store-order' },
  { id: 111, title: '商城备货汇总', clients: TD, area: 'online-mall' },
  { id: 112, title: '批发销售汇总', clients: T, area: 'sales' },
  { id: 116, title: '供应商商品销售汇总', clients: TS, area: 'supplier' },
  { id: 117, title: '供应商门店销售汇总', clients: TS, area: 'supplier' },
  { id: 118, title: '供应商进销存汇总', clients: TS, area: 'supplier' },
  { id: 121, title: '商品销售排行', clients: T, area: 'sales' },
  { id: 123, title: '库存调整汇总', clients: TD, area: 'stock' },
  { id: 124, title: '批发客户应收余额汇总', clients: T, area: 'finance' },
  { id: 128, title: '财务销售成本汇总（近3个月）', clients: T, area: 'finance', tabOnly: true },
  { id: 129, title: '采购收货汇总（近3个月）', clients: TS, area: 'purchase', tabOnly: true },
  { id: 130, title: '商品销售汇总（近3个月）', clients: T, area: 'sales', tabOnly: true },
  { id: 131, title: '采购退货汇总（近3个月）', clients: TS, area: 'purchase', tabOnly: true },
  { id: 138, title: '预收预付款汇总', clients: TS, area: 'finance' },
  { id: 139, title: '盘点差异汇总', clients: TD, area: 'stock' },
  { id: 142, title: '门店销售排行', clients: T, area: 'sales' },
  { id: 143, title: '品类销售排行', clients: T, area: 'sales' },
  { id: 144, title: '品牌销售排行', clients: T, area: 'sales' },
  { id: 145, title: '会员等级月度消费', clients: T, area: 'member' },
  { id: 147, title: '会员消费排行', clients: T, area: 'member' },
  { id: 148, title: '供应商销售排行', clients: T, area: 'supplier' },
  { id: 149, title: '收银员销售排行', clients: TD, area: 'sales' },
  { id: 150, title: '会员储值余额汇总', clients: T, area: 'member' },
  { id: 154, title: '卡消费汇总', clients: T, area: 'member' },
  { id: 157, title: '结算单余额汇总', clients: TS, area: 'finance' },
  { id: 160, title: '优惠券核销汇总', clients: T, area: 'member' },
  { id: 161, title: '付费会员卡销售汇总', clients: T, area: 'member' },
  { id: 162, title: '配送线路发货汇总', clients: T, area: 'logistics' },
  { id: 163, title: '司机配送汇总', clients: T, area: 'logistics' },
  { id: 164, title: '承运商运输汇总', clients: T, area: 'logistics' },
  { id: 165, title: '支付方式汇总', clients: TD, area: 'finance' },
  { id: 166, title: '组织销售汇总', clients: TD, area: 'sales' },
  { id: 171, title: '物流中心批次进销存', clients: T, area: 'logistics' },
  { id: 172, title: '财务销售成本汇总（历史·特殊租户）', clients: T, area: 'finance', tabOnly: true, specialOnly: true },
  { id: 179, title: '拣货作业汇总', clients: T, area: 'logistics' },
  { id: 180, title: '仓储客户库存汇总', clients: T, area: 'logistics' },
  { id: 182, title: '门店经营月报', clients: T, area: 'sales' },
  { id: 183, title: '供应商月度结算汇总', clients: TS, area: 'supplier' },
  { id: 184, title: '门店周销售汇总', clients: T, area: 'sales' },
  { id: 186, title: '商品周动销汇总', clients: T, area: 'sales' },
  { id: 187, title: '门店实时时段销售', clients: TD, area: 'sales' },
  { id: 189, title: '车辆趟次汇总', clients: T, area: 'logistics' },
  { id: 191, title: '批次效期汇总', clients: TD, area: 'stock' },
  { id: 192, title: '结算汇总（月）', clients: TS, area: 'finance' },
  { id: 193, title: '发票汇总', clients: TS, area: 'finance' },
  { id: 194, title: '报损领用汇总', clients: TD, area: 'stock' },
  { id: 196, title: '商城商品销售排行', clients: T, area: 'online-mall' },
  { id: 197, title: '商城订单汇总', clients: TD, area: 'online-mall' },
  { id: 198, title: '商城会员购买排行', clients: T, area: 'online-mall' },
  { id: 199, title: '服务项目销售排行', clients: TD, area: 'services' },
];

/** Menu leaves that are pages, not reports. */
export const PAGE_IDS = ['dashboard', 'user', 'j-system-leadingin', 'menu-nav'];

/** Every report id a client may open (the special tenant's HMT also gets 172). */
export function reportIds(client: ClientType, specialTenant = false): string[] {
  return REPORTS.filter((r) => r.clients.includes(client) && (!r.specialOnly || specialTenant)).map((r) => String(r.id));
}

/** The menu ids of the document types a client is offered (report-defs/documents). */
export function documentIds(client: ClientType): string[] {
  return [...loadDocumentsFromDir().documents.values()].filter((d) => d.clients.includes(client)).map((d) => d.menu.id);
}

/** A permission string: the given report ids plus the page ids, comma-joined. */
export function permissionOf(ids: readonly string[]): string {
  return [...ids, ...PAGE_IDS].join(',');
}

const GROUPS: [string, string][] = [
  ['sales', '销售报表'],
  ['member', '会员报表'],
  ['online-mall', '商城报表'],
  ['services', '服务报表'],
  ['stock', '库存报表'],
  ['purchase', '采购报表'],
  ['supplier', '供应商报表'],
  ['store-order', '要货报表'],
  ['logistics', '物流报表'],
  ['finance', '财务报表'],
];

export interface MenuRow {
  menu_id: string;
  client_type: ClientType;
  parent_id: string | null;
  level: number;
  route: string | null;
  title: string;
  sort: number;
  hidden: number;
}

/** The global menu tree per client: home, report groups with their leaves, account and log pages. */
export function menuRows(): MenuRow[] {
  const rows: MenuRow[] = [];
  for (const client of ['HMT', 'HMD', 'HMS'] as ClientType[]) {
    let sort = 0;
    const add = (r: Omit<MenuRow, 'client_type' | 'sort' | 'hidden'>) => rows.push({ ...r, client_type: client, sort: ++sort, hidden: 0 });
    add({ menu_id: 'dashboard', parent_id: null, level: 1, route: '/dashboard', title: '首页' });
    for (const [key, title] of GROUPS) {
      const leaves = REPORTS.filter((r) => r.area === key && r.clients.includes(client) && !r.tabOnly);
      if (!leaves.length) continue;
      add({ menu_id: `group:${key}`, parent_id: null, level: 1, route: null, title });
      for (const r of leaves) add({ menu_id: String(r.id), parent_id: `group:${key}`, level: 2, route: `/report/${r.id}`, title: r.title });
    }
    add({ menu_id: 'group:account', parent_id: null, level: 1, route: null, title: '账号设置' });
    add({ menu_id: 'user', parent_id: 'group:account', level: 2, route: '/user', title: '修改密码' });
    add({ menu_id: 'group:print', parent_id: null, level: 1, route: null, title: '打印设置' });
    add({ menu_id: PRINT_STYLES_MENU_ID, parent_id: 'group:print', level: 2, route: '/print-styles', title: '打印样式' });
    add({ menu_id: 'group:log', parent_id: null, level: 1, route: null, title: '日志管理' });
    add({ menu_id: 'j-system-leadingin', parent_id: 'group:log', level: 2, route: '/j-system-leadingin', title: '系统导入日志' });
  }
  return rows;
}
