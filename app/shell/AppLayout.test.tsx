import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MenuNode } from '../../engine/shell';
import type { SessionInfo } from '../../engine/wire';
import { AppProviders } from '../AppProviders';
import { clearAuth, saveLogin } from '../api/session-store';
import { createQueryClient } from '../api/query-client';
import { routes } from '../router';
import { HQ_SESSION, preloadRoutes } from '../test-utils';

const base = HQ_SESSION;

/** Tabs follow navigation through lazy pages: on a busy machine that takes longer than waitFor's default second. */
const settle = <T,>(check: () => T) => vi.waitFor(check, { timeout: 5000 });

const leaf = (id: string, title: string, route: string): MenuNode => ({ id, kind: 'report', title, title_en: title, route, icon: null, children: [] });
const MENU: MenuNode[] = [
  { id: 'dashboard', kind: 'page', title: '首页', title_en: 'Home', route: '/dashboard', icon: 'home', children: [] },
  { id: 'group:sales', kind: 'group', title: '销售报表', title_en: 'Sales', route: null, icon: 'chart-bar', children: [leaf('70', '门店毛利分析', '/report/70')] },
  { id: 'group:account', kind: 'group', title: '账号设置', title_en: 'Account', route: null, icon: 'user-cog', children: [{ ...leaf('user', '修改密码', '/user'), kind: 'page' }] },
];
const figures = { sales: 1234.5, orders: 10, atv: 123.45, gm: 300, gm_rate: 0.243 };
const DASHBOARD = { date: '2026-01-01', scope: 'tenant', figures, previous: figures, trend: [{ date: '2026-01-01', ...figures }], links: [], top_goods: [], store_nos: [] };

function answer(url: string, session: SessionInfo): unknown {
  if (url.startsWith('/api/menu')) return { list: MENU };
  if (url.startsWith('/api/messages')) return { list: [], total: 0, unread: 3 };
  if (url.startsWith('/api/data-screens')) return { list: [] };
  if (url.startsWith('/api/dashboard')) return DASHBOARD;
  return session;
}

beforeAll(() => preloadRoutes(routes), 60_000);

function renderAs(session: SessionInfo, path = '/dashboard') {
  saveLogin({ token_type: 'Bearer', token: 't', expires_at: '', session });
  vi.stubGlobal('fetch', vi.fn(async (url: RequestInfo | URL) => new Response(JSON.stringify({ status: '200', message: 'ok', data: answer(String(url), session) }))));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders locale="zh-CN" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const tabKeys = () => screen.getAllByRole('tab').map((t) => t.getAttribute('data-tab'));
const path = (router: ReturnType<typeof renderAs>) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearAuth();
});
afterEach(() => vi.unstubAllGlobals());

// whole-app renders: generous time when the machine is loaded
const SLOW = { timeout: 20_000 };

describe('header by client (rules 1–19)', SLOW, () => {
  it('rules 6, 10, 11, 14: headquarters shows the switcher, messages with unread state and the guide', async () => {
    renderAs(base);
    expect(await screen.findByTestId('client-title')).toHaveProperty('textContent', '总部端');
    expect(screen.getByTestId('client-switcher')).toBeTruthy();
    expect(screen.getByTestId('beginner-guide')).toBeTruthy();
    expect(screen.getByTestId('remote-assist')).toBeTruthy();
    expect(screen.getByTestId('complaint-button')).toBeTruthy();
    expect(screen.getByTestId('identity-text').textContent).toBe('10139 admin');
    await settle(() => expect(screen.getByTestId('message-icon').getAttribute('data-unread')).toBe('3'));
  });

  it.each([
    ['HMD', { client: 'HMD', store_info: { store_name: '上海徐汇滨江大道旗舰店一号' }, store_no: 'S001' }, '门店端', '上海徐汇滨江大道旗舰...'],
    ['HMS', { client: 'HMS', supplier_no: 'V001' }, '供应商端', 'V001'],
  ] as const)('rules 15, 16, 19: %s has no switcher, messages or guide, and its own identity', async (_c, extra, title, identity) => {
    renderAs({ ...base, ...extra } as SessionInfo);
    expect((await screen.findByTestId('client-title')).textContent).toBe(title);
    expect(screen.getByTestId('identity-text').textContent).toBe(identity);
    expect(screen.queryByTestId('client-switcher')).toBeNull();
    expect(screen.queryByTestId('message-icon')).toBeNull();
    expect(screen.queryByTestId('beginner-guide')).toBeNull();
    expect(screen.getByTestId('remote-assist')).toBeTruthy();
    expect(screen.getByTestId('data-screens')).toBeTruthy();
  });

  it('rules 5: the logo falls back when the tenant logo fails to load', async () => {
    renderAs({ ...base, tenant_id: 30001 });
    const logo = await screen.findByTestId('tenant-logo');
    expect(logo.getAttribute('data-fallback')).toBe('0');
    fireEvent.error(logo);
    expect(screen.getByTestId('tenant-logo').getAttribute('data-fallback')).toBe('1');
  });
});

