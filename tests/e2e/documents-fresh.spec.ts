/**
 * The document screens as a store manager and a buyer meet them: lists that ask again on 查询 and after a
 * save, a 新增 tab that becomes the saved document (a second 保存 stores nothing new), labels instead of
 * codes, lines filled from the goods master with the time defaulting to now, and several documents
 * printed together.
 */
import { createHash } from 'node:crypto';
import { test, expect, type Page } from './fixtures/today';
import type { DocumentListPage } from '../../engine/document/wire';
import { clickToolbar, DEMO_PASSWORD, loginAs } from './helpers';

/** The page of the current tab: pages of other tabs stay mounted, hidden. */
const view = (page: Page) => page.locator('[data-view][style*="contents"]');
const tabs = (page: Page) => page.getByTestId('tab-bar').getByRole('tab');
const listRows = (page: Page) => view(page).getByTestId('document-list').locator('tbody tr');

async function apiToken(page: Page): Promise<string> {
  const password = createHash('md5').update(DEMO_PASSWORD).digest('hex');
  const res = await page.request.post('/api/auth/login', { data: { merchant_no: '10139', username: 'admin', password, client: 'HMT' } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const isListRequest = (url: string) => /\/api\/documents\/purchase-receipt\?/.test(url);

/**
 * A receipt time one second after the newest one listed: the list is newest first, and the seeded
 * documents of today may lie later in the day than now, so a document saved "now" could fall off page 1.
 */
function justAfter(time: string): string {
  const t = new Date(`${time.replace(' ', 'T')}Z`);
  t.setUTCSeconds(t.getUTCSeconds() + 1);
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

async function newestListed(page: Page): Promise<string> {
  return (await listRows(page).first().innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)![0];
}

test.describe('documents as people use them', () => {
  test('查询 and 重置 ask the server again: a document saved elsewhere appears without F5', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/purchase-receipt');
    await expect(listRows(page).first().getByRole('link')).toBeVisible({ timeout: 30_000 });

    // a document created by someone else (another window, another person)
    const token = await apiToken(page);
    const auth = { authorization: `Bearer ${token}` };
    const page1 = (await (await page.request.get('/api/documents/purchase-receipt?page_size=20', { headers: auth })).json()).data as DocumentListPage;
    const template = (await (await page.request.get(`/api/documents/purchase-receipt/${page1.list[0].receive_no}`, { headers: auth })).json()).data;
    const created = await page.request.post('/api/documents/purchase-receipt', {
      headers: auth,
      data: {
        header: { receive_type: '26', supplier_no: template.header.supplier_no, org_code: template.header.org_code, receive_time: justAfter(page1.list[0].receive_time as string) },
        lines: [{ sku_no: template.lines[0].sku_no, qty: 1, price: 1 }],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const no = (await created.json()).data.no as string;

    const asked = page.waitForRequest((r) => isListRequest(r.url()));
    await view(page).getByRole('button', { name: '查询' }).click();
    await asked;
    const row = listRows(page).filter({ hasText: no });
    await expect(row).toHaveCount(1);
    // the receipt type shows its label, not its code
    await expect(row.locator('td').nth(2)).toHaveText('直送');

    const askedAgain = page.waitForRequest((r) => isListRequest(r.url()));
    await view(page).getByRole('button', { name: '重置' }).click();
    await askedAgain;
  });

  test('新增: time defaults to now, prices and tax rate come from the goods master, a new line shows its goods and amount, the tab becomes the saved document and a second 保存 stores nothing new', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/purchase-receipt');
    await expect(listRows(page).first().getByRole('link')).toBeVisible({ timeout: 30_000 });
    const newest = await newestListed(page);
    await view(page).getByRole('button', { name: '新增', exact: true }).click();
    await expect(page).toHaveURL(/\/documents\/purchase-receipt\/new$/);
    await expect(view(page).getByTestId('document-lines')).toBeVisible();

    // the required time starts at now, in the server's format
    await expect(view(page).getByRole('textbox', { name: '收货时间' })).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await view(page).getByRole('textbox', { name: '收货时间' }).fill(justAfter(newest));

    for (const [field, title] of [
      ['供应商', '选择供应商'],
      ['收货门店', '选择门店'],
    ]) {
      await view(page).getByRole('button', { name: field, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      const row = dialog.locator('tbody tr[data-testid^="row-"]').first();
      await expect(row).toBeVisible({ timeout: 15_000 });
      await row.click();
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(dialog).toBeHidden();
    }

    // the goods picker asks for the chosen supplier's goods only, and the price is filled from the master
    const goodsAsked = page.waitForRequest((r) => r.url().includes('/api/pickers/commodities'));
    await view(page).getByRole('button', { name: '添加商品', exact: true }).click();
    expect((await goodsAsked).url()).toContain('supplier_no=');
    const goods = page.getByRole('dialog', { name: '选择商品' });
    const first = goods.locator('tbody tr[data-testid^="row-"]').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    await first.getByRole('checkbox').check();
    await goods.getByRole('button', { name: '确定' }).click();
    await expect(goods).toBeHidden();
    await expect(view(page).getByLabel('含税进价 1')).not.toHaveValue('');
    await expect(view(page).getByLabel('进项税率 1')).not.toHaveValue('');
    // before any save the new line names its goods and computes its amount (qty × price)
    const line = view(page).getByTestId('document-lines').locator('tbody tr').first();
    await expect(line.locator('td').first()).toHaveText(/^\S+ - \S/);
    await view(page).getByLabel('收货数量 1').fill('2');
    const price = Number(await view(page).getByLabel('含税进价 1').inputValue());
    const amount = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(2 * price);
    await expect(line.locator('td').nth(3)).toHaveText(amount);

    const created = page.waitForResponse((r) => r.url().endsWith('/api/documents/purchase-receipt') && r.request().method() === 'POST');
    await view(page).getByRole('button', { name: '保存' }).first().click();
    const answer = await created;
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const no = (await answer.json()).data.no as string;
    // the 新增 tab is now the document's, titled with its number; no 新增 tab is left to save again
    await expect(page).toHaveURL(new RegExp(`/documents/purchase-receipt/${no}$`));
    await expect(tabs(page).filter({ hasText: no })).toHaveCount(1);
    await expect(tabs(page).filter({ hasText: '新增' })).toHaveCount(0);
    await expect(view(page).getByTestId('document-state')).toHaveText('草稿');

    const saved = page.waitForResponse((r) => r.url().includes(`/api/documents/purchase-receipt/${no}`) && r.request().method() === 'PUT');
    await clickToolbar(page, view(page).getByRole('button', { name: '保存' }).first(), '保存');
    await saved;

    // the list tab shows the new document without F5
    await tabs(page).filter({ hasText: '采购收货单' }).filter({ hasNotText: no }).first().click();
    await expect(view(page).getByTestId('document-list')).toContainText(no);
  });

  test('打印 prints the ticked documents together in one PDF', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/documents/purchase-receipt');
    await expect(listRows(page).nth(1).getByRole('link')).toBeVisible({ timeout: 30_000 });
    const nos: string[] = [];
    for (const i of [0, 1]) {
      const no = (await listRows(page).nth(i).getByRole('link').textContent())!.trim();
      await view(page).getByRole('checkbox', { name: `勾选 ${no}` }).check();
      nos.push(no);
    }
    await view(page).getByRole('button', { name: '打印', exact: true }).click();
    const dialog = page.getByTestId('print-dialog');
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/print/down_data'));
    await dialog.getByRole('button', { name: '打印', exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON().list).toEqual(nos.map((no) => ({ type: 'purchase-receipt', no })));
  });
});
