import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AppProviders } from '../../AppProviders';
import { createQueryClient } from '../../api/query-client';
import { shellKeys } from '../shell-api';
import { TabBar } from './TabBar';
import { TabsProvider } from './TabsProvider';
import { TABS_STORAGE_KEY } from './tab-storage';

const OWNER = '10139:1:HMT';
const REPORTS = Array.from({ length: 19 }, (_, i) => `/report/${101 + i}`);

/** The bar after a session with the dashboard and 19 reports open, on the last report. */
function renderBar() {
  sessionStorage.setItem(
    TABS_STORAGE_KEY,
    JSON.stringify({ owner: OWNER, tabs: ['/dashboard', ...REPORTS].map((fullPath) => ({ fullPath, title: '' })), visited: ['/dashboard', ...REPORTS] }),
  );
  const client = createQueryClient();
  client.setQueryData(shellKeys.menu, []);
  const router = createMemoryRouter(
    [
      {
        element: (
          <TabsProvider owner={OWNER}>
            <TabBar />
            <Outlet />
          </TabsProvider>
        ),
        children: [{ path: '/dashboard', element: null }, { path: '/report/:id', element: null }],
      },
    ],
    { initialEntries: [REPORTS.at(-1)!] },
  );
  render(
    <AppProviders locale="zh-CN" queryClient={client} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return screen.getByTestId('tab-strip');
}

/** jsdom lays nothing out: give the strip the widths a browser would measure, then let it scroll. */
function layOut(strip: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: clientWidth });
  fireEvent.scroll(strip);
}

describe('TabBar with more tabs than fit', () => {
  beforeEach(() => sessionStorage.clear());

  it('offers no arrows while the tabs fit', async () => {
    const strip = renderBar();
    expect(await screen.findAllByRole('tab')).toHaveLength(20);
    layOut(strip, 600, 600);
    expect(screen.queryByRole('button', { name: '向左滚动' })).toBeNull();
    expect(screen.queryByRole('button', { name: '向右滚动' })).toBeNull();
  });

  it('shows arrows at the ends that scroll the strip, each disabled at its own end', async () => {
    const strip = renderBar();
    layOut(strip, 2000, 600);
    const back = await screen.findByRole('button', { name: '向左滚动' });
    const forward = screen.getByRole('button', { name: '向右滚动' });
    expect(back).toHaveProperty('disabled', true);
    fireEvent.click(forward);
    expect(strip.scrollLeft).toBe(480);
    await waitFor(() => expect(back).toHaveProperty('disabled', false));
    fireEvent.click(forward);
    fireEvent.click(forward);
    expect(strip.scrollLeft).toBe(1400);
    await waitFor(() => expect(forward).toHaveProperty('disabled', true));
    fireEvent.click(back);
    expect(strip.scrollLeft).toBe(920);
  });

  it('the mouse wheel scrolls the strip sideways and leaves the page alone', async () => {
    const strip = renderBar();
    layOut(strip, 2000, 600);
    const down = new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true });
    strip.dispatchEvent(down);
    expect(strip.scrollLeft).toBe(100);
    expect(down.defaultPrevented).toBe(true);
    fireEvent.wheel(strip, { deltaY: -40 });
    expect(strip.scrollLeft).toBe(60);
  });
});
