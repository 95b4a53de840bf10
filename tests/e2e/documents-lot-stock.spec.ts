/**
 * 按批次库存添加 on a store outbound: a lot picked from lot stock becomes a line for that lot, starting
 * at one unit, and the save allocates it to that lot (no second trip through 分配批次). Lots past their
 * expiry date are marked 已过期 in the picker. Head office picks from the lots of the store it chose.
 */
import { test, expect, type Locator } from './fixtures/today';
import { today } from '../../server/clock';
import { lineRows, saveNew, toast, view } from './document-screens';
import { loginAs } from './helpers';

/** The stock a line's picked lot holds, as its caption says (批次号 … · 库存数量 9). */
const lotStockOf = async (line: Locator) => Number(/库存数量 ([\d.]+)/.exec(await line.getByTestId('picked-lot').innerText())![1]);

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
  // one unit to start, never the lot's whole stock
  const qty = await view(page).getByLabel('出库数量 1').inputValue();
  expect(Number(qty)).toBe(Math.min(1, await lotStockOf(lineRows(page).first())));

  await saveNew(page, 'store-outbound');
  await lineRows(page).nth(0).getByRole('button', { name: '分配批次' }).click();
  const lots = page.getByRole('dialog', { name: '按商品分配批次库存' });
  await expect(lots.getByTestId('lot-total')).toHaveText(String(Number(qty)));
  await expect(lots.getByText(lotNo, { exact: true })).toBeVisible();
});

test('head office: the chosen store\'s lot stock, one unit a line, and 分配批次 on the right line after a removal', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/documents/store-outbound/new');
  await expect(view(page).getByTestId('document-lines')).toBeVisible();
  await view(page).getByRole('textbox', { name: '出库原因' }).fill('总部调拨');

  // head office has no lots of its own: the picker waits for the store
  const lotStock = view(page).getByRole('button', { name: '按批次库存添加', exact: true });
  await lotStock.click();
  await toast(page, '请先选择门店');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await view(page).getByRole('button', { name: '门店', exact: true }).click();
  const stores = page.getByRole('dialog', { name: '选择门店' });
  await stores.locator('tbody tr[data-testid^="row-"]').first().click();
  await stores.getByRole('button', { name: '确定' }).click();
  await expect(stores).toBeHidden();

  // the store's lots are offered: two lots of two goods
  await lotStock.click();
  const picker = page.getByRole('dialog').filter({ has: page.locator('tbody tr[data-testid^="row-"]') });
  const rows = picker.locator('tbody tr[data-testid^="row-"]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const skuOf = async (row: Locator) => (await row.locator('td').nth(1).innerText()).trim();
  const skus = [await skuOf(rows.first())];
  await rows.first().getByRole('checkbox').check();
  for (const row of await rows.all()) {
    const sku = await skuOf(row);
    if (sku === skus[0]) continue;
    skus.push(sku);
    await row.getByRole('checkbox').check();
    break;
  }
  expect(skus).toHaveLength(2);
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();
  await expect(lineRows(page)).toHaveCount(2);
  for (const [i, line] of (await lineRows(page).all()).entries()) {
    expect(Number(await view(page).getByLabel(`出库数量 ${i + 1}`).inputValue())).toBe(Math.min(1, await lotStockOf(line)));
  }

  // more than the lot holds is said before anything is saved
  const stock = await lotStockOf(lineRows(page).first());
  await view(page).getByLabel('出库数量 1').fill(String(stock + 1));
  // the save under the lines: the toolbar's 保存 ignores a second click within 1500 ms (rule 327)
  await view(page).getByRole('button', { name: '保存' }).last().click();
  await expect(page.getByText(`第 1 行的数量超过批次`).first()).toBeVisible();
  await expect(page).toHaveURL(/\/documents\/store-outbound\/new$/);
  await view(page).getByLabel('出库数量 1').fill('1');
  await saveNew(page, 'store-outbound');

  // the first line removed (not saved yet): 分配批次 of the line left is that line's, not the first's
  await expect(lineRows(page)).toHaveCount(2);
  await lineRows(page).nth(0).getByRole('button', { name: '移除' }).click();
  await expect(lineRows(page)).toHaveCount(1);
  await lineRows(page).nth(0).getByRole('button', { name: '分配批次' }).click();
  const lots = page.getByRole('dialog', { name: '按商品分配批次库存' });
  await expect(lots).toContainText(`商品：${skus[1]}`);
});
