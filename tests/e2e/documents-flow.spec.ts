/**
 * Each document's whole life in Chromium against the real server and its seeded database, through the
 * screens a person uses: create with the pickers, attachments, line import (and its error file from
 * the system import log), lot allocation, submit, audit (approve, reject with remark, send back) and
 * the approval records of every step. Then the store and supplier clients see only their own
 * documents. The API is used only to find seeded data (a store's goods with lots, another store's
 * document number), never to drive a step under test.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { test, expect, type APIRequestContext, type Locator, type Page } from './fixtures/today';
import type { DocumentDetail, DocumentListPage } from '../../engine/document/wire';
import { audit, lineRows, saveNew, signOutAndIn, state, toast, toolbar, view } from './document-screens';
import { DEMO_PASSWORD, loginAs } from './helpers';

const TODAY = '2026-11-24 10:00:00';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// ------------------------------------------------------------------ finding seeded data (not under test)

interface ApiSession {
  token: string;
  session: { org_code: string | null; supplier_no: string | null };
}

async function apiLogin(request: APIRequestContext, username: string, client: 'HMT' | 'HMD' | 'HMS'): Promise<ApiSession> {
  const password = createHash('md5').update(DEMO_PASSWORD).digest('hex');
  const res = await request.post('/api/auth/login', { data: { merchant_no: '10139', username, password, client } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: ApiSession }).data;
}

async function apiGet<T>(request: APIRequestContext, who: ApiSession, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.ok(), url).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

// ------------------------------------------------------------------ screen helpers

/** A single-choice list picker opened from its field: the first row, confirmed. */
async function pickFirst(page: Page, field: string, title: string): Promise<string> {
  await view(page).getByRole('button', { name: field, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const row = dialog.locator('tbody tr[data-testid^="row-"]').first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  const code = (await row.getAttribute('data-testid'))!.replace(/^row-/, '');
  await row.click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  return code;
}

/** Goods added to the lines through the goods picker: by code when given, else the first rows of the first page. */
/** `button`: the definition's goods line picker (a document without line pickers has 添加商品). */
async function addGoods(page: Page, codes: string[] | number, button = '添加商品'): Promise<string[]> {
  await view(page).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '选择商品' });
  const rows = dialog.locator('tbody tr[data-testid^="row-"]');
  const picked: string[] = [];
  if (typeof codes === 'number') {
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    for (let i = 0; i < codes; i++) {
      await rows.nth(i).getByRole('checkbox').check();
      picked.push((await rows.nth(i).getAttribute('data-testid'))!.replace(/^row-/, ''));
    }
  } else {
    for (const code of codes) {
      await dialog.getByLabel('商品编码/名称/条码').fill(code);
      await dialog.getByRole('button', { name: '查询' }).click();
      await dialog.getByTestId(`row-${code}`).getByRole('checkbox').check();
      picked.push(code);
    }
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  return picked;
}

/** The approval-record dialog's rows as [result, remark]. */
async function approvalSteps(page: Page): Promise<string[][]> {
  await toolbar(page, '审批记录');
  const dialog = page.getByRole('dialog', { name: '审批记录' });
  await expect(dialog.locator('tbody tr').first()).toBeVisible();
  const rows = await dialog.locator('tbody tr').all();
  const steps = await Promise.all(rows.map(async (r) => [(await r.locator('td').nth(2).textContent())!.trim(), (await r.locator('td').nth(3).textContent())!.trim()]));
  await dialog.press('Escape');
  await expect(dialog).toBeHidden();
  return steps;
}

async function chooseFile(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('明细');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function importFile(page: Page, name: string, buffer: Buffer, mimeType = XLSX) {
  await toolbar(page, '导入');
  const dialog = page.getByRole('dialog', { name: '库存调整单明细导入' });
  await chooseFile(page, dialog.getByRole('button', { name: '选择文件' }), { name, mimeType, buffer });
  await expect(dialog.getByTestId('import-file-name')).toHaveText(name);
  await dialog.getByRole('button', { name: '开始导入' }).click();
  return dialog;
}

// ------------------------------------------------------------------ the flows

test.describe('document flows', () => {
  test('purchase receipt: pickers, attachments (a refused type), submit, reject needs a remark (请输入审核意见！), records', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/purchase-receipt');
    await view(page).getByRole('button', { name: '新增', exact: true }).click();
    await expect(page).toHaveURL(/\/documents\/purchase-receipt\/new$/);
    // the list's own 供应商 filter stays mounted in its tab: wait until the new document is the page in view
    await expect(view(page).getByTestId('document-lines')).toBeVisible();

    const supplier = await pickFirst(page, '供应商', '选择供应商');
    await pickFirst(page, '收货门店', '选择门店');
    await view(page).getByRole('textbox', { name: '收货时间' }).fill(TODAY);
    const goods = await addGoods(page, 2);
    await expect(lineRows(page)).toHaveCount(2);
    for (const i of [1, 2]) {
      await view(page).getByLabel(`收货数量 ${i}`).fill(String(i * 2));
      await view(page).getByLabel(`含税进价 ${i}`).fill('3.5');
    }
    const no = await saveNew(page, 'purchase-receipt');
    await expect(state(page)).toHaveText('草稿');
    await expect(view(page).getByText(supplier).first()).toBeVisible();
    await expect(lineRows(page).first()).toContainText(goods[0]);

    // attachments: an image is kept; another type is refused with its message (the 20M limit is held by the block's and the server's tests)
    await toolbar(page, '附件');
    const files = page.getByRole('dialog', { name: '附件列表' });
    const add = files.getByRole('button', { name: '上传' });
    await chooseFile(page, add, { name: '收货照片.png', mimeType: 'image/png', buffer: PNG });
    await expect(files.getByTestId('attachment-table')).toContainText('收货照片.png');
    await chooseFile(page, add, { name: '备注.txt', mimeType: 'text/plain', buffer: Buffer.from('备注') });
    await toast(page, '仅支持jpg、png、gif、pdf、xlsx、xls格式的文件');
    await expect(files.getByTestId('attachment-table').locator('tbody tr')).toHaveCount(1);
    await files.getByRole('button', { name: '关闭' }).click();

    await toolbar(page, '提交');
    await toast(page, '提交成功');
    await expect(state(page)).toHaveText('待审核');

    const dialog = await audit(page, '审核驳回');
    await expect(dialog.getByText('请输入审核意见！').first()).toBeVisible();
    await expect(state(page)).toHaveText('待审核');
    await dialog.getByLabel('审核意见').fill('到货数量与单据不符');
    await dialog.getByRole('button', { name: '确定' }).click();
    await toast(page, '审核成功');
    await expect(state(page)).toHaveText('已驳回');
    expect(await approvalSteps(page)).toEqual([
      ['提交', '-'],
      ['审核驳回', '到货数量与单据不符'],
    ]);

    // the attachment stays with the rejected document, read-only
    await toolbar(page, '附件');
    await expect(files.getByTestId('attachment-table')).toContainText('收货照片.png');
    await expect(files.getByRole('button', { name: '上传' })).toHaveCount(0);
    expect(no).toMatch(/^SH/);
  });

  test('stock adjustment: import a good file and one with row errors (error file from the import log), send back, resubmit, approve', async ({ page }) => {
    test.setTimeout(180_000);
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/stock-adjustment/new');
    await pickFirst(page, '门店', '选择门店');
    await view(page).getByRole('textbox', { name: '调整原因' }).click();
    await page.getByRole('option').first().click();
    await view(page).getByRole('textbox', { name: '调整时间' }).fill(TODAY);
    const [sku] = await addGoods(page, 1, '选择商品');
    await view(page).getByLabel('调整数量 1').fill('1');
    await view(page).getByLabel('成本价 1').fill('2');
    const no = await saveNew(page, 'stock-adjustment');

    // a good file: both rows added by the background job
    let dialog = await importFile(page, '调整明细.xlsx', await sheet([['商品编码', '批次号', '调整数量', '成本价'], [sku, '', 2, 1.5], [sku, '', 3, 2]]));
    const hint = page.getByRole('dialog', { name: '导入提示' });
    await expect(hint).toContainText('日志管理 > 系统导入日志');
    await hint.getByRole('button', { name: '知道了' }).click();
    await expect(dialog).toBeHidden();
    await expect(async () => {
      await page.reload();
      await expect(lineRows(page)).toHaveCount(3, { timeout: 5000 });
    }).toPass({ timeout: 60_000 });

    // an xls file is refused at once with its own message
    dialog = await importFile(page, '调整明细.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]), 'application/vnd.ms-excel');
    await toast(page, '暂不支持读取xls格式的文件，请在Excel中另存为xlsx后再导入');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();

    // a file with bad rows 3 and 4: nothing added, the log names the problem and offers the error file
    await importFile(page, '有错误.xlsx', await sheet([['商品编码', '调整数量', '成本价'], [sku, 1, 1], ['NOPE', 1, 1], [sku, 0, 1], [sku, 1, 1]]));
    await page.getByRole('dialog', { name: '导入提示' }).getByRole('link', { name: '日志管理 > 系统导入日志' }).click();
    await expect(page).toHaveURL(/\/j-system-leadingin/);
    const jobs = view(page).getByTestId('jobs-table');
    const title = `库存调整单${no}明细导入`;
    const [badJob, goodJob] = [jobs.locator('tbody tr').filter({ hasText: title }).nth(0), jobs.locator('tbody tr').filter({ hasText: title }).nth(1)];
    await expect(async () => {
      await page.reload();
      await expect(badJob.getByTestId('job-note')).toHaveText('共2行有错误，未导入任何数据，请下载错误文件查看', { timeout: 5000 });
    }).toPass({ timeout: 60_000 });
    await expect(goodJob.getByRole('button', { name: '下载' })).toBeDisabled();
    const download = page.waitForEvent('download');
    await badJob.getByRole('button', { name: '下载' }).click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map(String)));
    expect(rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['行号', '错误信息'],
      ['3', "第3行：商品编码'NOPE'不存在"],
      ['4', '第4行：调整数量必须大于0'],
    ]);

    await page.goto(`/documents/stock-adjustment/${no}`);
    await expect(lineRows(page)).toHaveCount(3);
    await toolbar(page, '提交');
    await expect(state(page)).toHaveText('待审核');
    await audit(page, '退回');
    await toast(page, '审核成功');
    await expect(state(page)).toHaveText('已退回');
    await toolbar(page, '提交');
    await expect(state(page)).toHaveText('待审核');
    await audit(page, '审核通过', '复核无误');
    await expect(state(page)).toHaveText('已审核');
    // submits are steps of the record too: who sent it for approval, each time
    expect(await approvalSteps(page)).toEqual([
      ['提交', '-'],
      ['退回', '-'],
      ['提交', '-'],
      ['审核通过', '复核无误'],
    ]);
  });

  test('store outbound: the store allocates lots (a refused quantity, lot type 13 checked at submit), head office approves', async ({ page, request }) => {
    test.setTimeout(120_000);
    const store = await apiLogin(request, 'store01', 'HMD');
    const drafts = await apiGet<DocumentListPage>(request, store, '/api/documents/store-outbound?page_size=10&status=0');
    const seeded = await apiGet<DocumentDetail>(request, store, `/api/documents/store-outbound/${drafts.list.at(-1)!.issue_no}`);
    const skus = seeded.lines.map((l) => String(l.sku_no));
    expect(skus.length).toBeGreaterThanOrEqual(2);

    await loginAs(page, { username: 'store01', client: '门店端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/store-outbound/new');
    await view(page).getByRole('textbox', { name: '出库原因' }).fill('门店领用');
    await view(page).getByRole('textbox', { name: '出库时间' }).fill(TODAY);
    await addGoods(page, skus.slice(0, 2));
    for (const i of [1, 2]) {
      await view(page).getByLabel(`出库数量 ${i}`).fill('1');
      await view(page).getByLabel(`成本价 ${i}`).fill('1');
    }
    const no = await saveNew(page, 'store-outbound');

    // line 1: a lot from 选择批次库存, refused while empty and while not the issued quantity, then saved
    await lineRows(page).nth(0).getByRole('button', { name: '分配批次' }).click();
    const lots = page.getByRole('dialog', { name: '按商品分配批次库存' });
    await lots.getByRole('button', { name: '选择批次' }).click();
    const picker = page.getByRole('dialog', { name: '选择批次库存' });
    await picker.getByTestId('lot-picker-table').locator('tbody tr').first().getByRole('checkbox').check();
    await picker.getByRole('button', { name: '确定' }).click();
    await expect(picker).toBeHidden();
    const qty = lots.getByRole('textbox', { name: /^分配数量 \S+/ }).first();
    await lots.getByRole('button', { name: '确定' }).click();
    await toast(page, '分配数量不能为空！');
    await qty.fill('0.5');
    await lots.getByRole('button', { name: '确定' }).click();
    await toast(page, '分配数量不等于实际领用数量');
    await qty.fill('1');
    await lots.getByRole('button', { name: '确定' }).click();
    await toast(page, '保存成功');
    await expect(lots).toBeHidden();

    // submit with line 2 unallocated: the server refuses (lot type 13) and the draft stays
    await toolbar(page, '提交');
    const name = (await lineRows(page).nth(1).locator('td').first().textContent())!.split(' - ')[1];
    await toast(page, `商品'${name}'分配数量不等于实际领用数量`);
    await expect(state(page)).toHaveText('草稿');

    await lineRows(page).nth(1).getByRole('button', { name: '分配批次' }).click();
    await lots.getByRole('button', { name: '选择批次' }).click();
    await picker.getByTestId('lot-picker-table').locator('tbody tr').first().getByRole('checkbox').check();
    await picker.getByRole('button', { name: '确定' }).click();
    await lots.getByRole('textbox', { name: /^分配数量 \S+/ }).first().fill('1');
    await lots.getByRole('button', { name: '确定' }).click();
    await expect(lots).toBeHidden();
    await toolbar(page, '提交');
    await toast(page, '提交成功');
    await expect(state(page)).toHaveText('待审核');
    // the store may not audit
    await expect(view(page).getByRole('button', { name: '审核', exact: true }).first()).toBeDisabled();

    await signOutAndIn(page, 'admin', '总部端');
    await page.goto(`/documents/store-outbound/${no}`);
    await expect(state(page)).toHaveText('待审核');
    await lineRows(page).nth(0).getByRole('button', { name: '分配记录' }).click();
    const record = page.getByRole('dialog', { name: '商品分配记录' });
    await expect(record.getByTestId('lot-total')).toHaveText('1');
    await record.getByRole('button', { name: '关闭' }).click();
    await audit(page, '审核通过');
    await toast(page, '审核成功');
    await expect(state(page)).toHaveText('已审核');
    expect(await approvalSteps(page)).toEqual([
      ['提交', '-'],
      ['审核通过', '-'],
    ]);
  });
});

