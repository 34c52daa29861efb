import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the other admin tools on a phone
// (390 px) in vi and en, into test-results/admin-shots, each checked for sideways scroll.
const TOOLS = [
  ['salesman-device-id', '/salesmandeviceid', 'admin.vn@demo.test'],
  ['device-geo', '/devicegeocompliance', 'admin.vn@demo.test'],
  ['user-access', '/useraccess', 'admin.vn@demo.test'],
  ['admin-config', '/adminconfigurationpage', 'admin.vn@demo.test'],
  ['merchandizing', '/merchandizingSets', 'admin.vn@demo.test'],
  ['task-management', '/taskmanagment', 'admin.vn@demo.test'],
  ['best-price', '/estimatedbestprice', 'admin.vn@demo.test'],
  ['usage', '/adminconfigurationpage?view=usage', 'admin.vn@demo.test'],
] as const;

for (const [key, url, email] of TOOLS) {
  test(`${key} at 390 px`, async ({ browser }) => {
    test.setTimeout(120_000);
    await eachViewport(browser, { viewports: [[390, 844]], email }, async ({ page, name, overflow }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `test-results/admin-shots/${key}-${name}.png`, fullPage: true });
      expect.soft(await overflow(), `${key} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  });
}
