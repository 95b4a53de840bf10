/**
 * Holds the tab bar state (tabs.logic.ts) for the layout: records every page shown, and runs the close,
 * refresh and toolbar-close actions, navigating where the rules say.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import {
  closeAll as closeAllTabs,
  closeOthers as closeOtherTabs,
  closeTab,
  pathnameOf,
  refreshTab,
  retitle,
  toolbarClose as toolbarCloseTab,
  visit,
  type TabsResult,
  type TabsState,
} from '../tabs.logic';
import { restoreTabs, saveTabs } from './tab-storage';

export interface RouteHandle {
  /** rule 31: where the toolbar close action goes */
  prePageId?: string;
}

interface TabsValue {
  state: TabsState;
  activeKey: string;
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
  refresh(key: string): void;
  /** rule 31; without an argument the route's handle.prePageId is used */
  toolbarClose(prePageId?: string): void;
  setTitle(key: string, title: string): void;
}

const TabsContext = createContext<TabsValue | null>(null);

/** `owner` names the account: its open tabs are kept for the browser tab's session (F5 keeps them). */
export function TabsProvider({ owner, children }: { owner: string; children: ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const fullPath = `${location.pathname}${location.search}`;
  const activeKey = pathnameOf(fullPath);
  const [state, setState] = useState<TabsState>(() => restoreTabs(sessionStorage, owner));
  useEffect(() => saveTabs(sessionStorage, owner, state), [owner, state]);

  // a layout effect: the tab must exist before the page's own (passive) effects title it
  useLayoutEffect(() => setState((s) => visit(s, fullPath, '')), [fullPath]);

  const apply = useCallback(
    (result: TabsResult) => {
      setState(result.state);
      if (result.navigateTo) navigate(result.navigateTo);
    },
    [navigate],
  );

  const handlePrePage = (matches.at(-1)?.handle as RouteHandle | undefined)?.prePageId;
  const setTitle = useCallback((key: string, title: string) => setState((s) => retitle(s, key, title)), []);

  const value = useMemo<TabsValue>(
    () => ({
      state,
      activeKey,
      close: (key) => apply(closeTab(state, key, activeKey)),
      closeOthers: (key) => apply(closeOtherTabs(state, key, activeKey)),
      closeAll: () => apply(closeAllTabs(state, activeKey)),
      refresh: (key) => apply(refreshTab(state, key, Date.now())),
      toolbarClose: (prePageId) => apply(toolbarCloseTab(state, activeKey, prePageId ?? handlePrePage)),
      setTitle,
    }),
    [state, activeKey, apply, handlePrePage, setTitle],
  );
  return <TabsContext.Provider value={value}>{children}</TabsContext.Provider>;
}

export function useTabs(): TabsValue {
  const value = useContext(TabsContext);
  if (!value) throw new Error('useTabs needs the <TabsProvider> of the layout');
  return value;
}

/** For page toolbars: close the current page and go back (rule 31). Outside the layout it does nothing. */
export function useToolbarClose(): (prePageId?: string) => void {
  const value = useContext(TabsContext);
  return value ? value.toolbarClose : () => undefined;
}

/**
 * A page gives its tab a title it only knows once loaded (a report's name). The tab is the page's own,
 * fixed at its first render, so a cached page that finishes loading later never renames another tab.
 */
export function usePageTitle(title: string | null | undefined): void {
  const value = useContext(TabsContext);
  const location = useLocation();
  const [key] = useState(() => pathnameOf(location.pathname));
  const setTitle = value?.setTitle;
  useEffect(() => {
    if (title && setTitle) setTitle(key, title);
  }, [title, key, setTitle]);
}
