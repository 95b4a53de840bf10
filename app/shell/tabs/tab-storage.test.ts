import { beforeEach, describe, expect, it } from 'vitest';
import { initialTabs, visit } from '../tabs.logic';
import { restoreTabs, saveTabs, TABS_STORAGE_KEY } from './tab-storage';

describe('tab storage (F5 keeps the open tabs)', () => {
  beforeEach(() => sessionStorage.clear());

  it('restores the tabs and their order of visits, without cached views', () => {
    const state = visit(visit(initialTabs(''), '/report/70?a=1', '门店毛利分析'), '/user', '');
    saveTabs(sessionStorage, 'o', state);
    expect(restoreTabs(sessionStorage, 'o')).toEqual({ tabs: state.tabs, visited: state.visited, views: [] });
  });

  it('another owner, damaged data or foreign paths give a fresh bar with the dashboard first', () => {
    saveTabs(sessionStorage, 'o', visit(initialTabs(''), '/user', ''));
    expect(restoreTabs(sessionStorage, 'other')).toEqual(initialTabs(''));
    sessionStorage.setItem(TABS_STORAGE_KEY, '{not json');
    expect(restoreTabs(sessionStorage, 'o')).toEqual(initialTabs(''));
    sessionStorage.setItem(TABS_STORAGE_KEY, JSON.stringify({ owner: 'o', tabs: [{ fullPath: 'https://x.test/', title: '' }, { fullPath: '/user', title: 'u' }], visited: ['/user', '/nowhere'] }));
    const restored = restoreTabs(sessionStorage, 'o');
    expect(restored.tabs.map((t) => t.key)).toEqual(['/dashboard', '/user']);
    expect(restored.tabs[0].pinned).toBe(true);
    expect(restored.visited).toEqual(['/user']);
  });
});
