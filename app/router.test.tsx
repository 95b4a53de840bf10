import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { SessionInfo } from '../engine/wire';
import { AppProviders } from './AppProviders';
import { clearAuth, saveLogin, STORAGE_KEYS } from './api/session-store';
import { createQueryClient } from './api/query-client';
import { routes } from './router';
import { preloadRoutes, routeLoaders } from './test-utils';

const session: SessionInfo = {
  tenant_id: 1,
  tenant_name: '演示零售',
  merchant_no: '10139',
  account_id: 1,
  username: 'store01',
  account_name: '店长',
  client: 'HMD',
  org_code: 'S001',
  store_no: 'S001',
  supplier_no: null,
  permission: '',
  displayMenu: '',
  account_org_relation: [],
  store_info: { store_name: '上海徐汇滨江大道旗舰店一号' },
  is_special_tenant: false,
  is_edit_password: 0,
  is_open_edit_password: 0,
};

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ status: '200', message: 'ok', data }), { status: 200 });
}

const figures = { sales: 0, orders: 0, atv: null, gm: 0, gm_rate: null };
const dashboard = { date: '2026-01-01', scope: 'store', figures, previous: figures, trend: [], links: [], top_goods: [] };

/** The shell's calls answered per path; the session for everything else. */
function answer(url: string): unknown {
  if (url.startsWith('/api/menu') || url.startsWith('/api/data-screens') || url.startsWith('/api/messages')) return { list: [] };
  if (url.startsWith('/api/dashboard')) return dashboard;
  if (url.startsWith('/api/auth/logout')) return null;
  return session;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    // a transition left half-way on a busy machine keeps a menu's items inaccessible
    <AppProviders locale="zh-CN" queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeAll(() => preloadRoutes(routes), 60_000);

beforeEach(() => {
  localStorage.clear();
  clearAuth();
  vi.stubGlobal('fetch', vi.fn(async (url: RequestInfo | URL) => envelope(answer(String(url)))));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it('every page but Login is a lazy route, so the sign-in screen loads only its own code', () => {
    const eager = (list: RouteObject[]): (string | undefined)[] =>
      list.flatMap((r) => [...(r.element && r.path ? [r.path] : []), ...eager(r.children ?? [])]);
    expect(eager(routes)).toEqual(['/login']);
    expect(routeLoaders(routes).length).toBeGreaterThan(8);
  });

  it('without a session an app page goes to Login', async () => {
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('with a session the layout shows the client title and the store identity (rules 2, 15)', async () => {
    saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session });
    renderAt('/dashboard');
    expect(await screen.findByText('门店端')).toBeTruthy();
    expect(screen.getByText('上海徐汇滨江大道旗舰...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '经营概况' })).toBeTruthy();
  });

  it('a signed-in visitor of Login is sent to the forced password page when both flags are set', async () => {
    saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session: { ...session, is_edit_password: 1, is_open_edit_password: 1 } });
    const router = renderAt('/login');
    await screen.findByRole('heading', { name: '修改初始密码' });
    expect(router.state.location.pathname).toBe('/force-password');
  });

  it('unknown paths inside the app show the not-found page', async () => {
    saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session });
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
  });

  it('rules 74–78: logout calls the server, clears the session, menu item and AB flag, then reloads onto Login', async () => {
    saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session });
    localStorage.setItem(STORAGE_KEYS.menu, 'x');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/dashboard');
    await screen.findByRole('heading', { name: '经营概况' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: '上海徐汇滨江大道旗舰...' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '退出登录' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    const calls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(calls).toContain('/api/auth/logout');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.menu)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.abFlag)).toBe('0');
  }, 30_000);
});
