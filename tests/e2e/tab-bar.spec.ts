/**
 * The tab bar with more tabs than fit (rules 36–42): the active tab is always shown whole, arrows at the
 * ends and the mouse wheel scroll the strip. Screenshot at 1280 px to the folder HM_SHOTS names, when set.
 */
import { mkdirSync } from 'node:fs';
import { test, expect, type Locator, type Page } from './fixtures/today';
import { loginAs } from './helpers';

const SHOTS = process.env.HM_SHOTS;
// 19 reports and the dashboard: 20 tabs, far more than 1280 px holds
const REPORTS = [33, 34, 35, 40, 41, 44, 48, 60, 61, 70, 76, 77, 78, 88, 89, 90, 91, 102, 107];

const tabs = (page: Page) => page.getByTestId('tab-bar').getByRole('tab');
const activeTab = (page: Page) => page.getByTestId('tab-bar').getByRole('tab', { selected: true });

/** An in-app navigation, as a menu click makes: the open tabs stay, no reload. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** How much of a tab shows: its box inside both the window and the bar's strip (1 = whole). */
async function shownPart(tab: Locator): Promise<number> {
  return tab.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const strip = el.closest('[data-testid="tab-strip"]')!.getBoundingClientRect();
    const left = Math.max(box.left, strip.left, 0);
    const right = Math.min(box.right, strip.right, window.innerWidth);
    return Math.max(0, right - left) / box.width;
  });
}

const stripScroll = (page: Page) => page.getByTestId('tab-strip').evaluate((el) => el.scrollLeft);

test.use({ viewport: { width: 1280, height: 800 } });

test('with 20 tabs open the active tab shows whole; arrows and the wheel scroll the bar', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).toHaveURL(/\/dashboard/);
  for (const id of REPORTS) {
    await openInApp(page, `/report/${id}`);
    // each newly opened tab is the active one, in sight as soon as it opens
    await expect(activeTab(page)).toHaveAttribute('data-tab', `/report/${id}`);
    await expect.poll(() => shownPart(activeTab(page))).toBe(1);
  }
  await expect(tabs(page)).toHaveCount(20);
  // the report names its tab once its config arrives: the longer title still shows whole
  await expect(page.getByTestId('summary-report').locator('visible=true')).toHaveCount(1);
  await expect.poll(() => shownPart(activeTab(page))).toBe(1);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/tab-bar-20-tabs.png` });
  }

  // at the end of the strip: the forward arrow is spent, the back arrow scrolls back
  const back = page.getByRole('button', { name: '向左滚动' });
  const forward = page.getByRole('button', { name: '向右滚动' });
  await expect(forward).toBeDisabled();
  const atEnd = await stripScroll(page);
  await back.click();
  await expect.poll(() => stripScroll(page)).toBeLessThan(atEnd);
  await expect(forward).toBeEnabled();

  // the wheel: down scrolls towards the end
  const before = await stripScroll(page);
  await page.getByTestId('tab-strip').hover();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => stripScroll(page)).toBeGreaterThan(before);

  // going home makes the first tab active: the strip comes back to its start
  await page.getByTestId('tabs-home').click();
  await expect(activeTab(page)).toHaveAttribute('data-tab', '/dashboard');
  await expect.poll(() => shownPart(activeTab(page))).toBe(1);
  await expect(back).toBeDisabled();

  // a tab in the middle, reached from elsewhere (a link, the menu): shown whole too
  await openInApp(page, '/report/60');
  await expect(activeTab(page)).toHaveAttribute('data-tab', '/report/60');
  await expect.poll(() => shownPart(activeTab(page))).toBe(1);
});
