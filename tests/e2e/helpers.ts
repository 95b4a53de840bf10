import { expect, type Page } from '@playwright/test';

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

export async function expectOnLogin(page: Page) {
  await expect(page).toHaveURL(/\/login/);
}
