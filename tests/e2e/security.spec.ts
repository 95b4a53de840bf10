import { test, expect } from './fixtures/today';
import { loginAs } from './helpers';

test.describe('forced password change from any address (rule 56)', () => {
  test('newhire is routed to the forced page from the dashboard, a report, the data screen and an unknown page', async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
    });
    await loginAs(page, { username: 'newhire', client: '总部端', password: 'Hm@123456' });
    await expect(page).toHaveURL(/\/force-password$/);
    for (const path of ['/dashboard', '/report/70', '/data-screen', '/user', '/no-such-page']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/force-password$/);
      await expect(page.getByTestId('force-heading')).toHaveText('为了您的账号安全，首次登录后请修改初始密码');
    }
    // the page runs under the server's content security policy without a refusal
    expect(blocked).toEqual([]);
  });
});
