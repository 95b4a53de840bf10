/** Helpers over the menu tree from GET /api/menu: titles, the group of a page, where a click goes. Pure. */
import type { MenuNode } from '../../../engine/shell';
import type { Locale } from '../../i18n';

export const MENU_NAV_PATH = '/menu-nav';

export const nodeTitle = (node: Pick<MenuNode, 'title' | 'title_en'>, locale: Locale) =>
  locale === 'en-US' ? node.title_en || node.title : node.title;

export function findLeafByRoute(menu: readonly MenuNode[], pathname: string): MenuNode | null {
  for (const node of menu) {
    if (node.route === pathname) return node;
    const leaf = node.children.find((c) => c.route === pathname);
    if (leaf) return leaf;
  }
  return null;
}

export function groupOfRoute(menu: readonly MenuNode[], pathname: string): MenuNode | null {
  return menu.find((n) => n.kind === 'group' && n.children.some((c) => c.route === pathname)) ?? null;
}

/** Rule 23: a first-level item other than the dashboard opens /menu-nav with its group. */
export function firstLevelTarget(node: MenuNode): string {
  return node.kind === 'group' ? `${MENU_NAV_PATH}?group=${encodeURIComponent(node.id)}` : (node.route ?? '/');
}

export function findGroup(menu: readonly MenuNode[], id: string | null): MenuNode | null {
  return (id && menu.find((n) => n.id === id && n.kind === 'group')) || null;
}
