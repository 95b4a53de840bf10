/**
 * The ingest key dialog's list of tables: it lies where it leaves the dialog's buttons clickable, and
 * closes on Escape and with the dialog.
 */
import { test, expect, type Page } from './fixtures/today';
import { loginAs } from './helpers';

test.describe('ingest key dialog', () => {
  test('the open list of tables leaves the dialog’s buttons clickable, and closes on Escape and with the dialog’s buttons', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/j-system-ingest');
    const dialog = page.getByRole('dialog');
    const tables = dialog.getByRole('textbox', { name: '可推送的表' });
    const list = page.getByRole('listbox');

    // Escape closes the list, not the dialog
    await page.getByRole('button', { name: '新建密钥' }).click();
    await tables.click();
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();
    await tables.click();
    await expect(list).toBeVisible();
    await page.mouse.click(...(await center(dialog.getByRole('button', { name: '取消' }))));
    // 取消 under the open list: the click reaches it, the dialog and its list close
    await expect(dialog).toBeHidden();
    await expect(list).toBeHidden();

    // several tables chosen (the list stays open for more), then 创建 straight away: it creates with exactly those
    await page.getByRole('button', { name: '新建密钥' }).click();
    // named once per run: a database kept between runs holds the keys of earlier ones
    const name = `列表不挡按钮 ${Date.now()}`;
    await dialog.getByLabel('名称').fill(name);
    await tables.click();
    await page.getByRole('option', { name: 'sales_order', exact: true }).click();
    await page.getByRole('option', { name: 'sales_order_item', exact: true }).click();
    await expect(list).toBeVisible();
    await page.mouse.click(...(await center(dialog.getByRole('button', { name: '创建' }))));
    await expect(dialog.getByTestId('ingest-secret')).toBeVisible();
    await expect(list).toBeHidden();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByTestId('ingest-keys').getByRole('row').filter({ hasText: name })).toContainText('sales_order、sales_order_item');
  });
});

/** A button's middle, clicked as a person would: whatever lies on top of it there takes the click. */
async function center(button: ReturnType<Page['getByRole']>): Promise<[number, number]> {
  const box = (await button.boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}
