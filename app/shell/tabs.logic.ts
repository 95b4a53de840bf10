/**
 * Tab bar and page cache rules (spec §2; rules 22, 30, 31, 36–42). Pure: every action returns the next
 * state and, when the visible page must change, where to go.
 *
 * A tab is one route path (pathname); it remembers the full path last shown in it. Page content is cached
 * per full path, one view per tab, at most 14 views (least recently used dropped first).
 */

export const HOME_PATH = '/dashboard';
export const ROOT_PATH = '/';
/** Rule 30. */
export const MAX_CACHED_VIEWS = 14;
/** Rule 41: refresh re-navigates with a timestamp query under this name. */
export const REFRESH_PARAM = '_t';

export interface Tab {
  /** the route path; one tab per path */
  key: string;
  /** pathname + search last shown in this tab */
  fullPath: string;
  /** i18n key or literal title, resolved by the tab bar */
  title: string;
  /** rule 22: the dashboard cannot be closed */
  pinned: boolean;
}

export interface TabsState {
  tabs: Tab[];
  /** tab keys, least recently visited first */
  visited: string[];
  /** cached view keys (full paths), least recently used first */
  views: string[];
}

export interface TabsResult {
  state: TabsState;
  /** where to navigate now, or null to stay */
  navigateTo: string | null;
}

export type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export const pathnameOf = (fullPath: string) => fullPath.split(/[?#]/)[0] || ROOT_PATH;
export const isPinned = (key: string) => key === HOME_PATH;

const homeTab = (title: string): Tab => ({ key: HOME_PATH, fullPath: HOME_PATH, title, pinned: true });

export function initialTabs(homeTitle: string): TabsState {
  return { tabs: [homeTab(homeTitle)], visited: [HOME_PATH], views: [] };
}

const moveToEnd = (list: string[], item: string) => [...list.filter((x) => x !== item), item];

/** Rule 30: use a view; drops the least recently used beyond the limit. */
export function touchView(views: string[], fullPath: string, max = MAX_CACHED_VIEWS): { views: string[]; evicted: string[] } {
  const next = moveToEnd(views, fullPath);
  const evicted = next.length > max ? next.slice(0, next.length - max) : [];
  return { views: next.slice(evicted.length), evicted };
}

/**
 * A page was shown: open or update its tab, mark it visited, cache its view. A tab keeps one view: an
 * older full path of the same tab is dropped from the cache.
 */
export function visit(state: TabsState, fullPath: string, title: string): TabsState {
  const key = pathnameOf(fullPath);
  if (key === ROOT_PATH) return state;
  const existing = state.tabs.find((t) => t.key === key);
  const tabs = existing
    ? state.tabs.map((t) => (t.key === key ? { ...t, fullPath, title: title || t.title } : t))
    : [...state.tabs, { key, fullPath, title, pinned: isPinned(key) }];
  const others = state.views.filter((v) => pathnameOf(v) !== key || v === fullPath);
  return { tabs, visited: moveToEnd(state.visited, key), views: touchView(others, fullPath).views };
}

/** A page named itself (a report once its config is loaded): its tab shows that title. */
export function retitle(state: TabsState, key: string, title: string): TabsState {
  if (!title || !state.tabs.some((t) => t.key === key && t.title !== title)) return state;
  return { ...state, tabs: state.tabs.map((t) => (t.key === key ? { ...t, title } : t)) };
}

function withoutTabs(state: TabsState, remove: (t: Tab) => boolean): TabsState {
  const removed = new Set(state.tabs.filter((t) => !t.pinned && remove(t)).map((t) => t.key));
  return {
    tabs: state.tabs.filter((t) => !removed.has(t.key)),
    visited: state.visited.filter((k) => !removed.has(k)),
    views: state.views.filter((v) => !removed.has(pathnameOf(v))),
  };
}

/** Rules 39–40: the last remaining tab in the bar, else the root. */
function lastTabPath(state: TabsState): string {
  return state.tabs.at(-1)?.fullPath ?? ROOT_PATH;
}

/** Rules 36, 38–40: close one tab (never a pinned one). */
export function closeTab(state: TabsState, key: string, activeKey: string): TabsResult {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab || tab.pinned) return { state, navigateTo: null };
  const next = withoutTabs(state, (t) => t.key === key);
  return { state: next, navigateTo: key === activeKey ? lastTabPath(next) : null };
}

/** Rule 37: close every other closable tab; the kept tab is shown if the active one went away. */
export function closeOthers(state: TabsState, key: string, activeKey: string): TabsResult {
  const next = withoutTabs(state, (t) => t.key !== key);
  const activeGone = !next.tabs.some((t) => t.key === activeKey);
  const kept = next.tabs.find((t) => t.key === key);
  return { state: next, navigateTo: activeGone ? (kept?.fullPath ?? lastTabPath(next)) : null };
}

/** Rule 37: close every closable tab; pinned tabs stay. */
export function closeAll(state: TabsState, activeKey: string): TabsResult {
  const next = withoutTabs(state, () => true);
  const activeGone = !next.tabs.some((t) => t.key === activeKey);
  return { state: next, navigateTo: activeGone ? lastTabPath(next) : null };
}

/** Rule 41: the same page with a fresh timestamp query, so its cached view is rebuilt. */
export function refreshPath(fullPath: string, now: number): string {
  const [path, query = ''] = fullPath.split('?');
  const params = new URLSearchParams(query);
  params.set(REFRESH_PARAM, String(now));
  return `${path}?${params.toString()}`;
}

/** Rule 41: refreshing drops the tab's cached view and goes to a fresh full path. */
export function refreshTab(state: TabsState, key: string, now: number): TabsResult {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab) return { state, navigateTo: null };
  return {
    state: { ...state, views: state.views.filter((v) => pathnameOf(v) !== key) },
    navigateTo: refreshPath(tab.fullPath, now),
  };
}

/**
 * Rule 31 (toolbar close): remove the current tab, then go to the route's `prePageId` if given, else the
 * last visited tab, else the root.
 */
export function toolbarClose(state: TabsState, activeKey: string, prePageId?: string | null): TabsResult {
  const next = withoutTabs(state, (t) => t.key === activeKey);
  if (prePageId) return { state: next, navigateTo: prePageId };
  const lastVisited = next.visited.at(-1);
  const tab = next.tabs.find((t) => t.key === lastVisited);
  return { state: next, navigateTo: tab?.fullPath ?? ROOT_PATH };
}

/** Rules 37–38: the context menu of a tab. */
export function tabActions(tab: Pick<Tab, 'pinned'>): TabAction[] {
  return tab.pinned ? ['refresh', 'closeOthers', 'closeAll'] : ['refresh', 'close', 'closeOthers', 'closeAll'];
}
