/**
 * The selection blocks in Chromium against the real server and database: a report
 * filtered by organisations from the org picker and goods from the commodity picker, the multi-store
 * picker on the dashboard, the SKU auto-complete on the goods page.
 */
import { test, expect, type Request, type Response } from './fixtures/today';
import type { ReportData, ReportQuery, ReportTotals, WhereItem } from '../../engine/wire';
import { loginAs } from './helpers';

const isReportCall = (r: Request, part: 'data' | 'totals', tableId: number) =>
  r.method() === 'POST' && new URL(r.url()).pathname === `/api/reports/${tableId}/${part}`;

async function json<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

const where = (q: ReportQuery, id: string): WhereItem | undefined => {
  const list = typeof q.whereList === 'string' ? (JSON.parse(q.whereList || '[]') as WhereItem[]) : (q.whereList ?? []);
  return list.find((w) => w.where_id === id);
};

test.beforeEach(async ({ page }) => {
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a report filtered by the org picker and the commodity picker shows exactly the picked organisations and goods (rules 354–358, 375, 397)', async ({ page }) => {
  test.setTimeout(120_000);
  const first = page.waitForResponse((r) => isReportCall(r.request(), 'data', 130));
  await page.goto('/report/130');
  await first;
  // a page outside the menu (the recent tab of page 40) is named in the tab bar by its report title
  await expect(page.getByTestId('tab-bar').getByRole('tab', { selected: true })).toHaveText(/商品销售汇总（近3个月）/);
  await page.getByLabel('营业日期开始日期').click();
  await page.getByRole('button', { name: '最近30天' }).click();

  // organisations: two stores ticked in the tree
  await page.getByRole('group', { name: '组织' }).getByRole('button').click();
  const orgDialog = page.getByRole('dialog', { name: '选择组织' });
  await orgDialog.getByText('2001 - 上海徐汇店').click();
  await orgDialog.getByText('2002 - 上海静安店').click();
  await expect(orgDialog.getByText('已选 2 项')).toBeVisible();
  await orgDialog.getByRole('button', { name: '确定' }).click();
  await expect(orgDialog).toBeHidden();
  await expect(page.getByRole('group', { name: '组织' })).toContainText('2001 - 上海徐汇店');

  // goods: search, one row on page 1 and one on page 2, the chosen tab counts both
  await page.getByTestId('report-filter-box').getByRole('button', { name: '展开' }).click();
  await page.getByRole('group', { name: '商品', exact: true }).getByRole('button').click();
  const goodsDialog = page.getByRole('dialog', { name: '选择商品' });
  await goodsDialog.getByLabel('商品编码/名称/条码').fill('鲜牛奶');
  await goodsDialog.getByRole('button', { name: '查询' }).click();
  await expect(goodsDialog.getByText(/共 \d+ 条/)).toBeVisible();
  // 10 a page, so the found goods span two pages
  await goodsDialog.getByRole('textbox', { name: '每页条数' }).click();
  await page.getByRole('option', { name: '10 条/页' }).click();
  const rows = goodsDialog.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('鲜牛奶');
  const skuOf = async () => (await rows.first().getAttribute('data-testid'))!.replace(/^row-/, '');
  const firstSku = await skuOf();
  await rows.first().getByRole('checkbox').check();
  await goodsDialog.getByRole('button', { name: '2', exact: true }).click();
  await expect(rows.first()).not.toHaveAttribute('data-testid', `row-${firstSku}`);
  const secondSku = await skuOf();
  await rows.first().getByRole('checkbox').check();
  await expect(goodsDialog.getByRole('tab', { name: '已选列表(2)' })).toBeVisible();
  await goodsDialog.getByRole('tab', { name: '已选列表(2)' }).click();
  await expect(goodsDialog.locator('tbody tr')).toHaveCount(2);
  await goodsDialog.getByRole('button', { name: '确定' }).click();
  await expect(goodsDialog).toBeHidden();

  const data = page.waitForResponse((r) => isReportCall(r.request(), 'data', 130));
  const totals = page.waitForResponse((r) => isReportCall(r.request(), 'totals', 130));
  await page.waitForTimeout(1600); // the repeat-click guard of the last search (rule 152)
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const answer = await data;
  const sent = answer.request().postDataJSON() as ReportQuery;
  expect(where(sent, 'org_code')?.operation_value.sort()).toEqual(['2001', '2002']);
  expect(where(sent, 'sku_no')?.operation_value.sort()).toEqual([firstSku, secondSku].sort());

  const list = (await json<ReportData>(answer)).list;
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((r) => ['2001', '2002'].includes(String(r.org_code)))).toBe(true);
  expect(list.every((r) => [firstSku, secondSku].includes(String(r.sku_no)))).toBe(true);
  // at most 2 stores × 2 goods: the page holds every row, so the totals row is their sum
  const totalsRow = (await json<ReportTotals>(await totals)).list[0];
  const sum = list.reduce((s, r) => s + Number(r.sales), 0);
  expect(Number(totalsRow.sales)).toBeCloseTo(sum, 2);
  await expect(page.locator('tbody tr')).toHaveCount(list.length);
});