describe('menu and tabs (rules 22–23, 36–42)', SLOW, () => {
  it('rule 23: a group opens /menu-nav listing its pages; a leaf opens its page as a tab', async () => {
    const router = renderAs(base);
    await userEvent.click(await screen.findByText('销售报表'));
    await settle(() => expect(path(router)).toBe('/menu-nav?group=group%3Asales'));
    expect(within(await screen.findByTestId('menu-nav-list')).getByText('门店毛利分析')).toBeTruthy();
    await userEvent.click(screen.getByText('账号设置'));
    await settle(() => expect(path(router)).toBe('/menu-nav?group=group%3Aaccount'));
    await userEvent.click(within(await screen.findByTestId('menu-nav-list')).getByText('修改密码'));
    await settle(() => expect(path(router)).toBe('/user'));
    await settle(() => expect(tabKeys()).toEqual(['/dashboard', '/menu-nav', '/user']));
  });

  it('rules 22, 36, 39: X closes and moves to the last tab; the dashboard has no X; middle-click closes', async () => {
    const router = renderAs(base, '/user');
    await screen.findByText('账号信息');
    await settle(() => expect(tabKeys()).toEqual(['/dashboard', '/user']));
    await router.navigate('/menu-nav');
    await settle(() => expect(tabKeys()).toEqual(['/dashboard', '/user', '/menu-nav']));
    const dashboardTab = screen.getAllByRole('tab')[0];
    expect(within(dashboardTab).queryByTestId('tab-close')).toBeNull();
    await userEvent.click(within(screen.getAllByRole('tab')[2]).getByTestId('tab-close'));
    expect(path(router)).toBe('/user');
    fireEvent(screen.getAllByRole('tab')[1], new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await settle(() => expect(path(router)).toBe('/dashboard'));
    expect(tabKeys()).toEqual(['/dashboard']);
  });

  it('rules 37, 38, 41, 42: context menu refresh / close others / close all; home icon', async () => {
    const router = renderAs(base, '/user');
    await screen.findByText('账号信息');
    await router.navigate('/menu-nav');
    await settle(() => expect(tabKeys()).toHaveLength(3));
    fireEvent.contextMenu(screen.getAllByRole('tab')[0]);
    const pinnedMenu = screen.getByTestId('tab-context-menu');
    expect(within(pinnedMenu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['刷新', '关闭其他', '关闭所有']);
    fireEvent.contextMenu(screen.getAllByRole('tab')[1]);
    await userEvent.click(within(screen.getByTestId('tab-context-menu')).getByText('刷新'));
    expect(router.state.location.pathname).toBe('/user');
    expect(router.state.location.search).toMatch(/^\?_t=\d+$/);
    fireEvent.contextMenu(screen.getAllByRole('tab')[1]);
    await userEvent.click(within(screen.getByTestId('tab-context-menu')).getByText('关闭其他'));
    expect(tabKeys()).toEqual(['/dashboard', '/user']);
    fireEvent.contextMenu(screen.getAllByRole('tab')[1]);
    await userEvent.click(within(screen.getByTestId('tab-context-menu')).getByText('关闭所有'));
    expect(tabKeys()).toEqual(['/dashboard']);
    expect(path(router)).toBe('/dashboard');
    await router.navigate('/user');
    await userEvent.click(screen.getByTestId('tabs-home'));
    expect(path(router)).toBe('/dashboard');
  });

  it('rule 30: a page left for another tab keeps its state', async () => {
    const router = renderAs(base, '/user');
    const input = await screen.findByLabelText(/^新密码/, { selector: 'input' });
    await userEvent.type(input, 'Abc');
    await router.navigate('/dashboard');
    await screen.findByText('经营概况');
    await router.navigate('/user');
    expect((screen.getByLabelText(/^新密码/, { selector: 'input' }) as HTMLInputElement).value).toBe('Abc');
  });
});

describe('forced password change (rules 55–58)', SLOW, () => {
  it('rule 56: without both flags /force-password goes to /user', async () => {
    const router = renderAs({ ...base, is_edit_password: 1 }, '/force-password');
    await screen.findByText('账号信息');
    expect(router.state.location.pathname).toBe('/user');
  });

  it('rules 55, 57: with both flags the heading and the pre-filled default password; app pages lead there', async () => {
    const router = renderAs({ ...base, is_edit_password: 1, is_open_edit_password: 1 }, '/dashboard');
    expect(await screen.findByTestId('force-heading')).toHaveProperty('textContent', '为了您的账号安全，首次登录后请修改初始密码');
    expect(router.state.location.pathname).toBe('/force-password');
    expect((screen.getByLabelText(/^原密码/, { selector: 'input' }) as HTMLInputElement).value).toBe('Hm@123456');
  });
});
