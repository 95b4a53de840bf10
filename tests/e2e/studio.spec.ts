/**
 * The report studio in Chromium against the real server and database: an analyst builds
 * "门店品牌销售" (store × brand sales) from the sales dataset, previews it, saves it and opens it from
 * the menu; its totals are the sum of its rows and its sales equal report 70's for the same window;
 * an invalid edit shows its error at the field with Save disabled; a revert restores the previous
 * version; tenant 266 never sees it. A built-in report and the studio run under the product's CSP
 * (no 'unsafe-eval') without one console error; a JSON-tab syntax error disables 保存 and
 * 另存为新报表 asks for a new name.
 */
import { test, expect, type Page, type Response } from './fixtures/today';
import type { ReportData, ReportQuery, ReportTotals } from '../../engine/wire';
import { loginAs } from './helpers';

const isPost = (r: Response, path: RegExp) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname);

async function json<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/** Picks an option of a Mantine (multi)select by typing into it. */
async function pick(page: Page, label: string, search: string, option: string) {
  const input = page.getByRole('textbox', { name: label, exact: true }).first();
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  // a multiselect keeps its list open; a click on the dialog's title closes it (Escape would close the dialog)
  await page.getByRole('dialog').locator('.mantine-Modal-title').click();
}

const sumSales = (rows: ReportData['list']) => rows.reduce((s, r) => s + Number(r.sales ?? 0), 0);

