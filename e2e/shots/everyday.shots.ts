import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/everyday.shots.ts): the
// everyday screens (landing, UCube's views, the reports, salesman tracking) at 1440, 768, 480 and 390 px in
// en and vi, as a team lead and as a Super User, into test-results/everyday-shots, each checked for
// sideways scroll.
const DIR = 'test-results/everyday-shots';

const SCREENS = [
  ['landing', '/landingscreen', 'tl.vn@demo.test'],
  ['ucube-home', '/homepage', 'tl.vn@demo.test'],
  ['team-view', '/teamlevels', 'super@demo.test'],
  ['dt-view', '/distributorteamlevels', 'super@demo.test'],
  ['kpi-view', '/disciplinaryteamlevels', 'super@demo.test'],
  ['reports-landing', '/operationalreportslandingpage', 'admin.vn@demo.test'],
  [
    'order-loss',
    '/reportpage?report=order-loss&reportName=Order+Loss+Report&reportCategory=transactionalreports',
    'admin.vn@demo.test',
  ],
  [
    'outlet-master',
    '/reportpage?report=outlet-master&reportName=Outlet+Master&reportCategory=masterreports',
    'admin.vn@demo.test',
  ],
  ['tracking', '/reportpage?report=salesman-tracking', 'admin.vn@demo.test'],
] as const;

for (const [key, url, email] of SCREENS) {
  test(`${key}`, async ({ browser }) => {
    test.setTimeout(300_000);
    await eachViewport(browser, { email }, async ({ page, name, overflow }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // Charts animate in; let them settle.
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${DIR}/${key}-${name}.png` });
      await page.screenshot({ path: `${DIR}/${key}-${name}-full.png`, fullPage: true });
      expect.soft(await overflow(), `${key} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
    });
  });
}
