/**
 * The open tabs kept for the browser tab's session (sessionStorage), so F5 brings them back; keyed by the
 * account, so another login in the same browser tab starts with its own bar. Cached views are not kept:
 * a reload rebuilds the page it shows.
 */
import { HOME_PATH, initialTabs, isPinned, pathnameOf, type Tab, type TabsState } from '../tabs.logic';

export const TABS_STORAGE_KEY = 'hm.tabs';

interface Stored {
  owner: string;
  tabs: { fullPath: string; title: string }[];
  visited: string[];
}

export function saveTabs(storage: Storage, owner: string, state: TabsState): void {
  const stored: Stored = { owner, tabs: state.tabs.map((t) => ({ fullPath: t.fullPath, title: t.title })), visited: state.visited };
  try {
    storage.setItem(TABS_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // a full or refused storage only loses the bar on reload
  }
}

/** The tabs this owner had open, or a fresh bar when none (or another account's, or unreadable) were kept. */
export function restoreTabs(storage: Storage, owner: string): TabsState {
  let stored: Stored | null = null;
  try {
    stored = JSON.parse(storage.getItem(TABS_STORAGE_KEY) ?? 'null') as Stored | null;
  } catch {
    stored = null;
  }
  if (!stored || stored.owner !== owner || !Array.isArray(stored.tabs) || !Array.isArray(stored.visited)) return initialTabs('');
  const tabs: Tab[] = [];
  for (const t of stored.tabs) {
    if (typeof t?.fullPath !== 'string' || !t.fullPath.startsWith('/')) continue;
    const key = pathnameOf(t.fullPath);
    if (tabs.some((x) => x.key === key)) continue;
    tabs.push({ key, fullPath: t.fullPath, title: typeof t.title === 'string' ? t.title : '', pinned: isPinned(key) });
  }
  // the dashboard tab is always there and always first (rule 22)
  if (!tabs.some((t) => t.key === HOME_PATH)) tabs.unshift(initialTabs('').tabs[0]);
  const keys = new Set(tabs.map((t) => t.key));
  const visited = stored.visited.filter((k) => typeof k === 'string' && keys.has(k));
  return { tabs, visited: visited.length ? visited : [HOME_PATH], views: [] };
}

export function forgetTabs(storage: Storage): void {
  storage.removeItem(TABS_STORAGE_KEY);
}
