import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { TabsProvider, usePageTitle, useTabs } from './TabsProvider';

function TabTitles() {
  const { state } = useTabs();
  return <ul>{state.tabs.map((t) => <li key={t.key} data-testid={`tab:${t.key}`}>{t.title}</li>)}</ul>;
}

/** A page that knows its title at its first render (a document whose definition is already cached). */
function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

function renderAt(path: string, owner = '10139:1:HMT') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <TabsProvider owner={owner}>
            <Outlet />
            <TabTitles />
          </TabsProvider>
        ),
        children: [
          { path: '/dashboard', element: null },
          { path: '/report/:id', element: <TitledPage title="报表" /> },
          { path: '/user', element: null },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const tabKeys = () => screen.getAllByTestId(/^tab:/).map((el) => el.getAttribute('data-testid')!.slice(4));

describe('TabsProvider', () => {
  beforeEach(() => sessionStorage.clear());

  it('the open tabs survive a reload (F5) for the same account, not for another', async () => {
    const router = renderAt('/report/70?x=1');
    await router.navigate('/user');
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/report/70', '/user']));
    cleanup();
    // the reload: a new app on the address the browser kept
    renderAt('/user');
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/report/70', '/user']));
    cleanup();
    renderAt('/user', '10139:2:HMT');
    await waitFor(() => expect(tabKeys()).toEqual(['/dashboard', '/user']));
  });

  it('a page titling itself on its first render names its own new tab', async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <TabsProvider owner="10139:1:HMT">
              <Outlet />
              <TabTitles />
            </TabsProvider>
          ),
          children: [{ path: '/documents/:type/:no', element: <TitledPage title="库存调整单 TZ1" /> }],
        },
      ],
      { initialEntries: ['/documents/stock-adjustment/TZ1'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('tab:/documents/stock-adjustment/TZ1')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('tab:/documents/stock-adjustment/TZ1').textContent).toBe('库存调整单 TZ1'));
  });
});
