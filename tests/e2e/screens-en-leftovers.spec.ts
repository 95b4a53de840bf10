/**
 * The last Chinese and capitals an English page showed (issue 37, item 11): the product's data screen in
 * the header menu, the shipped print styles' description, badges in their own casing; and the print-style
 * page's refused 设为默认 (item 10) disabled with its reason in English.
 */
import { test, expect } from './fixtures/today';
import { loginEnglish } from './helpers';

test.describe('en-US leftovers', () => {
  test("the data-screen menu, the print styles' descriptions and badges read English in normal casing", async ({ page }) => {
    await loginEnglish(page);
    await page.getByTestId('data-screens').click();
    await expect(page.getByRole('menuitem', { name: "Today's live sales" })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/print-styles');
    const table = page.getByTestId('style-table');
    await expect(table.getByText('Built-in style').first()).toBeVisible();
    await expect(table).not.toContainText('内置样式');
    const badge = table.locator('.mantine-Badge-root').first();
    await expect(badge).toHaveText('Default');
    expect(await badge.evaluate((e) => getComputedStyle(e.querySelector('.mantine-Badge-label') ?? e).textTransform)).not.toBe('uppercase');

    // the default is ticked on load: 设为默认 says why it does nothing instead of asking first
    const setDefault = page.getByRole('button', { name: 'Set default' });
    await expect(setDefault).toHaveAttribute('aria-disabled', 'true');
    await setDefault.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await setDefault.hover();
    await expect(page.getByText(/is already the default print style/)).toBeVisible();
  });
});
