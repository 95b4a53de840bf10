import { test, expect, type Page } from './fixtures/today';
import { loginAs, logout } from './helpers';

const storedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('hm.session') || 'null'));
const tabs = (page: Page) => page.getByTestId('tab-bar').getByRole('tab');
const menu = (page: Page) => page.getByTestId('side-menu');

// a tiny valid PNG (1×1)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('header by client (rules 1–19)', () => {
  test('rules 6, 10–14: headquarters shows every item and merchant number + user name', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page.getByTestId('client-title')).toHaveText('总部端');
    for (const id of ['client-switcher', 'data-screens', 'message-icon', 'beginner-guide', 'remote-assist', 'complaint-button', 'user-menu']) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId('identity-text')).toHaveText('10139 admin');
  });

  test('rules 15, 19: the store client shows its items and the store name cut to 10 characters', async ({ page }) => {
    await loginAs(page, { username: 'store01', client: '门店端' });
    await expect(page.getByTestId('client-title')).toHaveText('门店端');
    const name: string = (await storedSession(page)).store_info.store_name;
    const expected = Array.from(name).length > 10 ? `${Array.from(name).slice(0, 10).join('')}...` : name;
    await expect(page.getByTestId('identity-text')).toHaveText(expected);
    for (const id of ['data-screens', 'remote-assist', 'complaint-button', 'user-menu']) await expect(page.getByTestId(id)).toBeVisible();
    for (const id of ['client-switcher', 'message-icon', 'beginner-guide']) await expect(page.getByTestId(id)).toHaveCount(0);
  });

  test('rules 16, 19: the supplier client shows its supplier number', async ({ page }) => {
    await loginAs(page, { username: 'supplier01', client: '供应商端' });
    await expect(page.getByTestId('client-title')).toHaveText('供应商端');
    await expect(page.getByTestId('identity-text')).toHaveText('V001');
    for (const id of ['client-switcher', 'message-icon', 'beginner-guide']) await expect(page.getByTestId(id)).toHaveCount(0);
  });

  test('rule 11: the beginner guide walks through the shell', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.getByTestId('beginner-guide').click();
    const card = page.getByTestId('guide-card');
    await expect(card).toContainText('功能菜单');
    await card.getByRole('button', { name: '下一步' }).click();
    await expect(card).toContainText('页签栏');
    await card.getByRole('button', { name: '跳过' }).click();
    await expect(card).toHaveCount(0);
  });

  test('rules 79–81: remote assistance without the tool warns after 1 s, with a download link and only cancel', async ({ page }) => {
    // headless Chromium has no handler for the custom scheme and would swallow input behind an invisible
    // prompt: record the link the launcher opens instead of letting the browser try it
    await page.addInitScript(() => {
      const src = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src')!;
      Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
        get() {
          return src.get!.call(this);
        },
        set(value: string) {
          const w = window as unknown as { __protocolLinks?: string[] };
          w.__protocolLinks = [...(w.__protocolLinks ?? []), value];
          if (!String(value).startsWith('hmassist:')) src.set!.call(this, value);
        },
      });
    });
    await loginAs(page, { username: 'store01', client: '门店端' });
    await page.getByTestId('remote-assist').click();
    expect(await page.evaluate(() => (window as unknown as { __protocolLinks?: string[] }).__protocolLinks)).toEqual(['hmassist://connect']);
    const dialog = page.getByRole('dialog', { name: '提示' });
    await expect(dialog).toBeVisible({ timeout: 5000 });
    await expect(dialog.getByRole('link', { name: '下载远程协助工具' })).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['取消']);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('rule 8: a data-screen entry opens the real data screen', async ({ page, context }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await page.getByTestId('data-screens').click();
    const popup = context.waitForEvent('page');
    await page.getByRole('menuitem', { name: '今日销售实时大屏' }).click();
    const screen = await popup;
    await expect(screen).toHaveURL(/\/data-screen$/);
    await expect(screen.getByTestId('data-screen')).toContainText('今日销售实时大屏');
    await expect(screen.getByTestId('screen-sales')).toBeVisible();
  });

  test('rules 9, 27: the rotating entry and the data-swiper route are the special tenant’s only', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await page.getByTestId('data-screens').click();
    await expect(page.getByRole('menuitem', { name: '今日销售实时大屏' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /轮播/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/data-swiper');
    await expect(page).toHaveURL(/\/dashboard/);
    await logout(page);

    await loginAs(page, { merchant: '30001', username: 'admin', client: '总部端' });
    await page.getByTestId('data-screens').click();
    await expect(page.getByRole('menuitem', { name: /轮播/ })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.goto('/data-swiper');
    await expect(page.getByTestId('swiper-slide')).toBeVisible();
  });
});

test.describe('menu and tabs (rules 22–23, 32–33, 36–42)', () => {
  test('rules 32–33: analyst sees only the groups it holds a page of', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(menu(page).getByText('日志管理')).toBeVisible();
    await logout(page);

    await loginAs(page, { username: 'analyst', client: '总部端' });
    await expect(menu(page).getByText('销售报表')).toBeVisible();
    await expect(menu(page).getByText('日志管理')).toHaveCount(0);
    await expect(menu(page).getByText('财务报表')).toHaveCount(0);
  });

  test('rule 23: a first-level group opens /menu-nav with its pages', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await menu(page).getByText('账号设置').click();
    await expect(page).toHaveURL(/\/menu-nav\?group=group%3Aaccount/);
    await page.getByTestId('menu-nav-list').getByText('修改密码').click();
    await expect(page).toHaveURL(/\/user$/);
  });

  test('rules 22, 36–42: close by X and middle-click, context menu, refresh with a timestamp, home icon', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/user');
    await expect(page.getByText('账号信息')).toBeVisible();
    await menu(page).getByText('日志管理').click();
    await menu(page).getByText('系统导入日志').click();
    await expect(page).toHaveURL(/\/j-system-leadingin$/);
    await expect(tabs(page)).toHaveCount(4);

    // rule 22: no X on the dashboard
    await expect(tabs(page).first().getByTestId('tab-close')).toHaveCount(0);
    // rule 39: closing the active tab goes to the last remaining one
    await tabs(page).last().getByTestId('tab-close').click();
    await expect(page).toHaveURL(/\/menu-nav/);
    // rule 36: middle-click closes
    await tabs(page).last().click({ button: 'middle' });
    await expect(tabs(page)).toHaveCount(2);
    await expect(page).toHaveURL(/\/user$/);

    // rules 37, 38: context menus
    await tabs(page).first().click({ button: 'right' });
    await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText(['刷新', '关闭其他', '关闭所有']);
    await page.keyboard.press('Escape');
    await tabs(page).last().click({ button: 'right' });
    await expect(page.getByTestId('tab-context-menu').getByRole('menuitem')).toHaveText(['刷新', '关闭', '关闭其他', '关闭所有']);
    // rule 41: refresh re-navigates with a timestamp query
    await page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '刷新' }).click();
    await expect(page).toHaveURL(/\/user\?_t=\d+$/);
    await tabs(page).last().click({ button: 'right' });
    await page.getByTestId('tab-context-menu').getByRole('menuitem', { name: '关闭所有' }).click();
    await expect(tabs(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/dashboard$/);

    // rule 42: the home icon goes to /dashboard
    await page.goto('/j-system-leadingin');
    await expect(page.getByTestId('jobs-table')).toBeVisible();
    await page.getByTestId('tabs-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('日结记录: head office finds the daily close under 日志管理, closed through yesterday and up to date', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await menu(page).getByText('日志管理').click();
    await menu(page).getByText('日结记录').click();
    await expect(page).toHaveURL(/\/j-system-dayclose$/);
    await expect(page.getByTestId('day-close-summary')).toContainText('已日结至');
    await expect(page.getByTestId('day-close-summary')).toContainText('已是最新');
    await expect(tabs(page).filter({ hasText: '日结记录' })).toHaveCount(1);
  });

  test('the dashboard shows yesterday’s figures and trends', async ({ page }) => {
    await loginAs(page, { username: 'admin', client: '总部端' });
    await expect(page.getByTestId('metric-sales')).toBeVisible();
    await expect(page.getByTestId('sparkline')).toHaveCount(5);
  });
});