test.describe('report studio', () => {
  test('an analyst creates, previews, saves, opens, breaks, reverts a report; tenant 266 does not see it', async ({ page, browser }) => {
    test.setTimeout(240_000);
    await loginAs(page, { username: 'analyst', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/studio');
    await expect(page.getByTestId('studio-page')).toBeVisible();
    await page.getByTestId('studio-new-open').click();
    const dialog = page.getByTestId('studio-new');
    await pick(page, '数据集', 'sales', '商品销售明细 (sales)');
    await dialog.getByLabel('报表名称中文').fill('门店品牌销售');
    await dialog.getByLabel('报表名称English').fill('Store brand sales');
    await pick(page, '汇总维度', 'org', '组织 (org)');
    await pick(page, '汇总维度', 'brand', '品牌 (brand)');
    await pick(page, '指标', 'sales', '销售额 (sales)');
    await pick(page, '指标', 'gm_rate', '毛利率 (gm_rate)');
    await page.getByTestId('studio-new-create').click();

    // the draft opens in the form; the server's checks pass, so it may be previewed and saved
    await expect(page.getByTestId('studio-form')).toBeVisible();
    const save = page.getByTestId('studio-save');
    await expect(save).toBeEnabled();

    const previewed = page.waitForResponse((r) => isPost(r, /\/api\/studio\/preview$/));
    await page.getByTestId('studio-preview').click();
    const preview = await json<ReportData & { totals: ReportTotals }>(await previewed);
    expect(preview.list.length).toBeGreaterThan(0);
    await expect(page.getByTestId('studio-preview-card').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('studio-preview-card').locator('tfoot')).toContainText('合计');

    await save.click();
    await expect(page.getByText('已保存（版本 1）')).toBeVisible();
    const id = Number(await page.getByTestId('studio-page').locator('.mantine-Badge-root').first().textContent());
    expect(id).toBeGreaterThan(100000);

    // it is in the menu at once; opened from there, its totals are the sum of its rows
    const data = page.waitForResponse((r) => isPost(r, new RegExp(`/api/reports/${id}/data$`)));
    const totals = page.waitForResponse((r) => isPost(r, new RegExp(`/api/reports/${id}/totals$`)));
    await page.getByRole('navigation').getByText('销售报表').click();
    await page.getByRole('navigation').getByText('门店品牌销售').click();
    await expect(page).toHaveURL(new RegExp(`/report/${id}$`));
    const rows = (await json<ReportData>(await data)).list;
    const sum = (await json<ReportTotals>(await totals)).list[0];
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.abs(Number(sum.sales) - sumSales(rows))).toBeLessThan(0.01);

    // … and its sales equal report 70's for the same window (70's own query, the window replaced)
    const window = (await data).request().postDataJSON() as ReportQuery;
    const authorization = (await data).request().headers()['authorization'];
    const seventy = page.waitForResponse((r) => isPost(r, /\/api\/reports\/70\/totals$/));
    await page.goto('/report/70');
    const query70 = (await seventy).request().postDataJSON() as ReportQuery;
    const replay = await page.request.post('/api/reports/70/totals', {
      headers: { authorization },
      data: { ...query70, date_start: window.date_start, date_end: window.date_end },
    });
    const sales70 = ((await replay.json()) as { data: ReportTotals }).data.list[0].sales;
    expect(Math.abs(Number(sales70) - Number(sum.sales))).toBeLessThan(0.01);

    // an invalid edit: the error at its field, Save disabled
    await page.goto('/studio');
    await page.getByTestId(`studio-report-${id}`).click();
    const titleZh = page.getByTestId('studio-form').getByLabel('报表名称中文');
    await expect(titleZh).toHaveValue('门店品牌销售');
    await titleZh.fill('');
    await expect(page.getByTestId('studio-form').getByText('不能为空').first()).toBeVisible();
    await expect(page.getByTestId('studio-errors')).toContainText('报表名称 › 中文');
    await expect(page.getByTestId('studio-errors')).not.toContainText('must NOT');
    await expect(save).toBeDisabled();

    // a valid change becomes version 2; reverting to 1 restores the title as version 3
    await titleZh.fill('门店品牌销售二');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('已保存（版本 2）')).toBeVisible();
    await expect(page.getByTestId('studio-version-2')).toContainText('报表名称 › 中文');
    await page.getByTestId('studio-version-1').getByRole('button', { name: '恢复此版本' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '恢复此版本' }).click();
    await expect(page.getByTestId('studio-version-3')).toBeVisible();
    await expect(page.getByTestId('studio-form').getByLabel('报表名称中文')).toHaveValue('门店品牌销售');

    // tenant 266: neither in its menu nor in its studio
    const other = await browser.newPage();
    await loginAs(other, { merchant: '266', username: 'admin', client: '总部端' });
    await expect(other).toHaveURL(/\/dashboard/);
    await other.getByRole('navigation').getByText('销售报表').click();
    await expect(other.getByRole('navigation')).not.toContainText('门店品牌销售');
    await other.goto('/studio');
    await expect(other.getByTestId('studio-page')).toBeVisible();
    await expect(other.getByTestId(`studio-report-${id}`)).toHaveCount(0);
    await expect(other.getByTestId('studio-page')).not.toContainText('门店品牌销售');
    await other.close();
  });

  test('a built-in report and the studio run under the CSP without a console error; save-as asks a name; bad JSON disables 保存', async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${msg.text()} ${msg.location().url}`);
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const home = await page.request.get('/');
    const csp = home.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/report/70');
    await expect(page.locator('tbody tr').first()).toBeVisible();

    await page.goto('/studio');
    await page.getByTestId('studio-report-70').click();
    const form = page.getByTestId('studio-form');
    await expect(form.getByLabel('报表名称中文')).toHaveValue(/.+/);
    // the generated ui schema's words, never schema keys; items named by their content
    await expect(form.getByText('数据集', { exact: true }).first()).toBeVisible();
    await expect(form.getByText('默认选中', { exact: true }).first()).toBeVisible();
    await expect(form).not.toContainText('chips-1');
    await expect(form).not.toContainText('clients-1');

    // 另存为新报表 asks for a name of its own before the copy opens as a draft
    await page.getByTestId('studio-save-as-open').click();
    const confirm = page.getByTestId('studio-save-as-confirm');
    await expect(confirm).toBeDisabled();
    const dialog = page.getByTestId('studio-save-as');
    await dialog.getByLabel('新报表名称中文').fill('门店毛利副本');
    await dialog.getByLabel('新报表名称English').fill('Store margin copy');
    await confirm.click();
    await expect(form.getByLabel('报表名称中文')).toHaveValue('门店毛利副本');
    const save = page.getByTestId('studio-save');
    await expect(save).toBeEnabled();

    // a syntax error in the JSON tab: 保存 is disabled until the text parses again
    await page.getByRole('tab', { name: 'JSON' }).click();
    const text = page.getByTestId('studio-json');
    const valid = await text.inputValue();
    await text.fill(`${valid}x`);
    await expect(page.getByText(/JSON 格式有误/)).toBeVisible();
    await expect(save).toBeDisabled();
    await text.fill(valid);
    await expect(save).toBeEnabled();

    expect(errors).toEqual([]);
  });
});
