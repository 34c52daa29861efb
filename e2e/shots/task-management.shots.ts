import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../auth-helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the task list, the form and a
// seeded task's progress at 1440, 768, 480 and 390 px, in en and vi.
test('Task Management screenshots', async ({ browser }) => {
  test.setTimeout(180_000);
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
      await page.goto('/taskmanagment');
      await expect(page.getByRole('table')).toBeVisible();
      const name = `${width}-${language}`;
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`list ${name} overflow ${await overflow()}`);
      await page.screenshot({ path: `test-results/task-shots/list-${name}.png`, fullPage: true });
      await page
        .locator('.dtable-toolbar button.button--primary, button.button--primary')
        .filter({ hasText: /New task|Công việc mới/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `test-results/task-shots/form-${name}.png` });
      await page.keyboard.press('Escape');
      await page
        .locator('.link-button')
        .filter({ hasText: /Cooler display check/ })
        .first()
        .click();
      await expect(page.locator('.task-bar')).toBeVisible();
      console.log(`progress ${name} overflow ${await overflow()}`);
      await page.screenshot({ path: `test-results/task-shots/progress-${name}.png`, fullPage: true });
      await context.close();
    }
  }
});
