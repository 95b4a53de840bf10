import { chromium } from '@playwright/test';
const [,, who, client, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
const base = 'http://127.0.0.1:8093';
await page.goto(base + '/login');
await page.getByLabel('商户号').fill(process.env.M || '10139');
await page.getByLabel('用户名').fill(who);
await page.getByLabel('密码').fill('Demo@2026');
await page.getByText(client, { exact: true }).click();
await page.getByRole('button', { name: '登录' }).click();
await page.waitForURL(/dashboard/);
let i = 0;
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/pw/shot${i++}.png` });
}
await browser.close();
