/** The title of a page in the tab bar: a fixed page, a menu leaf, or a report by id. Pure. */
import type { MenuNode } from '../../../engine/shell';
import type { Locale } from '../../i18n';
import { findLeafByRoute, nodeTitle } from '../menu/menu.logic';

export const FIXED_TITLE_KEYS: Record<string, string> = {
  '/dashboard': 'shell.title.dashboard',
  // the page is reached from the 修改密码 menu item: its tab says the same
  '/user': 'shell.changePassword',
  '/menu-nav': 'shell.title.menuNav',
  '/c-headquarters-detail': 'shell.title.goods',
  '/c-sku-detail': 'shell.title.goods',
  '/j-system-leadingin': 'shell.title.jobs',
};

export function pageTitle(
  pathname: string,
  menu: readonly MenuNode[] | undefined,
  locale: Locale,
  t: (key: string, params?: Record<string, string | number>) => string,
): string {
  const fixed = FIXED_TITLE_KEYS[pathname];
  if (fixed) return t(fixed);
  const leaf = menu ? findLeafByRoute(menu, pathname) : null;
  if (leaf) return nodeTitle(leaf, locale);
  const report = /^\/report\/(\d+)$/.exec(pathname);
  if (report) return t('shell.title.report', { id: report[1] });
  return pathname;
}
