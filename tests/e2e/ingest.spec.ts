/**
 * Data in end to end: head office creates an ingest key on 数据接入, a till pushes last night's sales for
 * a store with it, and report 70 and the dashboard show them; the push is in the screen's log.
 */
import { addDays } from '../../engine/dates/calendar';
import type { ReportTotals } from '../../engine/wire';
import { today } from '../../server/clock';
import { expect, test, type Page, type Response } from './fixtures/today';
import { loginAs } from './helpers';

const yesterday = addDays(today(), -1);
const AMOUNT = 123.45;

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function dashboardSales(page: Page): Promise<number> {
  await page.goto('/dashboard');
  const metric = page.getByTestId('metric-sales');
  await expect(metric).toBeVisible();
  return money(await metric.locator('p').nth(1).textContent());
}

async function report70Sales(page: Page): Promise<number> {
  const totals = page.waitForResponse((r: Response) => new URL(r.url()).pathname === '/api/reports/70/totals');
  await page.goto('/report/70');
  const body = (await (await totals).json()) as { data: ReportTotals };
  return Number(body.data.list[0].sales ?? 0);
}

test('数据接入: head office creates a key, a till pushes yesterday’s sales, report 70 and the dashboard show them', async ({ page, request }) => {
  await loginAs(page, { username: 'admin', client: '总部端' });
  await page.getByTestId('side-menu').getByText('日志管理').click();
  await page.getByTestId('side-menu').getByText('数据接入').click();
  await expect(page).toHaveURL(/\/j-system-ingest$/);

  await page.getByRole('button', { name: '新建密钥' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill('门店收银 e2e');
  await dialog.getByRole('textbox', { name: '可推送的表' }).click();
  await page.getByRole('option', { name: 'sales_order', exact: true }).click();
  // the list stays open for more choices, above the field: 创建 below it takes the click
  await dialog.getByRole('button', { name: '创建' }).click();
  const secret = (await dialog.getByTestId('ingest-secret').textContent())!.trim();
  expect(secret).toMatch(/^hmk_10139_/);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('ingest-keys')).toContainText('门店收银 e2e');

  const dashboardBefore = await dashboardSales(page);
  const reportBefore = await report70Sales(page);

  const order = {
    order_no: `E2E${Date.now()}`, org_code: '2001', store_no: 'S001', order_source: 1, order_kind: 1, is_return: 0,
    order_time: `${yesterday} 20:15:00`, business_date: yesterday, total_amount: AMOUNT, discount_amount: 0, pay_amount: AMOUNT, is_mixed_payment: 0, order_status: 4,
    sales_order_item: [{ line_no: 1, sku_no: '100001', qty: 1, selling_price: AMOUNT, sale_amount: AMOUNT, discount_amount: 0 }],
    sales_payment: [{ pay_line: 1, pay_type: 'CASH', pay_amount: AMOUNT, pay_time: `${yesterday} 20:15:10` }],
  };
  const pushed = await request.post('/api/ingest/sales_order', {
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-ndjson', 'idempotency-key': order.order_no },
    data: `${JSON.stringify(order)}\n`,
  });
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect((await pushed.json()).data.status).toBe('done');

  expect(await report70Sales(page)).toBeCloseTo(reportBefore + AMOUNT, 2);
  expect(await dashboardSales(page)).toBeCloseTo(dashboardBefore + AMOUNT, 2);

  await page.goto('/j-system-ingest');
  await expect(page.getByTestId('ingest-log')).toContainText('推送 · 门店收银 e2e');
  await expect(page.getByTestId('ingest-log')).toContainText('已写入');
});
