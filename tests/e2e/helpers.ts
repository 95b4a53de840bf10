import { expect, type Locator, type Page } from '@playwright/test';
import { REPEAT_CLICK_MS } from '../../app/blocks/Toolbar/toolbar.logic';

export const DEMO_PASSWORD = 'Demo@2026';

export interface LoginAs {
  merchant?: string;
  username: string;
  password?: string;
  client: '总部端' | '门店端' | '供应商端';
}

/** Logs in through the login page, as a person would. */
export async function loginAs(page: Page, { merchant = '10139', username, password = DEMO_PASSWORD, client }: LoginAs) {
  await page.goto('/login');
  await page.getByLabel('商户号').fill(merchant);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByText(client, { exact: true }).click();
  await page.getByRole('button', { name: '登录' }).click();
}

/** Logs in as headquarters' admin with the page in English (the language kept from a previous visit). */
export async function loginEnglish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hm.locale', 'en-US'));
  await page.goto('/login');
  await page.getByLabel('Merchant number').fill('10139');
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByText('Headquarters', { exact: true }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function expectOnLogin(page: Page) {
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Signs out from the user menu. Logout reloads the page onto Login (rule 75): waiting for that load
 * keeps the next navigation from being interrupted by it.
 */
export async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await reloaded;
  await expectOnLogin(page);
}

/** When each page's toolbar buttons were last clicked. */
const lastToolbarClick = new WeakMap<Page, Map<string, number>>();

/** Clicks a toolbar button; rule 327 ignores a repeat within 1500 ms, so a second click of it waits that out. */
export async function clickToolbar(page: Page, button: Locator, name: string) {
  const clicks = lastToolbarClick.get(page) ?? new Map<string, number>();
  lastToolbarClick.set(page, clicks);
  const wait = (clicks.get(name) ?? 0) + REPEAT_CLICK_MS + 50 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await button.click();
  clicks.set(name, Date.now());
}
