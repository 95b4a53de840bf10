import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../engine/shell';
import { goodsDetailPath, skuOfLocation } from '../goods-link';
import { headerItems, switchTargets } from '../header/header.logic';
import { findGroup, findLeafByRoute, firstLevelTarget, groupOfRoute, nodeTitle } from './menu.logic';

const leaf = (id: string, route: string): MenuNode => ({ id, kind: 'report', title: `报表${id}`, title_en: `R${id}`, route, icon: null, children: [] });
const MENU: MenuNode[] = [
  { id: 'dashboard', kind: 'page', title: '首页', title_en: 'Home', route: '/dashboard', icon: 'home', children: [] },
  { id: 'group:sales', kind: 'group', title: '销售报表', title_en: 'Sales', route: null, icon: null, children: [leaf('70', '/report/70')] },
];

describe('menu helpers', () => {
  it('rule 23: a group opens /menu-nav, the dashboard opens itself', () => {
    expect(firstLevelTarget(MENU[1])).toBe('/menu-nav?group=group%3Asales');
    expect(firstLevelTarget(MENU[0])).toBe('/dashboard');
  });
  it('finds leaves, groups and titles', () => {
    expect(findLeafByRoute(MENU, '/report/70')?.id).toBe('70');
    expect(findLeafByRoute(MENU, '/dashboard')?.id).toBe('dashboard');
    expect(groupOfRoute(MENU, '/report/70')?.id).toBe('group:sales');
    expect(findGroup(MENU, 'group:sales')?.title).toBe('销售报表');
    expect(findGroup(MENU, 'dashboard')).toBeNull();
    expect(nodeTitle(MENU[1], 'en-US')).toBe('Sales');
  });
});

describe('header items by client (rules 6, 10–13, 19)', () => {
  it('headquarters shows every item', () =>
    expect(headerItems('HMT')).toEqual(['clientSwitcher', 'dataScreens', 'messages', 'guide', 'remoteAssist', 'complaint', 'userMenu']));
  it.each(['HMD', 'HMS'])('%s has no client switcher, message icon or beginner guide', (client) =>
    expect(headerItems(client)).toEqual(['dataScreens', 'remoteAssist', 'complaint', 'userMenu']));
  it('rule 3: an unknown client counts as headquarters', () => expect(headerItems(undefined)).toContain('clientSwitcher'));
  it('rule 7: the switcher goes to the store and supplier hosts', () => {
    expect(switchTargets({ HMD: 'https://store.example.com/', HMS: '' }, 'http://127.0.0.1:8080')).toEqual([
      { client: 'HMD', url: 'https://store.example.com/login?client=HMD', sameOrigin: false },
      { client: 'HMS', url: 'http://127.0.0.1:8080/login?client=HMS', sameOrigin: true },
    ]);
  });
});

describe('goods links (rules 24–25)', () => {
  it('store client: /c-headquarters-detail?sku_no=', () => expect(goodsDetailPath('HMD', 'A 1')).toBe('/c-headquarters-detail?sku_no=A%201'));
  it.each(['HMT', 'HMS'] as const)('%s: /c-sku-detail?no=&type=detail&ser=1', (client) =>
    expect(goodsDetailPath(client, 'S1')).toBe('/c-sku-detail?no=S1&type=detail&ser=1'));
  it('reads the sku back from either route', () => {
    expect(skuOfLocation('/c-headquarters-detail', '?sku_no=S1')).toBe('S1');
    expect(skuOfLocation('/c-sku-detail', '?no=S2&type=detail&ser=1')).toBe('S2');
    expect(skuOfLocation('/c-sku-detail', '?sku_no=S2')).toBeNull();
  });
});