test.describe('password (rules 44–58)', () => {
  test('forced change: newhire sees the heading, the checks, then changes the password and signs in with it', async ({ page }) => {
    await loginAs(page, { username: 'newhire', client: '总部端', password: 'Hm@123456' });
    await expect(page).toHaveURL(/\/force-password$/);
    await expect(page.getByTestId('force-heading')).toHaveText('为了您的账号安全，首次登录后请修改初始密码');
    const original = page.getByLabel('原密码');
    const next = page.getByLabel(/^新密码/);
    const again = page.getByLabel('确认新密码');
    await expect(original).toHaveValue('Hm@123456');

    const submit = page.getByRole('button', { name: '确认修改' });
    await submit.click();
    await expect(page.getByText('请输入新密码')).toBeVisible();
    await expect(page.getByText('请再次输入新密码')).toBeVisible();
    await next.fill('Ab@1');
    await submit.click();
    await expect(page.getByText('请输入6-15位密码').first()).toBeVisible();
    // rule 52: the field takes 15 characters at most
    await next.fill('');
    await next.pressSequentially('Abcdef@123456789');
    await expect(next).toHaveValue('Abcdef@12345678');
    await next.fill('Hm@123456');
    await submit.click();
    await expect(page.getByText('新密码不能与原密码相同!')).toBeVisible();
    await next.fill('abcdefgh');
    await submit.click();
    await expect(page.getByText('请输入6位密码,需包含大小写字母、数字、特殊字符').first()).toBeVisible();
    await next.fill('Fresh#2026');
    await again.fill('Fresh#2027');
    await submit.click();
    await expect(page.getByText('两次输入密码不一致!')).toBeVisible();
    await again.fill('Fresh#2026');
    await submit.click();
    await expect(page.getByText('密码修改成功！')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);

    // rule 56: with the flags cleared the forced page sends the user to /user
    await page.goto('/force-password');
    await expect(page).toHaveURL(/\/user$/);

    await logout(page);
    await loginAs(page, { username: 'newhire', client: '总部端', password: 'Fresh#2026' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('complaint (rules 59–69)', () => {
  test('required messages, a screenshot, then 提交成功', async ({ page }) => {
    await loginAs(page, { username: 'store01', client: '门店端' });
    await page.getByTestId('complaint-button').click();
    const dialog = page.getByRole('dialog', { name: '投诉举报反馈' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('2-5个工作日');
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(dialog.getByText('请输入你的姓名').last()).toBeVisible();
    await expect(dialog.getByText('请输入联系电话').last()).toBeVisible();
    await expect(dialog.getByText('请描述您遇到的问题或需求').last()).toBeVisible();
    await expect(dialog.getByText('请上传问题截图')).toBeVisible();

    // rule 69: a click outside does not close it
    await page.mouse.click(5, 400);
    await expect(dialog).toBeVisible();

    await dialog.getByPlaceholder('请输入你的姓名').fill('张三');
    await dialog.getByPlaceholder('请输入联系电话').fill('13800000000');
    await dialog.getByPlaceholder('请描述您遇到的问题或需求').fill('报表导出后打不开');
    await dialog.locator('input[type="file"]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('[data-testid="upload-item"][data-status="1"]')).toHaveCount(1);
    await dialog.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // rule 61: it opens cleared
    await page.getByTestId('complaint-button').click();
    await expect(page.getByRole('dialog', { name: '投诉举报反馈' }).getByPlaceholder('请输入你的姓名')).toHaveValue('');
  });
});

test.describe('logout (rules 74–78)', () => {
  test('back to Login, local state cleared, and the old token is refused', async ({ page }) => {
    await loginAs(page, { username: 'supplier01', client: '供应商端' });
    await expect(page.getByTestId('client-title')).toHaveText('供应商端');
    const token = await page.evaluate(() => localStorage.getItem('hm.token'));
    expect(token).toBeTruthy();
    await logout(page);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('hm.token'), menu: localStorage.getItem('hm.menu'), ab: localStorage.getItem('hm.ab') }));
    expect(stored).toEqual({ token: null, menu: null, ab: '0' });
    const res = await page.request.get('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
  });
});
