import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/admin-tools.shots.ts): every
// admin tool's first screen at 1440, 768, 480 and 390 px (SHOT_SIZES narrows them) in en and vi, as the vn
// market admin, into test-results/admin-shots (the screen as first seen, and the whole page), each checked
// for sideways scroll. Deeper states (upload preview, dialogs, Activity Log) are in the tools' own files.
const DIR = 'test-results/admin-shots';

const TOOLS = [
  ['outlet-status', '/outletStatus', 'admin.id@demo.test'],
  ['outlet-geo', '/outletGeoCompliance', 'admin.vn@demo.test'],
  ['salesman-device-id', '/salesmandeviceid', 'admin.vn@demo.test'],
  ['device-geo', '/devicegeocompliance', 'admin.vn@demo.test'],
  ['user-access', '/useraccess', 'admin.vn@demo.test'],
  ['admin-config', '/adminconfigurationpage', 'admin.vn@demo.test'],
  ['usage', '/adminconfigurationpage?view=usage', 'admin.vn@demo.test'],
  ['merchandizing', '/merchandizingSets', 'admin.vn@demo.test'],
  ['task-management', '/taskmanagment', 'admin.vn@demo.test'],
  ['best-price', '/estimatedbestprice', 'admin.vn@demo.test'],
] as const;

for (const [key, url, email] of TOOLS) {
  test(`${key}`, async ({ browser }) => {
    test.setTimeout(300_000);
    await eachViewport(browser, { email }, async ({ page, name, overflow }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // Charts animate in; let them settle.
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${DIR}/${key}-${name}.png` });
      await page.screenshot({ path: `${DIR}/${key}-${name}-full.png`, fullPage: true });
      expect.soft(await overflow(), `${key} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  });
}
