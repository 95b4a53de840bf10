/**
 * Page content cached per full path (rule 30): every view the tab state still lists stays mounted and
 * hidden, so going back to a tab shows it as it was. Each view keeps the location it was opened with, so
 * a hidden page never reads another page's query.
 */
import { useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { PageErrorBoundary } from './PageErrorBoundary';
import { useTabs } from './TabsProvider';

interface View {
  element: ReactNode;
  location: Location;
}

export function CachedOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { state } = useTabs();
  const views = useRef(new Map<string, View>());
  const current = `${location.pathname}${location.search}`;

  if (!views.current.has(current)) views.current.set(current, { element: outlet, location });
  for (const key of [...views.current.keys()]) {
    if (key !== current && !state.views.includes(key)) views.current.delete(key);
  }

  return (
    <>
      {[...views.current.entries()].map(([key, view]) => (
        <div key={key} style={{ display: key === current ? 'contents' : 'none' }} data-view={key}>
          <LocationContext.Provider value={{ location: view.location, navigationType }}>
            <PageErrorBoundary>{view.element}</PageErrorBoundary>
          </LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
