/**
 * A document list at 1280 × 800: rows one line high (a long name cut, whole on hover), eight or more on
 * screen, and one selection (the checkbox column) for every action: 打印 takes the ticked documents,
 * the others exactly one, and a button the selection does not fit says why; a header's words sort.
 * Screenshot at 1280 px to the folder HM_SHOTS names, when set.
 */
import { mkdirSync } from 'node:fs';
import { test, expect, type Locator, type Page } from './fixtures/today';
import { loginAs } from './helpers';

const SHOTS = process.env.HM_SHOTS;

test.use({ viewport: { width: 1280, height: 800 } });

const rows = (list: Locator) => list.locator('tbody tr');
const button = (page: Page, name: string) => page.getByTestId('toolbar').getByRole('button', { name, exact: true });

/** Says why a disabled button cannot be used: the hint shows on hover. */
async function expectHint(page: Page, name: string, hint: string) {
  await expect(button(page, name)).toBeDisabled();
  await button(page, name).hover();
  await expect(page.getByRole('tooltip').filter({ hasText: hint })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test('a receipt list at 1280 × 800: one-line rows, eight or more in sight, one selection for every action', async ({ page }) => {
  await loginAs(page, { username: 'admin', client: '总部端' });
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/documents/purchase-receipt');
  const list = page.getByTestId('document-list');
  await expect(rows(list).nth(9).getByRole('link')).toBeVisible({ timeout: 30_000 });

  // every row one line high, and at least eight of them whole on the first screen
  const boxes = await rows(list).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, height: r.height })));
  for (const box of boxes) expect(box.height).toBeLessThanOrEqual(40);
  expect(boxes.filter((b) => b.top >= 0 && b.bottom <= 800).length).toBeGreaterThanOrEqual(8);

  // a name too long for its cell is cut, its whole text on hover
  const cut = await list.locator('tbody td > *').evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => ({ text: e.textContent, title: e.getAttribute('title') })),
  );
  expect(cut.length).toBeGreaterThan(0);
  for (const c of cut) expect(c.title).toBe(c.text);

  // one selection: a checkbox per row, no second control beside it
  await expect(list.getByRole('radio')).toHaveCount(0);
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(button(page, '新增')).toBeEnabled();
  await expectHint(page, '打印', '请先选择一条单据');
  await expectHint(page, '审批记录', '请先选择一条单据');

  // a click on an approved receipt's row ticks it alone: its approval records open, it cannot be submitted
  const approved = rows(list).filter({ hasText: '已审核' });
  const first = approved.nth(0);
  const firstNo = (await first.getByRole('link').textContent())!.trim();
  await first.locator('td').nth(2).click();
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(list.getByRole('checkbox', { name: `勾选 ${firstNo}` })).toBeChecked();
  await expect(button(page, '审批记录')).toBeEnabled();
  await expect(button(page, '打印')).toBeEnabled();
  await expectHint(page, '提交', '已审核的单据不能提交');

  // a second box ticked: 打印 takes both, the one-document actions say they take one
  const secondNo = (await approved.nth(1).getByRole('link').textContent())!.trim();
  await list.getByRole('checkbox', { name: `勾选 ${secondNo}` }).check();
  await expect(page.getByTestId('list-selection')).toContainText('已勾选 2 张');
  await expect(button(page, '打印')).toBeEnabled();
  await expectHint(page, '审批记录', '审批记录一次只能选择一张单据，已勾选 2 张');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await button(page, '审批记录').hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/documents-1280.png` });
    await page.mouse.move(0, 0);
  }
  await button(page, '打印').click();
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/print/down_data'));
  await dialog.getByRole('button', { name: '打印', exact: true }).click();
  expect((await answered).request().postDataJSON().list).toEqual([firstNo, secondNo].map((no) => ({ type: 'purchase-receipt', no })));
  // printed: the dialog closes and the ticks go
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);

  // a row clicked again ticks that row alone
  await first.locator('td').nth(2).click();
  await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(button(page, '审批记录')).toBeEnabled();

  // a sortable column sorts on a click on its header's words: oldest first, then newest again
  const newest = (await rows(list).first().innerText()).match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)![0];
  const resorted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/documents/purchase-receipt' && new URL(r.url()).searchParams.get('order_by') === 'receive_time asc',
  );
  const timeHeader = list.locator('thead').getByText('收货时间', { exact: true });
  await timeHeader.click();
  const oldest = ((await (await resorted).json()) as { data: { list: { receive_time: string }[] } }).data.list.map((r) => r.receive_time);
  expect(oldest).toEqual([...oldest].sort());
  await expect(rows(list).first()).toContainText(oldest[0]);
  await timeHeader.click();
  await expect(rows(list).first()).toContainText(newest);
});
