/**
 * Printing end to end: print styles with HQ publishing to stores, price labels through the
 * reference label driver on 127.0.0.1:7097, and report 102 printed with every header whole.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures/today';
import { startLabelDriver } from '../../scripts/label-driver';
import { clickToolbar, loginAs } from './helpers';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'hm-e2e-pdf-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('hm.token'));

async function chooseType(page: Page, label: RegExp) {
  await page.getByTestId('source-type').click();
  await page.getByRole('option', { name: label }).click();
}

async function addStyle(page: Page, name: string, file: string, publish?: string) {
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增样式' });
  await dialog.getByLabel('样式名称').fill(name);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  if (publish) await dialog.getByLabel(publish).check();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('新增样式成功！').first()).toBeVisible();
  await expect(page.getByTestId('style-table')).toContainText(name);
}

test.describe('print styles (rules 250–271)', () => {
  test('two styles, one default; HQ publishes to stores; a store user sees it but cannot delete it', async ({ page, browser }) => {
    // two sessions, each loading the app: on a busy machine this outlasts the default minute
    test.slow();
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).not.toHaveURL(/login/);
    await page.goto('/print-styles');
    await chooseType(page, /采购收货单/);
    await addStyle(page, '收货单甲', fixture('style-a.json'));
    await addStyle(page, '收货单乙', fixture('style-a.json'));
    // the shipped default starts ticked (rule 251)
    await expect(page.getByRole('radio', { name: '采购收货单' })).toBeChecked();
    await page.getByRole('radio', { name: '收货单乙' }).check();
    await page.getByRole('button', { name: '设为默认' }).click();
    // a confirmation says 确定, and what was done is said (rules 237, 238)
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('设置默认样式成功！')).toBeVisible();
    await expect(page.getByTestId('style-row').filter({ hasText: '收货单乙' }).locator('.mantine-Badge-root')).toHaveText('默认');
    await expect(page.getByTestId('style-row').first()).toContainText('收货单乙');

    await chooseType(page, /门店出库单/);
    await addStyle(page, '门店出库总部样式', fixture('style-store.json'), '门店端显示');

    const store = await browser.newPage();
    await loginAs(store, { username: 'store01', client: '门店端' });
    await expect(store).not.toHaveURL(/login/);
    await store.goto('/print-styles');
    await chooseType(store, /门店出库单/);
    const row = store.getByTestId('style-row').filter({ hasText: '门店出库总部样式' });
    await expect(row).toBeVisible();
    await row.getByRole('radio').check();
    // refused before asking: 删除 is disabled and says why
    const remove = store.getByRole('button', { name: '删除' });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await remove.hover();
    await expect(store.getByText('总部端创建模板不允许删除!')).toBeVisible();
    await expect(row).toBeVisible();
    await store.close();
  });
});

interface ShippedStyle {
  title: string;
  header: { label: string; field: string }[];
  lines: { label: string; field: string }[];
}

const shippedStyles = (sourceType: number): ShippedStyle[] =>
  [1, 2].map((n) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../report-defs/print-styles/${sourceType}-${n}.json`, import.meta.url)), 'utf8')));

type Row = Record<string, string | number | null>;

test.describe('document print with each shipped style (rules 250–254, 272)', () => {
  for (const [type, sourceType, noKey] of [
    ['store-outbound', 26, 'issue_no'],
    ['purchase-receipt', 102, 'receive_no'],
    ['stock-adjustment', 30, 'adjust_no'],
  ] as const) {
    test(`${type}: 打印 on the document page → the PDF shows the style's header fields and every line`, async ({ page }) => {
      test.slow();
      await loginAs(page, { username: 'admin', client: '总部端' });
      await expect(page).not.toHaveURL(/login/);
      const auth = { authorization: `Bearer ${await token(page)}` };
      const listed = (await (await page.request.get(`/api/documents/${type}?page_num=1&page_size=10`, { headers: auth })).json()).data.list as Row[];
      const no = String(listed[0][noKey]);
      const doc = (await (await page.request.get(`/api/documents/${type}/${encodeURIComponent(no)}`, { headers: auth })).json()).data as { lines: Row[] };
      expect(doc.lines.length).toBeGreaterThan(0);

      await page.goto(`/documents/${type}/${encodeURIComponent(no)}`);
      await expect(page.getByTestId('document-lines')).toBeVisible();
      for (const [n, style] of shippedStyles(sourceType).entries()) {
        await clickToolbar(page, page.getByRole('button', { name: '打印', exact: true }), '打印');
        const dialog = page.getByTestId('print-dialog');
        await expect(dialog.getByRole('heading', { name: '打印' })).toBeVisible();
        // one style starts ticked: the default (rule 251)
        if (n === 0) await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
        await dialog.getByRole('radio', { name: style.title }).check();
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/print/down_data'));
        const tab = page.waitForEvent('popup');
        await dialog.getByRole('button', { name: '打印', exact: true }).click();
        const answer = await answered;
        expect(answer.status()).toBe(200);
        // the browser names the document; the server loads it
        const sent = answer.request().postDataJSON();
        expect(sent.list).toEqual([{ type, no }]);
        await tab;
        await expect(dialog).toBeHidden();

        // the page turned the answer into the new tab's blob: the same request again for the PDF
        const pdf = await page.request.post('/api/print/down_data', { headers: auth, data: sent });
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        const text = pdfText(await pdf.body()).replace(/[ \t]+/g, ' ');
        expect(text).toContain(style.title);
        for (const h of style.header) expect(text, h.label).toContain(`${h.label}：`);
        expect(text).toContain(no);
        for (const c of style.lines) expect(text, c.label).toContain(c.label);
        const shown = style.lines.find((c) => c.field === 'sku_no') ?? style.lines.find((c) => c.field === 'sku_no_name')!;
        for (const line of doc.lines) expect(text, `line ${line[shown.field]}`).toContain(String(line[shown.field]));
      }
    });
  }

  test('the chosen row of the list prints too; a store prints its own outbound documents', async ({ page }) => {
    test.slow();
    await loginAs(page, { username: 'store01', client: '门店端' });
    await expect(page).not.toHaveURL(/login/);
    await page.goto('/documents/store-outbound');
    const first = page.getByTestId('document-list').locator('tbody tr').first();
    await expect(first).toBeVisible();
    await first.locator('td').nth(2).click();
    const no = (await first.getByRole('link').textContent())!.trim();
    await page.getByRole('button', { name: '打印', exact: true }).click();
    const dialog = page.getByTestId('print-dialog');
    // headquarters published the shipped outbound styles to stores
    await expect(dialog.getByRole('radio', { name: '门店出库单' })).toBeChecked();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/print/down_data'));
    await dialog.getByRole('button', { name: '打印', exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const sent = answer.request().postDataJSON();
    expect(sent.list).toEqual([{ type: 'store-outbound', no }]);
    const auth = { authorization: `Bearer ${await token(page)}` };
    const pdf = await page.request.post('/api/print/down_data', { headers: auth, data: sent });
    expect(pdfText(await pdf.body())).toContain(String(no));
  });
});

test.describe('price labels through the reference driver (rules 243–248)', () => {
  test('3 goods × 2 copies → 6 label records with full-width text, rendered; driver stopped → the message; driver for another origin → which one it expected', async ({ page, baseURL }) => {
    const out = mkdtempSync(join(tmpdir(), 'hm-e2e-labels-'));
    // the driver answers the product's own origin only
    const driver = await startLabelDriver({ port: 7097, outDir: out, origins: [baseURL!] });
    try {
      await loginAs(page, { username: 'admin', client: '总部端' });
      await expect(page).not.toHaveURL(/login/);
      const auth = { authorization: `Bearer ${await token(page)}` };
      const goods = (await (await page.request.get('/api/pickers/goods?page_num=1&page_size=3', { headers: auth })).json()).data.list as { sku_no: string }[];
      expect(goods).toHaveLength(3);
      // goods names with the characters the label XML must not carry (rule 245)
      await page.route('**/api/print/label/goods*', async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        body.data.list = body.data.list.map((g: { sku_name: string }) => ({ ...g, sku_name: `${g.sku_name}(促销)<100%>` }));
        await route.fulfill({ response: res, json: body });
      });

      await page.goto(`/c-sku-detail?no=${goods[0].sku_no}&type=detail&ser=1`);
      await page.getByRole('button', { name: '打印价签' }).click();
      const dialog = page.getByTestId('label-dialog');
      for (const g of goods.slice(1)) {
        await dialog.getByRole('textbox').first().fill(g.sku_no);
        await page.getByRole('option').filter({ hasText: g.sku_no }).first().click();
      }
      for (const g of goods) {
        await expect(dialog.getByTestId('label-goods')).toContainText(g.sku_no);
        await dialog.getByLabel(`打印份数 ${g.sku_no}`).fill('2');
      }
      await expect(dialog.getByTestId('label-templates').getByRole('radio').first()).toBeChecked();
      await dialog.getByRole('button', { name: '打印', exact: true }).click();
      await expect(page.getByText('已发送 6 张价签到打印驱动')).toBeVisible({ timeout: 15_000 });

      const job = driver.jobs.at(-1)!;
      expect(job.records).toHaveLength(6);
      expect(job.records.map((r) => r.sku_no).sort()).toEqual(goods.flatMap((g) => [g.sku_no, g.sku_no]).sort());
      for (const r of job.records) {
        expect(r.sku_name).toMatch(/（促销）＜100％＞$/);
        expect(r.sku_name).not.toMatch(/[<>%()]/);
      }
      const pages = pdfText(readFileSync(job.file)).split('\f').filter((p) => p.trim());
      expect(pages).toHaveLength(6);
      expect(pages[0]).toContain('（促销）');

      await new Promise<void>((done) => driver.server.close(() => done()));
      await dialog.getByRole('button', { name: '打印', exact: true }).click();
      const failure = dialog.getByTestId('label-failure');
      await expect(failure).toContainText('未检测到打印驱动，请下载并安装打印驱动后重试', { timeout: 15_000 });
      const link = failure.getByRole('link', { name: '下载打印驱动' });
      await expect(link).toBeVisible();
      // the product's own page explains installing and starting a driver
      await expect(link).toHaveAttribute('href', '/label-driver.html');
      const help = await page.request.get('/label-driver.html');
      expect(help.status()).toBe(200);
      expect(await help.text()).toContain('npm run label-driver');

      // a driver that runs but expects the app elsewhere says which origin it expected; no download is offered
      const elsewhere = await startLabelDriver({ port: 7097, outDir: out, origins: ['http://127.0.0.1:1'] });
      try {
        await dialog.getByRole('button', { name: '打印', exact: true }).click();
        await expect(failure).toContainText(`该页面（${new URL(baseURL!).origin}）无权使用打印驱动：打印驱动只接受 http://127.0.0.1:1`, { timeout: 15_000 });
        await expect(failure.getByRole('link', { name: '下载打印驱动' })).toHaveCount(0);
        expect(elsewhere.jobs).toHaveLength(0);
      } finally {
        elsewhere.server.close();
      }
    } finally {
      driver.server.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});

test.describe('report print', () => {
  test('report 102 printed: every column header appears whole in the PDF text', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).not.toHaveURL(/login/);
    const auth = { authorization: `Bearer ${await token(page)}` };
    // the page's own data request carries the query it prints
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/reports/102/data') && r.request().method() === 'POST');
    await page.goto('/report/102');
    const answer = await answered;
    const query = answer.request().postDataJSON();
    const title = (await answer.json()).data.title as { label: string }[];
    const res = await page.request.post('/api/reports/102/print', {
      headers: auth,
      data: { table_id: 102, is_list: 1, operate_content: { list: [] }, print_json: { query: { ...query, page_size: 20 }, conditions: [] }, export_type: 408, service_type: 'goods' },
    });
    expect(res.status()).toBe(200);
    const text = pdfText(await res.body());
    expect(title.length).toBeGreaterThan(20);
    for (const c of title) expect(text).toContain(c.label);
  });
});
