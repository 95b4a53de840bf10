/**
 * Defects a user sees, checked in Chromium at 1440×900 against the real server: focus mode keeps the
 * pager and its exit on screen, the sticky header is opaque, a refused token says why the user is on
 * Login, the live screen's hourly chart uses its width, and en-US shows the definitions' English texts.
 */
import { test, expect, type Page, type Response } from './fixtures/today';
import type { ReportData } from '../../engine/wire';
import { loginAs, loginEnglish } from './helpers';

const VIEWPORT_HEIGHT = 900;

const dataOf = (page: Page, tableId: number) =>
  page.waitForResponse((r: Response) => r.request().method() === 'POST' && new RegExp(`/api/reports/${tableId}/data$`).test(new URL(r.url()).pathname));

async function openFullReport(page: Page) {
  const data = dataOf(page, 130);
  await page.goto('/report/40');
  const answer = ((await (await data).json()) as { data: ReportData }).data;
  expect(answer.list.length).toBe(50);
  await expect(page.locator('tbody tr').nth(10)).toBeVisible();
}

const onScreen = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const box = await locator.boundingBox();
  expect(box, 'rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT);
};

test.describe('defects a user sees', () => {
  test('focus mode with 50 rows keeps the pager and the exit button on screen; the sticky header is opaque', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await openFullReport(page);

    const head = page.locator('thead').first();
    expect(await head.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const thBackground = await page.locator('thead th').nth(1).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(thBackground).toMatch(/^rgb\(/);

    await page.getByRole('button', { name: '专注模式' }).click();
    const exit = page.getByRole('button', { name: '退出专注模式' });
    await expect(exit).toBeVisible();
    await onScreen(page, exit);
    await onScreen(page, page.getByTestId('pager'));
    await onScreen(page, page.getByRole('button', { name: '下一页' }));
    await exit.click();
    await expect(page.locator('.mrt-table-paper-fullscreen')).toHaveCount(0);
  });

  test('an expired or invalid token sends the user to Login with 登录已过期，请重新登录', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.evaluate(() => localStorage.setItem('hm.token', 'no-such-token'));
    await page.goto('/report/70');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
    // signing in again clears the notice
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/report\/70|\/dashboard/);
    await page.goto('/login');
    await expect(page.getByText('登录已过期，请重新登录')).toHaveCount(0);
  });

  test('the live sales screen: the hourly chart spans its panel', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/data-screen');
    const chart = page.getByTestId('hour-chart');
    await expect(chart).toBeVisible();
    const panel = await chart.boundingBox();
    const bars = await chart.locator('rect').evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect()).map((b) => ({ left: b.left, right: b.right })));
    expect(bars).toHaveLength(24);
    expect(bars[0].left - panel!.x).toBeLessThan(panel!.width * 0.03);
    expect(panel!.x + panel!.width - bars[23].right).toBeLessThan(panel!.width * 0.03);
  });

  test('en-US: the report title, filter labels, chips and the tab title are the definitions’ English texts', async ({ page }) => {
    await loginEnglish(page);
    await page.goto('/report/70');
    await expect(page.getByRole('heading', { name: 'Store gross-margin analysis' })).toBeVisible();
    await expect(page.getByText('Organisation', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('report-chips').getByText('Brand', { exact: true })).toBeVisible();
    await expect(page.getByText('门店毛利分析')).toHaveCount(0);
  });
});
