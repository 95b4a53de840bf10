/**
 * Report headers and dates as people use them at 1280 px: a click anywhere on a sortable column's header
 * sorts (its words, the space beside them, not only the mark), and today typed into a report that ends
 * at yesterday is refused with 选择日期超出限制, the range kept (rule 338).
 */
import { test, expect, type Page } from './fixtures/today';
import { today } from '../../server/clock';
import { loginAs } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

/** The order_by of the next data request the page sends. */
const nextOrder = (page: Page) =>
  page.waitForRequest((r) => /\/api\/reports\/\d+\/data$/.test(new URL(r.url()).pathname)).then((r) => (r.postDataJSON() as { order_by?: string }).order_by);

test.beforeEach(async ({ page }) => {
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a click on a header sorts by that column, wherever on the header it lands', async ({ page }) => {
  await page.goto('/report/70');
  const table = page.getByTestId('summary-report');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });

  // the middle of the header, where a right-aligned name does not reach
  const header = (name: string) => table.locator('thead th').filter({ has: page.getByText(name, { exact: true }) });
  const cost = header('销售成本');
  let order = nextOrder(page);
  await cost.click();
  expect(await order).toBe('cost asc');
  await expect(cost.locator('[data-sorted="asc"]')).toBeVisible();

  // its left edge, far from the name and the mark
  const gm = header('毛利额');
  const box = (await gm.boundingBox())!;
  order = nextOrder(page);
  await gm.click({ position: { x: 16, y: box.height / 2 } });
  expect(await order).toBe('gm asc');

  // and on the name itself, again: the other direction
  order = nextOrder(page);
  await gm.getByText('毛利额', { exact: true }).click();
  expect(await order).toBe('gm desc');
});

test("today typed into report 35's start date: 选择日期超出限制, and the range stays", async ({ page }) => {
  await page.goto('/report/35');
  const box = page.getByTestId('report-filter-box');
  const start = box.getByLabel(/开始日期$/).first();
  await expect(start).not.toHaveValue('');
  const kept = await start.inputValue();
  await start.fill(today());
  await start.press('Tab');
  await expect(page.getByText('选择日期超出限制').first()).toBeVisible();
  await expect(start).toHaveValue(kept);
});
