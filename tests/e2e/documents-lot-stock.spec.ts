/**
 * 按批次库存添加 on a store outbound: a lot picked from lot stock becomes a line holding that lot's stock,
 * and the save allocates it to that lot (no second trip through 分配批次). Lots past their expiry date
 * are marked 已过期 in the picker.
 */
import { test, expect } from './fixtures/today';
import { today } from '../../server/clock';
import { lineRows, saveNew, view } from './document-screens';
import { loginAs } from './helpers';

test('a lot picked from lot stock is allocated to its line by the save', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, { username: 'store01', client: '门店端' });
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/documents/store-outbound/new');
  await expect(view(page).getByTestId('document-lines')).toBeVisible();
  await view(page).getByRole('textbox', { name: '出库原因' }).fill('门店领用');

  await view(page).getByRole('button', { name: '按批次库存添加', exact: true }).click();
  const picker = page.getByRole('dialog').filter({ has: page.locator('tbody tr[data-testid^="row-"]') });
  const rows = picker.locator('tbody tr[data-testid^="row-"]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });

  // expiry marks agree with the dates shown: before today 已过期, from today on none
  const day = today();
  for (const row of await rows.all()) {
    const date = (await row.innerText()).match(/\d{4}-\d{2}-\d{2}/g)?.[1];
    if (!date) continue;
    if (date < day) await expect(row.getByTestId('cell-mark')).toHaveText('已过期');
    else await expect(row.getByTestId('cell-mark')).toHaveCount(0);
  }

  const first = rows.first();
  const lotNo = (await first.getAttribute('data-testid'))!.replace(/^row-[^:]*:/, '');
  await first.getByRole('checkbox').check();
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  await expect(lineRows(page)).toHaveCount(1);
  await expect(lineRows(page).first().getByTestId('picked-lot')).toContainText(lotNo);
  const qty = await view(page).getByLabel('出库数量 1').inputValue();
  expect(Number(qty)).toBeGreaterThan(0);

  await saveNew(page, 'store-outbound');
  await lineRows(page).nth(0).getByRole('button', { name: '分配批次' }).click();
  const lots = page.getByRole('dialog', { name: '按商品分配批次库存' });
  await expect(lots.getByTestId('lot-total')).toHaveText(String(Number(qty)));
  await expect(lots.getByText(lotNo, { exact: true })).toBeVisible();
});