test.describe('only their own documents', () => {
  for (const who of [
    { username: 'store01', client: '门店端', api: 'HMD', key: 'org_code' },
    { username: 'supplier01', client: '供应商端', api: 'HMS', key: 'supplier_no' },
  ] as const) {
    test(`${who.username} lists only its own receipts; another's number by URL shows 单据不存在`, async ({ page, request }) => {
      const own = await apiLogin(request, who.username, who.api);
      const admin = await apiLogin(request, 'admin', 'HMT');
      const all = await apiGet<DocumentListPage>(request, admin, '/api/documents/purchase-receipt?page_size=100');
      const foreign = all.list.find((r) => r[who.key] !== own.session[who.key]);
      expect(foreign).toBeTruthy();

      await loginAs(page, { username: who.username, client: who.client });
      await expect(page).toHaveURL(/\/dashboard/);
      const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/documents/purchase-receipt' && r.request().method() === 'GET');
      await page.goto('/documents/purchase-receipt');
      const answer = ((await (await listed).json()) as { data: DocumentListPage }).data;
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.list.every((r) => r[who.key] === own.session[who.key])).toBe(true);
      const table = view(page).getByTestId('document-list');
      await expect(table.locator('tbody tr')).toHaveCount(answer.list.length);
      await expect(table.getByRole('link', { name: String(foreign!.receive_no) })).toHaveCount(0);

      await page.goto(`/documents/purchase-receipt/${foreign!.receive_no}`);
      await expect(view(page).getByText('单据不存在')).toBeVisible();
      await expect(state(page)).toHaveCount(0);
    });
  }
});
