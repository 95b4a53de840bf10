/**
 * The inventory loop on screen (docs/inventory.md): a store receives goods, head office approves the
 * receipt, the store issues from the lot that receipt opened, head office approves the issue, and report
 * 102 (商品进销存汇总) shows both movements on that day. The API only finds seeded data and reads the
 * report's figures before the flow; every step under test is a click.
 */
import { createHash } from 'node:crypto';
import { test, expect, type APIRequestContext, type Page } from './fixtures/today';
import type { ReportData, ReportRow } from '../../engine/wire';
import { addDays } from '../../engine/dates/calendar';
import { today } from '../../server/clock';
import { addGoodsByCode, audit, lineRows, saveNew, signOutAndIn, state, toast, toolbar, view } from './document-screens';
import { DEMO_PASSWORD, loginAs } from './helpers';

const YESTERDAY = addDays(today(), -1);

async function apiToken(request: APIRequestContext, username: string, client: 'HMT' | 'HMD'): Promise<{ token: string; org: string }> {
  const password = createHash('md5').update(DEMO_PASSWORD).digest('hex');
  const res = await request.post('/api/auth/login', { data: { merchant_no: '10139', username, password, client } });
  const body = (await res.json()) as { data: { token: string; session: { org_code: string } } };
  return { token: body.data.token, org: body.data.session.org_code };
}

/** Report 102 for yesterday, one goods item: its row at the store. */
function query102(sku: string) {
  return {
    table_id: 102,
    page_num: 1,
    page_size: 50,
    date_start: YESTERDAY,
    date_end: YESTERDAY,
    dimensionIds: '',
    indexIds: '',
    whereList: JSON.stringify([{ where_id: 'sku_keyword', operator_id: 1, operation_value: [sku] }]),
  };
}

async function approveAsAdmin(page: Page, type: string, no: string) {
  await signOutAndIn(page, 'admin', '总部端');
  await page.goto(`/documents/${type}/${no}`);
  await expect(state(page)).toHaveText('待审核');
  await audit(page, '审核通过', '同意');
  await toast(page, '审核成功');
  await expect(state(page)).toHaveText('已审核');
}

test('receipt → approve → outbound from its lot → approve → report 102 shows both movements', async ({ page, request }) => {
  test.setTimeout(240_000);
  const store = await apiToken(request, 'store01', 'HMD');
  const goods = await request.get('/api/pickers/goods?page_num=1&page_size=1', { headers: { authorization: `Bearer ${store.token}` } });
  const sku = String(((await goods.json()) as { data: { list: { sku_no: string }[] } }).data.list[0].sku_no);
  const admin = await apiToken(request, 'admin', 'HMT');
  const rowOf = (d: ReportData) => d.list.find((r) => r.org_code === store.org && r.sku_no === sku);
  const read = async (): Promise<ReportRow | undefined> => {
    const res = await request.post('/api/reports/102/data', { headers: { authorization: `Bearer ${admin.token}` }, data: query102(sku) });
    return rowOf(((await res.json()) as { data: ReportData }).data);
  };
  const before = await read();

  // the store receives 10.5 units yesterday
  await loginAs(page, { username: 'store01', client: '门店端' });
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/documents/purchase-receipt/new');
  await expect(view(page).getByTestId('document-lines')).toBeVisible();
  await view(page).getByRole('button', { name: '供应商', exact: true }).click();
  const suppliers = page.getByRole('dialog', { name: '选择供应商' });
  await suppliers.locator('tbody tr[data-testid^="row-"]').first().click();
  await suppliers.getByRole('button', { name: '确定' }).click();
  await view(page).getByRole('textbox', { name: '收货时间' }).fill(`${YESTERDAY} 09:30:00`);
  await addGoodsByCode(page, [sku]);
  await view(page).getByLabel('收货数量 1').fill('10.5');
  await view(page).getByLabel('含税进价 1').fill('8');
  const receipt = await saveNew(page, 'purchase-receipt');
  await toolbar(page, '提交');
  await toast(page, '提交成功');
  await approveAsAdmin(page, 'purchase-receipt', receipt);

  // the store issues 4 of them from the receipt's lot
  await signOutAndIn(page, 'store01', '门店端');
  await page.goto('/documents/store-outbound/new');
  await view(page).getByRole('textbox', { name: '出库原因' }).fill('门店领用');
  await view(page).getByRole('textbox', { name: '出库时间' }).fill(`${YESTERDAY} 15:00:00`);
  await addGoodsByCode(page, [sku]);
  await view(page).getByLabel('出库数量 1').fill('4');
  await view(page).getByLabel('成本价 1').fill('8');
  const outbound = await saveNew(page, 'store-outbound');
  await lineRows(page).nth(0).getByRole('button', { name: '分配批次' }).click();
  const lots = page.getByRole('dialog', { name: '按商品分配批次库存' });
  await lots.getByRole('button', { name: '选择批次' }).click();
  const picker = page.getByRole('dialog', { name: '选择批次库存' });
  const lotRow = picker.getByTestId('lot-picker-table').locator('tbody tr').filter({ hasText: `${receipt}-1` });
  await expect(lotRow).toBeVisible({ timeout: 15_000 });
  await lotRow.getByRole('checkbox').check();
  await picker.getByRole('button', { name: '确定' }).click();
  await lots.getByRole('textbox', { name: /^分配数量 \S+/ }).first().fill('4');
  await lots.getByRole('button', { name: '确定' }).click();
  await toast(page, '保存成功');
  await toolbar(page, '提交');
  await toast(page, '提交成功');
  await approveAsAdmin(page, 'store-outbound', outbound);

  // report 102 for yesterday, searched on the page
  await page.goto('/report/102');
  await expect(page.getByRole('heading', { name: '商品进销存汇总' })).toBeVisible();
  await page.getByTestId('report-filter-box').getByRole('button', { name: '展开' }).click();
  await page.getByRole('textbox', { name: '商品编码/条码' }).fill(sku);
  await page.waitForTimeout(1600);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/reports/102/data');
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const row = rowOf(((await (await answer).json()) as { data: ReportData }).data)!;
  expect(row).toBeTruthy();
  const was = (key: string) => Number(before?.[key] ?? 0);
  expect(Number(row.receipt_qty)).toBeCloseTo(was('receipt_qty') + 10.5, 3);
  expect(Number(row.receipt_amount)).toBeCloseTo(was('receipt_amount') + 84, 2);
  expect(Number(row.requisition_qty)).toBeCloseTo(was('requisition_qty') - 4, 3);
  expect(Number(row.close_qty)).toBeCloseTo(was('close_qty') + 6.5, 3);
  await expect(page.locator('tbody tr').filter({ hasText: sku }).first()).toBeVisible();
});
