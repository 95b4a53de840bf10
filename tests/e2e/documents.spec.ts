import { test, expect, type Page } from './fixtures/today';
import { loginAs } from './helpers';

/** The generic document pages against the real server and its seeded documents. */

async function openList(page: Page, type: string) {
  await page.goto(`/documents/${type}`);
  const list = page.getByTestId('document-list');
  // the first visit loads the definitions and the list on a cold server
  await expect(list.locator('tbody tr').first().getByRole('link')).toBeVisible({ timeout: 30_000 });
  return list;
}

const activeTab = (page: Page) => page.getByTestId('tab-bar').getByRole('tab', { selected: true });

test.describe('documents', () => {
  const titles: Record<string, string> = { 'purchase-receipt': '采购收货单', 'stock-adjustment': '库存调整单', 'store-outbound': '门店出库单' };
  for (const [type, title] of Object.entries(titles)) {
    test(`${type}: the list filters by number on Enter and the document shows its approval records`, async ({ page }) => {
      await loginAs(page, { username: 'admin', client: '总部端' });
      await expect(page).toHaveURL(/\/dashboard/);
      const list = await openList(page, type);
      // the tab is named by the document, not by its path
      await expect(activeTab(page)).toContainText(title);
      const firstNo = (await list.locator('tbody tr').first().getByRole('link').textContent())!.trim();
      // a click on a row ticks that row alone
      await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
      await list.locator('tbody tr').first().locator('td').nth(2).click();
      await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
      await expect(list.getByRole('checkbox', { name: `勾选 ${firstNo}` })).toBeChecked();
      const bar = page.getByTestId('document-filter-bar');
      const noBox = bar.getByRole('textbox').first();
      await noBox.fill(firstNo);
      await noBox.press('Enter');
      await expect(list.locator('tbody tr')).toHaveCount(1);
      await list.getByRole('link', { name: firstNo }).click();
      await expect(page).toHaveURL(new RegExp(`/documents/${type}/${firstNo}$`));
      await expect(page.getByTestId('document-state')).toBeVisible();
      await expect(activeTab(page)).toContainText(`${title} ${firstNo}`);
      await expect(page.getByTestId('document-lines').locator('tbody tr').first()).toBeVisible();
      await page.getByRole('button', { name: '审批记录' }).click();
      await expect(page.getByRole('dialog', { name: '审批记录' })).toBeVisible();
    });
  }
});
