/**
 * The permission menu (rules 32–33): first-level groups with their leaves, filtered by the session's
 * permission ids. Pure; the route feeds it the report leaves read at start and the hidden ids.
 */
import { DOCUMENT_GROUPS, documentRoute } from '../../engine/document/menu';
import { DAY_CLOSE_MENU_ID, DAY_CLOSE_PATH } from '../../engine/day-close';
import { INGEST_MENU_ID, INGEST_PATH } from '../../engine/ingest';
import { PRINT_STYLES_MENU_ID } from '../../engine/print/styles';
import { groupKeyOfArea, REPORT_GROUPS, type ReportGroup } from '../../engine/report-groups';
import type { MenuNode } from '../../engine/shell';
import type { ClientType } from '../../engine/wire';
import type { ReportLeaf } from './report-leaves';

interface FixedLeaf {
  id: string;
  title: string;
  title_en: string;
  route: string;
  icon: string;
}

/** Home: a first-level page of its own (clicking it opens the dashboard, not /menu-nav). */
export const DASHBOARD_LEAF: FixedLeaf = { id: 'dashboard', title: '首页', title_en: 'Home', route: '/dashboard', icon: 'home' };

/** Fixed groups after the reports: account settings and the log pages (rule 29). */
export const FIXED_GROUPS: (ReportGroup & { leaves: FixedLeaf[] })[] = [
  {
    key: 'account',
    title: '账号设置',
    title_en: 'Account',
    icon: 'user-cog',
    leaves: [{ id: 'user', title: '修改密码', title_en: 'Change password', route: '/user', icon: 'key' }],
  },
  {
    key: 'design',
    title: '报表设计',
    title_en: 'Report design',
    icon: 'file-analytics',
    leaves: [{ id: 'studio', title: '报表工作室', title_en: 'Report studio', route: '/studio', icon: 'file-analytics' }],
  },
  {
    key: 'print',
    title: '打印设置',
    title_en: 'Printing',
    icon: 'printer',
    leaves: [{ id: PRINT_STYLES_MENU_ID, title: '打印样式', title_en: 'Print styles', route: '/print-styles', icon: 'printer' }],
  },
  {
    key: 'log',
    title: '日志管理',
    title_en: 'Log management',
    icon: 'history',
    leaves: [
      {
        id: 'j-system-leadingin',
        title: '系统导入日志',
        title_en: 'System import log',
        route: '/j-system-leadingin',
        icon: 'file-import',
      },
      { id: DAY_CLOSE_MENU_ID, title: '日结记录', title_en: 'Daily close', route: DAY_CLOSE_PATH, icon: 'calendar-check' },
      { id: INGEST_MENU_ID, title: '数据接入', title_en: 'Data in', route: INGEST_PATH, icon: 'file-import' },
    ],
  },
];

/** What the menu needs of one document definition (report-defs/documents/*.json). */
export interface DocumentLeaf {
  /** the menu and permission id */
  id: string;
  type: string;
  title: string;
  title_en: string;
  clients: ClientType[];
  /** DOCUMENT_GROUPS key */
  parent: string;
  sort: number;
}

export const reportRoute = (tableId: number) => `/report/${tableId}`;
export const groupId = (key: string) => `group:${key}`;

export interface MenuViewer {
  client: ClientType;
  permissions: ReadonlySet<string>;
  is_special_tenant: boolean;
}

function reportNode(leaf: ReportLeaf): MenuNode {
  return {
    id: String(leaf.table_id),
    kind: 'report',
    title: leaf.title,
    title_en: leaf.title_en,
    route: reportRoute(leaf.table_id),
    icon: null,
    table_id: leaf.table_id,
    children: [],
  };
}

function fixedNode(leaf: FixedLeaf): MenuNode {
  return { id: leaf.id, kind: 'page', title: leaf.title, title_en: leaf.title_en, route: leaf.route, icon: leaf.icon, children: [] };
}

function groupNode(group: ReportGroup, children: MenuNode[]): MenuNode {
  return { id: groupId(group.key), kind: 'group', title: group.title, title_en: group.title_en, route: null, icon: group.icon, children };
}

/** Reports the client offers at all (the client decides which reports exist). */
export function reportsForClient(leaves: readonly ReportLeaf[], viewer: Omit<MenuViewer, 'permissions'>): ReportLeaf[] {
  return leaves.filter(
    (l) => l.in_menu && l.clients.includes(viewer.client) && (!l.special_tenant_only || viewer.is_special_tenant),
  );
}

/**
 * The menu this viewer may see. A leaf needs its id in the permission list and must not be hidden;
 * a group appears only when at least one of its leaves remains (rule 32).
 */
export function buildMenu(
  leaves: readonly ReportLeaf[],
  viewer: MenuViewer,
  hidden: ReadonlySet<string> = new Set(),
  documents: readonly DocumentLeaf[] = [],
): MenuNode[] {
  const visible = (id: string) => viewer.permissions.has(id) && !hidden.has(id);
  const menu: MenuNode[] = [];
  if (visible(DASHBOARD_LEAF.id)) menu.push(fixedNode(DASHBOARD_LEAF));

  const byGroup = new Map<string, MenuNode[]>();
  for (const leaf of reportsForClient(leaves, viewer)) {
    if (!visible(String(leaf.table_id))) continue;
    const key = groupKeyOfArea(leaf.area);
    byGroup.set(key, [...(byGroup.get(key) ?? []), reportNode(leaf)]);
  }
  for (const group of REPORT_GROUPS) {
    const children = byGroup.get(group.key);
    if (children?.length && !hidden.has(groupId(group.key))) menu.push(groupNode(group, children));
  }
  for (const group of DOCUMENT_GROUPS) {
    const children = documents
      .filter((d) => d.parent === group.key && d.clients.includes(viewer.client) && visible(d.id))
      .sort((a, b) => a.sort - b.sort)
      .map((d) => fixedNode({ id: d.id, title: d.title, title_en: d.title_en, route: documentRoute(d.type), icon: 'file-text' }));
    if (children.length && !hidden.has(groupId(group.key))) menu.push(groupNode(group, children));
  }
  for (const group of FIXED_GROUPS) {
    const children = group.leaves.filter((l) => visible(l.id)).map(fixedNode);
    if (children.length && !hidden.has(groupId(group.key))) menu.push(groupNode(group, children));
  }
  return menu;
}

/** Every leaf id a client offers (what an all-permissions account holds); used by the seed and tests. */
export function allLeafIds(
  leaves: readonly ReportLeaf[],
  client: ClientType,
  is_special_tenant: boolean,
  documents: readonly DocumentLeaf[] = [],
): string[] {
  return [
    DASHBOARD_LEAF.id,
    ...reportsForClient(leaves, { client, is_special_tenant }).map((l) => String(l.table_id)),
    ...documents.filter((d) => d.clients.includes(client)).map((d) => d.id),
    ...FIXED_GROUPS.flatMap((g) => g.leaves.map((l) => l.id)),
  ];
}
