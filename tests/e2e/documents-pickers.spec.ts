import { test, expect, type Locator, type Page } from './fixtures/today';
import { loginAs } from './helpers';

/**
 * The pickers at work on the document screens: each returns its choice to the screen that opened it —
 * a form field, a filter (the list narrows), or new lines.
 */

/** Opens a picker by its field and confirms its first row; answers the row's text. */
async function pickFirst(page: Page, field: Locator): Promise<string> {
  await field.click();
  const dialog = page.getByRole('dialog');
  const row = dialog.locator('[data-testid^="row-"]').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const text = (await row.textContent()) ?? '';
  await row.click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  return text;
}

const lines = (page: Page) => page.getByTestId('document-lines').locator('tbody tr');

test.describe('document pickers', () => {
  test('purchase receipt: buyer and carrier pickers fill the form, the buyer filter narrows the list to it', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/purchase-receipt/new');
    await expect(page.getByRole('button', { name: '采购员' })).toBeVisible({ timeout: 30_000 });

    await pickFirst(page, page.getByRole('button', { name: '供应商' }));
    await pickFirst(page, page.getByRole('button', { name: '收货门店' }));
    await pickFirst(page, page.getByRole('button', { name: '采购员' }));
    await pickFirst(page, page.getByRole('button', { name: '承运商' }));
    await expect(page.getByRole('button', { name: '采购员' })).toHaveCount(0);
    await page.getByRole('textbox', { name: '收货时间' }).fill('2026-11-22 08:00:00');

    await pickFirst(page, page.getByRole('button', { name: '添加商品' }));
    await expect(lines(page)).toHaveCount(1);
    await page.getByRole('textbox', { name: '收货数量 1' }).fill('2');
    await page.getByRole('textbox', { name: '含税进价 1' }).fill('3.5');
    await page.getByRole('button', { name: '保存' }).last().click();
    await expect(page).toHaveURL(/\/documents\/purchase-receipt\/SH[^/]+$/, { timeout: 20_000 });
    const no = decodeURIComponent(page.url().split('/').pop()!);

    await page.goto('/documents/purchase-receipt');
    const list = page.getByTestId('document-list');
    await expect(list.locator('tbody tr').first().getByRole('link')).toBeVisible({ timeout: 30_000 });
    expect(await list.locator('tbody tr').count()).toBeGreaterThan(1);
    const bar = page.getByTestId('document-filter-bar');
    // the demo seed gives receipts buyers too: the number keeps the answer to this receipt
    await bar.getByRole('textbox', { name: '收货单号' }).fill(no);
    await pickFirst(page, bar.getByRole('button', { name: '采购员' }));
    await bar.getByRole('button', { name: '查询' }).click();
    await expect(list.locator('tbody tr')).toHaveCount(1);
    await expect(list.getByRole('link', { name: no })).toBeVisible();
  });

  test('stock adjustment: the goods multi-picker, a scanned barcode and the favourites add lines', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, { username: 'store01', client: '门店端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/stock-adjustment/new');
    const adders = page.getByTestId('line-pickers');
    await expect(adders).toBeVisible({ timeout: 30_000 });

    // the goods multi-picker: take the first row, remember the second row's barcode for the scan
    await adders.getByRole('button', { name: '选择商品' }).click();
    const dialog = page.getByRole('dialog');
    const rows = dialog.locator('[data-testid^="row-"]');
    await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });
    const barcode = /\d{13}/.exec((await rows.nth(1).textContent()) ?? '')![0];
    await rows.first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(lines(page)).toHaveCount(1);

    const scan = adders.getByPlaceholder('扫描或输入条码后回车');
    await scan.fill(barcode);
    await scan.press('Enter');
    await expect(lines(page)).toHaveCount(2);

    await adders.getByRole('button', { name: '收藏夹' }).click();
    const favourite = page.getByRole('dialog').locator('[data-testid^="row-"]').first();
    await expect(favourite).toBeVisible({ timeout: 20_000 });
    const sku = (await favourite.getAttribute('data-testid'))!.replace('row-', '');
    await favourite.click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // a picked line shows its code with the goods name before it is saved
    await expect(page.getByTestId('document-lines').getByText(new RegExp(`^${sku}( - |$)`))).toBeVisible();
  });

  test('store outbound: the customer-group filter and the lot-stock picker open from the list and the form', async ({ page }) => {
    test.setTimeout(60_000);
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/store-outbound');
    const bar = page.getByTestId('document-filter-bar');
    await expect(bar.getByRole('button', { name: '客户分组' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('document-list').locator('tbody tr').first().getByRole('link')).toBeVisible({ timeout: 30_000 });
    const total = page.getByText(/^共 \d+ 条$/);
    const count = async () => Number(/\d+/.exec((await total.textContent()) ?? '')![0]);
    const all = await count();
    await pickFirst(page, bar.getByRole('button', { name: '客户分组' }));
    await expect(bar.getByRole('button', { name: '客户分组' })).toHaveCount(0);
    await bar.getByRole('button', { name: '查询' }).click();
    // the demo seed names a customer group on some outbounds only: the filter keeps fewer
    await expect.poll(count).toBeLessThan(all);

    // head office picks from the lots of the store it chose: the picker waits for the store
    await page.goto('/documents/store-outbound/new');
    const lotStock = page.getByTestId('line-pickers').getByRole('button', { name: '按批次库存添加' });
    await lotStock.click();
    await expect(page.getByText('请先选择门店').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await pickFirst(page, page.getByRole('button', { name: '门店', exact: true }));
    await lotStock.click();
    await expect(page.getByRole('dialog').locator('[data-testid^="row-"]').first()).toBeVisible({ timeout: 20_000 });
  });
});
