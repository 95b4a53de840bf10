/**
 * A broken print template is refused in the page's language, not the browser's: the upload is a raw
 * multipart request, and an English browser sends Accept-Language en-US by itself.
 */
import { test, expect } from './fixtures/today';
import { loginAs } from './helpers';

test.describe('print template upload', () => {
  // an English browser: it sends Accept-Language en-US by itself, while the page speaks Chinese (its default)
  test.use({ locale: 'en-US' });

  test('a broken template is refused in the page’s language, naming the line and column', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/print-styles');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增样式' });
    await dialog.getByLabel('样式名称').fill('缺逗号的样式');
    // no comma after the title: the file stops being JSON at line 3, column 3
    const broken = '{\n  "title": "采购收货单"\n  "header": [],\n  "lines": [{ "label": "数量", "field": "qty" }]\n}';
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('模板文件不是有效的 JSON（第 3 行第 3 列附近），请检查括号、引号和逗号')).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});
