import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  initialTabs,
  MAX_CACHED_VIEWS,
  refreshPath,
  refreshTab,
  retitle,
  tabActions,
  toolbarClose,
  touchView,
  visit,
  type TabsState,
} from './tabs.logic';

const open = (...paths: string[]) => paths.reduce<TabsState>((s, p) => visit(s, p, p), visit(initialTabs('home'), HOME_PATH, 'home'));
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('tabs of visited pages', () => {
  it('one tab per route path, remembering the last full path', () => {
    const s = open('/report/70', '/c-sku-detail?no=1', '/c-sku-detail?no=2');
    expect(keys(s)).toEqual([HOME_PATH, '/report/70', '/c-sku-detail']);
    expect(s.tabs[2].fullPath).toBe('/c-sku-detail?no=2');
  });

  it('rule 22: the dashboard tab is pinned', () => {
    expect(initialTabs('home').tabs[0]).toMatchObject({ key: '/dashboard', pinned: true });
  });

  it('the root is not a tab', () => expect(keys(visit(initialTabs('h'), '/', ''))).toEqual([HOME_PATH]));
});

describe('closing (rules 36–40)', () => {
  it('rule 38: a pinned tab cannot be closed', () => {
    const s = open('/user');
    expect(closeTab(s, HOME_PATH, HOME_PATH)).toEqual({ state: s, navigateTo: null });
  });

  it('rule 39: closing the active tab moves to the last remaining tab', () => {
    const s = open('/user', '/report/70', '/menu-nav');
    const r = closeTab(s, '/report/70', '/report/70');
    expect(keys(r.state)).toEqual([HOME_PATH, '/user', '/menu-nav']);
    expect(r.navigateTo).toBe('/menu-nav');
  });

  it('closing an inactive tab stays on the page', () => {
    expect(closeTab(open('/user', '/report/70'), '/user', '/report/70').navigateTo).toBeNull();
  });

  it('rule 40: with no tab left the app goes to the root', () => {
    const s: TabsState = { tabs: [{ key: '/user', fullPath: '/user', title: 'u', pinned: false }], visited: ['/user'], views: ['/user'] };
    expect(closeTab(s, '/user', '/user').navigateTo).toBe('/');
  });

  it('rule 37: close others keeps pinned tabs and the chosen one', () => {
    const r = closeOthers(open('/user', '/report/70', '/menu-nav'), '/report/70', '/menu-nav');
    expect(keys(r.state)).toEqual([HOME_PATH, '/report/70']);
    expect(r.navigateTo).toBe('/report/70');
  });

  it('rule 37: close all keeps the dashboard and goes there', () => {
    const r = closeAll(open('/user', '/report/70'), '/report/70');
    expect(keys(r.state)).toEqual([HOME_PATH]);
    expect(r.navigateTo).toBe(HOME_PATH);
  });

  it('closing drops the tab’s cached view', () => {
    const r = closeTab(open('/user', '/report/70'), '/report/70', '/user');
    expect(r.state.views).toEqual([HOME_PATH, '/user']);
  });
});

describe('context menu and refresh (rules 37, 38, 41)', () => {
  it('rule 38: no "close" for pinned tabs', () => {
    expect(tabActions({ pinned: true })).toEqual(['refresh', 'closeOthers', 'closeAll']);
    expect(tabActions({ pinned: false })).toEqual(['refresh', 'close', 'closeOthers', 'closeAll']);
  });

  it('rule 41: refresh re-navigates with a timestamp query, replacing an older one', () => {
    expect(refreshPath('/report/70', 5)).toBe('/report/70?_t=5');
    expect(refreshPath('/c-sku-detail?no=1&_t=4', 5)).toBe('/c-sku-detail?no=1&_t=5');
  });

  it('rule 41: refreshing drops the old view so the page is rebuilt', () => {
    const r = refreshTab(open('/report/70'), '/report/70', 9);
    expect(r.navigateTo).toBe('/report/70?_t=9');
    expect(r.state.views).not.toContain('/report/70');
    expect(visit(r.state, '/report/70?_t=9', 'x').views.at(-1)).toBe('/report/70?_t=9');
  });
});

describe('page cache (rule 30)', () => {
  it('caches per full path, at most 14 views, least recently used dropped first', () => {
    let views: string[] = [];
    for (let i = 1; i <= 15; i++) views = touchView(views, `/p${i}`).views;
    expect(views).toHaveLength(MAX_CACHED_VIEWS);
    expect(views[0]).toBe('/p2');
    const used = touchView(views, '/p2');
    expect(used.views.at(-1)).toBe('/p2');
    expect(touchView(used.views, '/p16').evicted).toEqual(['/p3']);
  });

  it('one view per tab: a new query of the same tab replaces its old view', () => {
    const s = open('/c-sku-detail?no=1', '/c-sku-detail?no=2');
    expect(s.views).toEqual([HOME_PATH, '/c-sku-detail?no=2']);
  });
});

describe('toolbar close (rule 31)', () => {
  it('goes to the route meta prePageId when given', () => {
    const r = toolbarClose(open('/user', '/report/70'), '/report/70', '/user');
    expect(r.navigateTo).toBe('/user');
    expect(keys(r.state)).not.toContain('/report/70');
  });

  it('else to the last visited tab', () => {
    let s = open('/user', '/menu-nav', '/report/70');
    s = visit(s, '/user', 'u');
    s = visit(s, '/report/70', 'r');
    expect(toolbarClose(s, '/report/70').navigateTo).toBe('/user');
  });

  it('else to the root', () => {
    const s: TabsState = { tabs: [{ key: '/user', fullPath: '/user', title: 'u', pinned: false }], visited: ['/user'], views: [] };
    expect(toolbarClose(s, '/user').navigateTo).toBe('/');
  });
});

describe('retitle', () => {
  it('a page names its own tab; other tabs and an unknown key are untouched', () => {
    const s = open('/report/130', '/report/70');
    const named = retitle(s, '/report/130', '商品销售汇总（近3个月）');
    expect(named.tabs.find((t) => t.key === '/report/130')?.title).toBe('商品销售汇总（近3个月）');
    expect(named.tabs.find((t) => t.key === '/report/70')?.title).toBe('/report/70');
    expect(retitle(s, '/report/999', 'x')).toBe(s);
    expect(retitle(named, '/report/130', '商品销售汇总（近3个月）')).toBe(named);
    expect(retitle(s, '/report/130', '')).toBe(s);
  });

  it('a later visit keeps the title the page gave', () => {
    const named = retitle(open('/report/130'), '/report/130', '商品销售汇总（近3个月）');
    expect(visit(named, '/report/130?t=1', '').tabs.find((t) => t.key === '/report/130')?.title).toBe('商品销售汇总（近3个月）');
  });
});
