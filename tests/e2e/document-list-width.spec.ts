/**
 * Every document list fits a 1280 px window for each client: the page never scrolls sideways, a table
 * wider than its card scrolls inside its own container.
 */
import { test, expect, type Page } from './fixtures/today';
import { loginAs, type LoginAs } from './helpers';

test.describe('document lists at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const fits = async (page: Page, type: string) => {
    await page.goto(`/documents/${type}`);
    const list = page.getByTestId('document-list');
    await expect(list.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(list).not.toContainText('加载中…');
    // the page never scrolls sideways; a table wider than the card scrolls inside its own container
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `${type}: page ${widths.scroll} px wide in a ${widths.client} px window`).toBeLessThanOrEqual(widths.client);
    const { card, viewport, table } = await list.evaluate((t) => {
      // the nearest ancestor that scrolls sideways: the table's own container
      let scroller = t.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      return { card: t.closest('.mantine-Card-root')!.getBoundingClientRect().right, viewport: scroller ? scroller.clientWidth : null, table: t.scrollWidth };
    });
    expect(card).toBeLessThanOrEqual(widths.client);
    // columns beyond the card are reached by scrolling the table's container, not cut off
    expect(viewport, `${type}: the table has no container that scrolls`).not.toBeNull();
    return { viewport, table };
  };

  const users: (LoginAs & { types: string[] })[] = [
    { username: 'admin', client: '总部端', types: ['purchase-receipt', 'stock-adjustment', 'store-outbound'] },
    { username: 'store01', client: '门店端', types: ['purchase-receipt', 'stock-adjustment', 'store-outbound'] },
    { username: 'supplier01', client: '供应商端', types: ['purchase-receipt'] },
  ];
  for (const { types, ...user } of users) {
    test(`${user.username}: every document list fits the window`, async ({ page }) => {
      await loginAs(page, user);
      await expect(page).toHaveURL(/\/dashboard/);
      for (const type of types) {
        const { viewport, table } = await fits(page, type);
        // the receipt list (about 1500 px of columns) is the wide one: it scrolls inside its card
        if (type === 'purchase-receipt' && user.username === 'admin') expect(table).toBeGreaterThan(viewport!);
      }
    });
  }
});
