import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../auth-helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the table and the panel at 1440, 768, 480 and 390 px, in en and vi.
test('User Access screenshots', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [width, height] of [
    [1440, 900],
    [768, 1024],
    [480, 900],
    [390, 844],
  ] as const) {
    for (const language of ['en', 'vi'] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
      await page.goto('/login');
      await page.locator('input[type=email]').fill('admin.vn@demo.test');
      await page.locator('input[type=password]').fill(DEMO_PASSWORD);
      await page.locator('form button[type=submit]').click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/useraccess');
      await expect(page.getByRole('table')).toBeVisible();
      await page.screenshot({
        path: `test-results/ua-shots/table-${width}-${language}.png`,
        fullPage: width > 400,
      });
      // Another user (the DT picker and the account actions), then the admin themselves.
      for (const [index, who] of [
        [0, 'other'],
        [2, 'self'],
      ] as const) {
        await page.locator('.ua-link').nth(index).click();
        await expect(page.locator('.ua-form')).toBeVisible();
        await page.screenshot({ path: `test-results/ua-shots/panel-${who}-${width}-${language}.png` });
        await page
          .getByRole('dialog')
          .getByRole('button', { name: language === 'en' ? 'Close' : 'Đóng' })
          .click();
      }
      await page.context().close();
    }
  }
});
