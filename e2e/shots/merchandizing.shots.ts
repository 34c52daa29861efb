import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/merchandizing.shots.ts):
// the list of sets and a seeded set's page (planogram, outlets, compliance) at 1440, 768, 480 and 390 px,
// in en and vi; the sideways overflow of each page is printed.
test('Merchandizing Sets screenshots', async ({ browser }) => {
  test.setTimeout(240_000);
  await eachViewport(browser, {}, async ({ page, name, overflow }) => {
    await page.goto('/merchandizingSets');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 });
    console.log(`list ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `test-results/merch-shots/list-${name}.png`, fullPage: true });
    await page.goto('/merchandizingSets?setId=VN-SET-001');
    await expect(page.locator('.planogram').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.merch-cards')).toBeVisible();
    console.log(`set ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `test-results/merch-shots/set-${name}.png`, fullPage: true });
  });
});
