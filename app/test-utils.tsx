/** Render helper for component tests: the app's providers (zh-CN), a fresh query client and a memory router. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './api/query-client';
import type { SessionInfo } from '../engine/wire';
import type { Locale } from './i18n';

export function renderWithProviders(ui: ReactElement, options: { locale?: Locale; route?: string } = {}) {
  return render(
    <AppProviders locale={options.locale ?? 'zh-CN'} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/** Every lazy route's loader in a route table. */
export function routeLoaders(list: RouteObject[]): (() => Promise<unknown>)[] {
  return list.flatMap((r) => [...(typeof r.lazy === 'function' ? [r.lazy as () => Promise<unknown>] : []), ...routeLoaders(r.children ?? [])]);
}

/**
 * Loads every lazy route's module once: the first import of a page transforms it, which takes longer
 * than findBy's wait on a busy machine. Call from beforeAll with a generous timeout.
 */
export async function preloadRoutes(list: RouteObject[]): Promise<void> {
  await Promise.all(routeLoaders(list).map((load) => load()));
}

/** Head office's admin of the demo retailer, as the session answer of a component test. */
export const HQ_SESSION: SessionInfo = {
  tenant_id: 10139,
  tenant_name: '演示零售',
  merchant_no: '10139',
  account_id: 1,
  username: 'admin',
  account_name: '管理员',
  client: 'HMT',
  org_code: '1000',
  store_no: null,
  supplier_no: null,
  permission: '',
  displayMenu: '',
  account_org_relation: [],
  store_info: null,
  is_special_tenant: false,
  is_edit_password: 0,
  is_open_edit_password: 0,
};
