import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the table and the panel at 1440, 768, 480 and 390 px, in en and vi.
test('User Access screenshots', async ({ browser }) => {
  test.setTimeout(120_000);
  await eachViewport(browser, {}, async ({ page, width, language, name }) => {
    await page.goto('/useraccess');
    await expect(page.getByRole('table')).toBeVisible();
    await page.screenshot({ path: `test-results/ua-shots/table-${name}.png`, fullPage: width > 400 });
    // Another user (the DT picker and the account actions), then the admin themselves.
    for (const [index, who] of [
      [0, 'other'],
      [2, 'self'],
    ] as const) {
      await page.locator('.ua-link').nth(index).click();
      await expect(page.locator('.ua-form')).toBeVisible();
      await page.screenshot({ path: `test-results/ua-shots/panel-${who}-${name}.png` });
      await page
        .getByRole('dialog')
        .getByRole('button', { name: language === 'en' ? 'Close' : 'Đóng' })
        .click();
    }
  });
});
