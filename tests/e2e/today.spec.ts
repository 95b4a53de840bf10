/**
 * Under HM_TODAY the browser's today is the product's business day, the one the
 * server and the seed use (run e.g. HM_TODAY=2028-02-29 npx playwright test today.spec.ts).
 */
import { todayIn } from '../../engine/dates';
import { today } from '../../server/clock';
import { expect, test } from './fixtures/today';
import { loginAs } from './helpers';

test('the browser’s today is the server’s business day, so date defaults and the seed agree', async ({ page }) => {
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).not.toHaveURL(/\/login/);
  const browserDay = await page.evaluate(() => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date()));
  expect(browserDay).toBe(today());
  expect(browserDay).toBe(process.env.HM_TODAY || todayIn(new Date()));
  // a fresh Date.now() agrees with new Date(): the page's timers and stamps share one clock
  const gap = await page.evaluate(() => Math.abs(Date.now() - new Date().getTime()));
  expect(gap).toBeLessThan(1_000);
});
