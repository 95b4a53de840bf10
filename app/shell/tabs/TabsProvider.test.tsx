import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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

describe('TabsProvider', () => {
  it('a page titling itself on its first render names its own new tab', async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <TabsProvider>
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
