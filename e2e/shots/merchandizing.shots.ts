import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../auth-helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/merchandizing.shots.ts):
// the list of sets and a seeded set's page (planogram, outlets, compliance) at 1440, 768, 480 and 390 px,
// in en and vi; the sideways overflow of each page is printed.
test('Merchandizing Sets screenshots', async ({ browser }) => {
  test.setTimeout(240_000);
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
      await page.goto('/merchandizingSets');
      await expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 });
      const name = `${width}-${language}`;
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`list ${name} overflow ${await overflow()}`);
      await page.screenshot({ path: `test-results/merch-shots/list-${name}.png`, fullPage: true });
      await page.goto('/merchandizingSets?setId=VN-SET-001');
      await expect(page.locator('.planogram').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.merch-cards')).toBeVisible();
      console.log(`set ${name} overflow ${await overflow()}`);
      await page.screenshot({ path: `test-results/merch-shots/set-${name}.png`, fullPage: true });
      await context.close();
    }
  }
});
