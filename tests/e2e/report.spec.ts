/**
 * The summary-report page in Chromium against the real server and database:
 * report 70's required dates, rows and totals, chips, sort, paging, export read back with exceljs and the
 * AI interpretation; report 33's history tabs; report 102's custom columns surviving a reload.
 */
import { test, expect, type Page, type Request, type Response } from './fixtures/today';
import ExcelJS from 'exceljs';
import { formatCell } from '../../app/report/format';
import { toPoints } from '../../engine/percentage-points';
import type { Column, ReportData, ReportQuery, ReportTotals } from '../../engine/wire';
import { loginAs } from './helpers';

const isReportCall = (r: Request, part: 'data' | 'totals' | 'export', tableId?: number) =>
  r.method() === 'POST' && new RegExp(`/api/reports/${tableId ?? '\\d+'}/${part}$`).test(new URL(r.url()).pathname);

const waitForData = (page: Page, tableId: number, match: (q: ReportQuery) => boolean = () => true) =>
  page.waitForResponse((r: Response) => isReportCall(r.request(), 'data', tableId) && match(r.request().postDataJSON() as ReportQuery));

const waitForTotals = (page: Page, tableId: number) => page.waitForResponse((r: Response) => isReportCall(r.request(), 'totals', tableId));

async function json<T>(response: Response): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/** 查询, after the 1500 ms repeat-click guard of the previous click has passed (rule 152). */
async function search(page: Page) {
  await page.waitForTimeout(1600);
  await page.getByRole('button', { name: '查询', exact: true }).click();
}
const headerCell = (page: Page, label: string) => page.locator('thead th').filter({ hasText: new RegExp(`^${label}`) });

