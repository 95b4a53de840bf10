import { test, expect } from './fixtures/today';
import { expectOnLogin, loginAs } from './helpers';

test.describe('login (rules §1, §24)', () => {
  const cases = [
    { username: 'admin', client: '总部端', title: '总部端' },
    { username: 'store01', client: '门店端', title: '门店端' },
    { username: 'supplier01', client: '供应商端', title: '供应商端' },
  ] as const;

  for (const c of cases) {
    test(`${c.username} logs in and sees the ${c.title} title`, async ({ page }) => {
      await loginAs(page, { username: c.username, client: c.client });
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(page.getByTestId('client-title')).toHaveText(c.title);
    });
  }

  test('a wrong password shows the error and stays on the login page', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端', password: 'wrong-password' });
    await expect(page.getByText('商户号、用户名或密码错误')).toBeVisible();
    await expectOnLogin(page);
  });

  test('without a session the app returns to the login page', async ({ page }) => {
    await page.goto('/dashboard');
    await expectOnLogin(page);
  });
});
