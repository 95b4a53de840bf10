/** Driving the document screens as a person does: the page in view, pickers, lines, toolbar and audit. */
import { expect, type Page } from './fixtures/today';
import { clickToolbar, loginAs } from './helpers';

/** The page of the current tab: pages of other tabs stay mounted, hidden, with the same fields and buttons. */
export const view = (page: Page) => page.locator('[data-view][style*="contents"]');

export const toast = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

export const lineRows = (page: Page) => view(page).getByTestId('document-lines').locator('tbody tr');
export const state = (page: Page) => view(page).getByTestId('document-state');

export async function signOutAndIn(page: Page, username: string, client: '总部端' | '门店端' | '供应商端') {
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, { username, client });
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function toolbar(page: Page, name: string) {
  await clickToolbar(page, view(page).getByRole('button', { name, exact: true }).first(), name);
}

/** Goods added to the lines through the goods picker, by code. */
export async function addGoodsByCode(page: Page, codes: string[], button = '添加商品'): Promise<void> {
  await view(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '选择商品' });
  for (const code of codes) {
    await dialog.getByLabel('商品编码/名称/条码').fill(code);
    await dialog.getByRole('button', { name: '查询' }).click();
    await dialog.getByTestId(`row-${code}`).getByRole('checkbox').check();
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
}

/** Saves a new document and answers its number from the page it moves to. */
export async function saveNew(page: Page, type: string): Promise<string> {
  await view(page).getByRole('button', { name: '保存' }).first().click();
  await toast(page, '保存成功');
  await expect(page).toHaveURL(new RegExp(`/documents/${type}/[A-Z]{2}\\d+`));
  await expect(state(page)).toHaveText('草稿');
  return decodeURIComponent(page.url().split('/').pop()!);
}

export async function audit(page: Page, result: '审核通过' | '审核驳回' | '退回', remark?: string) {
  await toolbar(page, '审核');
  const dialog = page.getByRole('dialog', { name: '审核' });
  await dialog.getByRole('radio', { name: result }).check();
  if (remark !== undefined) await dialog.getByLabel('审核意见').fill(remark);
  await dialog.getByRole('button', { name: '确定' }).click();
  return dialog;
}