test.describe('summary report', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('report 70: required dates, rows with totals, chips, sort, paging, export and AI (rules 120–129, 113, 116, 330–332, 149–156, 173–175)', async ({ page }) => {
    test.setTimeout(180_000);
    const sent: ReportQuery[] = [];
    let totalsSent = 0;
    page.on('request', (r) => {
      if (isReportCall(r, 'data') || isReportCall(r, 'totals')) sent.push(r.postDataJSON() as ReportQuery);
      if (isReportCall(r, 'totals')) totalsSent += 1;
    });

    const first = waitForData(page, 70);
    await page.goto('/report/70');
    await expect(page.getByRole('heading', { name: '门店毛利分析' })).toBeVisible();
    await first;

    // rules 125–129: no current period → 请选择日期, the table emptied, no request
    await page.getByLabel('当前周期清空').click();
    const before = sent.length;
    await search(page);
    await expect(page.getByText('请选择日期').first()).toBeVisible();
    await page.waitForTimeout(800);
    expect(sent.length).toBe(before);
    await expect(page.getByText('暂无数据').first()).toBeVisible();
    // rule 149: report 70 keeps export and refresh without rows
    await expect(page.getByTestId('report-buttons').getByRole('button', { name: '导出' })).toBeVisible();

    // pick dates: the last 30 days through yesterday (rule 337 variant), then search
    await page.getByLabel('当前周期开始日期').click();
    await page.getByRole('button', { name: '最近30天' }).click();
    let data = waitForData(page, 70);
    let totals = waitForTotals(page, 70);
    await search(page);
    let answer = await json<ReportData>(await data);
    let totalsRow = (await json<ReportTotals>(await totals)).list[0];
    expect(answer.list.length).toBeGreaterThan(0);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.locator('tfoot')).toContainText('合计');
    const salesColumn = answer.title.find((c) => c.value === 'sales')!;
    await expect(page.locator('tfoot')).toContainText(formatCell(totalsRow.sales, salesColumn.format));

    // rules 113, 98: a chip adds its dimension column after the search
    await page.getByTestId('report-chips').getByText('品牌', { exact: true }).click();
    data = waitForData(page, 70, (q) => q.dimensionIds === 'org,brand');
    totals = waitForTotals(page, 70);
    await search(page);
    answer = await json<ReportData>(await data);
    // sorting and paging keep these totals (rule 95): they are the screen's totals from here on
    totalsRow = (await json<ReportTotals>(await totals)).list[0];
    await expect(headerCell(page, '品牌名称')).toBeVisible();
    expect(answer.title.filter((c) => c.type === '1').map((c) => c.value)).toEqual(expect.arrayContaining(['org_name', 'brand_name']));

    // rules 116, 117: a sortable header toggles asc/desc and sends order_by
    data = waitForData(page, 70, (q) => q.order_by === 'cost asc');
    await headerCell(page, '销售成本').getByText('销售成本', { exact: true }).click();
    await data;
    data = waitForData(page, 70, (q) => q.order_by === 'cost desc');
    await headerCell(page, '销售成本').getByText('销售成本', { exact: true }).click();
    await data;

    // rules 330, 331: page size 10, then page 2 (no totals request)
    await page.getByRole('textbox', { name: '每页条数' }).click();
    data = waitForData(page, 70, (q) => q.page_size === 10 && q.page_num === 1);
    await page.getByRole('option', { name: '10 条/页' }).click();
    answer = await json<ReportData>(await data);
    expect(answer.total).toBeGreaterThan(10);
    const totalsBefore = totalsSent;
    data = waitForData(page, 70, (q) => q.page_num === 2);
    await page.getByTestId('pager').getByRole('button', { name: '2', exact: true }).click();
    await data;
    await page.waitForTimeout(300);
    expect(totalsSent).toBe(totalsBefore);

    // rule 332: a page above 100 is refused and the page stays
    const jump = page.getByLabel('跳转页码');
    await jump.fill('150');
    await jump.press('Enter');
    await expect(page.getByText('数据量过大，请添加搜索条件！')).toBeVisible();
    await expect(jump).toHaveValue('2');

    // back to page 1: the screen now shows the first 10 rows and the totals
    data = waitForData(page, 70, (q) => q.page_num === 1);
    await page.getByTestId('pager').getByRole('button', { name: '1', exact: true }).click();
    answer = await json<ReportData>(await data);
    const firstCells = answer.title.map((c) => formatCell(answer.list[0][c.value], c.format));
    await expect(page.locator('tbody tr').first()).toContainText(firstCells.filter(Boolean)[0]);

    // rules 153–156: the export is the shown query with is_down "1", downloaded under the route title
    const exportRequest = page.waitForRequest((r) => isReportCall(r, 'export', 70));
    const downloading = page.waitForEvent('download');
    await page.getByTestId('report-buttons').getByRole('button', { name: '导出' }).click();
    expect((await exportRequest).postDataJSON()).toMatchObject({ is_down: '1', table_id: 70, dimensionIds: 'org,brand', order_by: 'cost desc' });
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('门店毛利分析.xlsx');
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file!);
    const sheet = book.worksheets[0];
    const columns: Column[] = answer.title.filter((c) => c.is_header_show !== '0');
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(columns.map((c) => c.label)));
    const cellOf = (rowNo: number, i: number) => sheet.getRow(rowNo).getCell(i + 1).value as string | number | null;
    const same = (x: unknown, y: unknown) =>
      typeof y === 'number' ? Math.abs(Number(x) - y) < 0.005 : (x ?? '') === (y ?? '') || (x === '-' && y === null);
    // a rate change (format pp) is exported in percentage points, as it is shown
    const exported = (c: Column, v: unknown) => (c.format === 'pp' && typeof v === 'number' ? toPoints(v) : v);
    // the screen's 10 rows are the file's first 10 rows, in the same order
    answer.list.forEach((row, r) => columns.forEach((c, i) => expect(same(cellOf(r + 2, i), exported(c, row[c.value])), `${c.label} row ${r + 1}`).toBe(true)));
    // the last row is the totals row of the screen
    const last = sheet.rowCount;
    expect(cellOf(last, 0)).toBe('合计');
    columns.filter((c) => c.type === '2').forEach((c) => {
      const i = columns.indexOf(c);
      expect(same(cellOf(last, i), exported(c, totalsRow[c.value])), `totals ${c.label}`).toBe(true);
    });
    await expect(page.locator('tfoot')).toContainText(formatCell(totalsRow.sales, salesColumn.format));

    // rules 173–175: the AI panel interprets the current query, citing its figures; a new fetch closes it
    await page.getByTestId('report-buttons').getByRole('button', { name: 'AI 解读' }).click();
    const panel = page.getByTestId('ai-panel');
    await expect(panel).toBeVisible();
    const figures = ['sales', 'cost', 'gm'].map((m) => formatCell(totalsRow[m], 'money'));
    await expect(async () => {
      const text = (await panel.textContent()) ?? '';
      expect(figures.some((f) => text.includes(f))).toBe(true);
    }).toPass({ timeout: 60_000 });
    await search(page);
    await expect(panel).toBeHidden();
  });

  test('report 33: the history tabs switch the table id and reload the config (rules 99–105)', async ({ page }) => {
    const recent = waitForData(page, 128, (q) => q.is_history === '2');
    await page.goto('/report/33');
    await recent;
    await expect(page.getByRole('tab', { name: '近3个月内数据' })).toHaveAttribute('aria-selected', 'true');
    const config = page.waitForResponse((r) => /\/api\/reports\/33\/config\?is_history=1$/.test(r.url()));
    const history = waitForData(page, 33, (q) => q.is_history === '1' && q.page_num === 1);
    await page.getByRole('tab', { name: '3个月前数据' }).click();
    await config;
    await history;
    const back = waitForData(page, 128);
    await page.getByRole('tab', { name: '近3个月内数据' }).click();
    await back;
  });

  test('report 102: a hidden column stays hidden after a reload (rules 177, 181–185)', async ({ page }) => {
    const firstLoad = page.waitForResponse((r) => r.url().includes('/api/table-columns') && r.request().method() === 'GET');
    await page.goto('/report/102');
    await firstLoad;
    await page.getByRole('button', { name: '列设置' }).click();
    const boxes = page.getByTestId('custom-columns').getByRole('checkbox');
    await expect(boxes.nth(2)).toBeVisible();
    const label = (await page.getByTestId('custom-columns').locator('label').nth(2).textContent())!.trim();
    await expect(headerCell(page, label)).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/table-columns') && r.request().method() === 'POST');
    await boxes.nth(2).uncheck();
    expect((await saved).ok()).toBe(true);
    await expect(headerCell(page, label)).toHaveCount(0);

    const reloaded = page.waitForResponse((r) => r.url().includes('/api/table-columns') && r.request().method() === 'GET');
    await page.reload();
    await reloaded;
    await expect(page.locator('thead th').first()).toBeVisible();
    await expect(headerCell(page, label)).toHaveCount(0);
    await page.getByRole('button', { name: '列设置' }).click();
    await expect(page.getByTestId('custom-columns').getByRole('checkbox').nth(2)).not.toBeChecked();
  });
});