test('the dashboard narrows to stores from the multi-store picker, which refuses a duplicate (rules 387–388)', async ({ page }) => {
  const dashboardCall = (r: Response) => new URL(r.url()).pathname === '/api/dashboard';
  await page.goto('/dashboard');
  const whole = page.getByTestId('metric-sales');
  await expect(whole).toBeVisible();
  const wholeSales = await whole.locator('p').nth(1).textContent();

  await page.getByTestId('dashboard-stores').click();
  const dialog = page.getByRole('dialog', { name: '选择门店' });
  const box = dialog.getByLabel('输入门店编码或名称搜索');
  await box.fill('徐汇');
  await page.getByRole('option', { name: 'S001 - 上海徐汇店' }).click();
  await expect(dialog.getByTestId('store-chips')).toContainText('S001 - 上海徐汇店');
  await box.fill('徐汇');
  await page.getByRole('option', { name: 'S001 - 上海徐汇店' }).click();
  await expect(page.getByText('该门店已选择！')).toBeVisible();
  await expect(dialog.getByText('已选 1 项')).toBeVisible();

  const narrowed = page.waitForResponse((r) => dashboardCall(r) && new URL(r.url()).searchParams.get('store_no') === 'S001');
  await dialog.getByRole('button', { name: '确定' }).click();
  await narrowed;
  await expect(page.getByTestId('dashboard-stores')).toHaveText('S001 - 上海徐汇店');
  await expect(whole.locator('p').nth(1)).not.toHaveText(wholeSales!);
});

test('the store picker finds 上海徐汇店 by 2001, the code lists show for it, as by its store code and name', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByTestId('dashboard-stores').click();
  const dialog = page.getByRole('dialog', { name: '选择门店' });
  const box = dialog.getByLabel('输入门店编码或名称搜索');
  for (const keyword of ['2001', 'S001', '徐汇']) {
    await box.fill(keyword);
    await expect(page.getByRole('option', { name: 'S001 - 上海徐汇店' })).toBeVisible();
  }
});

test('the SKU auto-complete starts at 2 characters or 4 digits, never with a comma, and ranks by where the text matches (rules 347–351)', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/pickers/sku-search') searches.push(url.searchParams.get('keyword') ?? '');
  });
  await page.goto('/c-sku-detail?no=100001&type=detail&ser=1');
  await expect(page.getByTestId('goods-detail')).toContainText('100001');
  const box = page.getByPlaceholder('输入商品编码/名称/条码');

  for (const text of ['1', '10', '100', '牛']) {
    await box.fill(text);
    await page.waitForTimeout(500);
  }
  expect(searches).toEqual([]);

  const options = page.getByRole('option');
  let answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pickers/sku-search');
  await box.fill('1000');
  await answered;
  await expect(options.first()).toBeVisible();
  const byCode = await options.allTextContents();
  expect(byCode.length).toBeLessThanOrEqual(10);
  expect(byCode.every((t) => t.startsWith('1000'))).toBe(true);

  answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pickers/sku-search');
  await box.fill('牛奶');
  await answered;
  await expect(options.first()).toContainText('牛奶');
  const names = (await options.allTextContents()).map((t) => t.split(' - ')[1] ?? '');
  const positions = names.map((n) => n.indexOf('牛奶'));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  const before = searches.length;
  await box.fill('100001,');
  await page.waitForTimeout(600);
  expect(searches.length).toBe(before);

  answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pickers/sku-search');
  await box.fill('100002');
  await answered;
  await options.first().click();
  await expect(page).toHaveURL(/\/c-sku-detail\?no=100002&type=detail&ser=1/);
  await expect(page.getByTestId('goods-detail')).toContainText('100002');
});
