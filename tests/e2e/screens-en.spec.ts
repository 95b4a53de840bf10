/**
 * The screens as people use them: English everywhere in en-US (read whole), goods names that lead to the
 * goods page (and its 打印价签) from reports and the dashboard, the message centre, tabs that survive F5,
 * typed dates the picker refuses, password fields of 15 characters. Screenshots of three screens in en-US
 * at 1440×900 go to the folder HM_SHOTS names, when set.
 */
import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from './fixtures/today';
import { loginAs, loginEnglish } from './helpers';

const SHOTS = process.env.HM_SHOTS;
const CJK = /[\u4e00-\u9fa5]/;
const tabs = (page: Page) => page.getByTestId('tab-bar').getByRole('tab');

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.describe('en-US', () => {
  test('report 70: English column headers and filter labels read whole', async ({ page }) => {
    await loginEnglish(page);
    await page.goto('/report/70');
    await expect(page.getByRole('heading', { name: 'Store gross-margin analysis' })).toBeVisible();
    const headers = page.locator('thead th');
    await expect(headers.first()).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const headerTexts = (await headers.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    expect(headerTexts.length).toBeGreaterThan(3);
    for (const text of headerTexts) expect(text).not.toMatch(CJK);
    // every filter label shows its whole text (no ellipsis cut)
    const labels = page.getByTestId('report-filter-box').locator('[data-locale="en-US"]');
    expect(await labels.count()).toBeGreaterThan(0);
    const cut = await labels.evaluateAll((els) => els.filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    await shot(page, 'report-70-en');
  });

  test('the document list and the studio form in English (screenshots)', async ({ page }) => {
    await loginEnglish(page);
    await page.goto('/documents/purchase-receipt');
    const list = page.getByTestId('document-list');
    await expect(list.locator('tbody tr').first()).toBeVisible();
    // states, receipt types and headers in English, each read whole on one line
    const cells = list.locator('tbody tr').first().locator('td');
    const texts = (await cells.allInnerTexts()).map((t) => t.trim());
    expect(texts.join(' ')).not.toMatch(/采购|直送|越库|草稿|待审核|已审核|已退回|已驳回/);
    const badges = list.locator('tbody .mantine-Badge-root');
    expect(await badges.count()).toBeGreaterThan(0);
    const cutBadges = await badges.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textTransform === 'uppercase').map((e) => e.textContent));
    expect(cutBadges).toEqual([]);
    const wrapped = await list.locator('thead th').evaluateAll((els) => els.filter((e) => e.textContent && e.getBoundingClientRect().height > 48).map((e) => e.textContent));
    expect(wrapped).toEqual([]);
    await shot(page, 'documents-en');
    await page.goto('/studio');
    await page.getByText('70 Store gross-margin analysis').click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await shot(page, 'studio-en');
  });
});

test.describe('goods links (rules 24–25)', () => {
  test('a goods name in a report opens the goods page, where 打印价签 is', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/report/121');
    const link = page.getByTestId('goods-link').first();
    await expect(link).toBeVisible({ timeout: 20_000 });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/c-sku-detail\?no=[^&]+&type=detail&ser=1$/);
    await link.click();
    await expect(page).toHaveURL(/\/c-sku-detail\?no=/);
    await expect(page.getByRole('button', { name: '打印价签' })).toBeVisible();
  });

  test('a best seller on the dashboard opens its goods page', async ({ page }) => {
    await loginAs(page, { username: 'store01', client: '门店端' });
    await expect(page).toHaveURL(/\/dashboard/);
    const link = page.getByTestId('dashboard-top-goods').getByTestId('goods-link').first();
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toMatch(/^\/c-headquarters-detail\?sku_no=[^&]+$/);
    await link.click();
    await expect(page).toHaveURL(/\/c-headquarters-detail\?sku_no=/);
  });
});

test.describe('the shell', () => {
  test('clicking a message opens it and marks it read', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    const icon = page.getByTestId('message-icon');
    await expect(icon).not.toHaveAttribute('data-unread', '0');
    const before = Number(await icon.getAttribute('data-unread'));
    await icon.click();
    const unread = page.getByTestId('message-item').and(page.locator('[data-read="0"]')).first();
    const title = (await unread.locator('p').first().innerText()).trim();
    await unread.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(icon).toHaveAttribute('data-unread', String(before - 1));
  });

  test('F5 keeps the open tabs', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/report/70');
    await expect(page.getByTestId('summary-report')).toBeVisible();
    await page.evaluate(() => window.history.pushState(null, '', '/user'));
    await page.goto('/user');
    await expect(tabs(page)).toHaveCount(3);
    const before = await tabs(page).evaluateAll((ts) => ts.map((t) => t.getAttribute('data-tab')));
    await page.reload();
    await expect(tabs(page)).toHaveCount(3);
    expect(await tabs(page).evaluateAll((ts) => ts.map((t) => t.getAttribute('data-tab')))).toEqual(before);
  });

  test('a date typed outside the restriction: 选择日期超出限制, and the range stays', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/report/70');
    await expect(page.getByTestId('summary-report')).toBeVisible();
    const end = page.getByTestId('report-filter-box').getByLabel(/结束日期$/).first();
    const kept = await end.inputValue();
    await end.fill('2999-01-01');
    await end.press('Tab');
    await expect(page.getByText('选择日期超出限制').first()).toBeVisible();
    await expect(end).toHaveValue(kept);
  });

  test('password fields take 15 characters at most', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/user');
    const field = page.getByLabel(/^新密码/);
    await field.pressSequentially('Abcdef@12345678901234');
    await expect(field).toHaveValue('Abcdef@12345678');
  });
});
