/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Every screen checked by axe-core (WCAG 2.1 A and AA rules and axe's best practices): contrast, names
// that contain the visible label, landmarks, heading order, form labels, ARIA use. A violation of
// impact moderate or worse fails, with the rule and the elements named. English at 1440 px and
// Vietnamese at 390 px (the cards layouts, the mobile header), as the market admin who reaches every
// screen, plus the sign-in screens.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SCREENS = [
  '/landingscreen',
  '/homepage',
  '/teamlevels',
  '/distributorteamlevels',
  '/disciplinaryteamlevels',
  '/operationalreportslandingpage',
  '/reportpage?report=order-loss&reportName=Order+Loss+Report&reportCategory=transactionalreports',
  '/reportpage?report=outlet-master&reportName=Outlet+Master&reportCategory=masterreports',
  '/reportpage?report=salesman-tracking',
  '/outletStatus',
  '/outletGeoCompliance',
  '/salesmandeviceid',
  '/devicegeocompliance',
  '/useraccess',
  '/adminconfigurationpage',
  '/adminconfigurationpage?view=usage',
  '/merchandizingSets',
  '/taskmanagment',
  '/estimatedbestprice',
] as const;

const FAILING = new Set(['moderate', 'serious', 'critical']);

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's violations on the page as it stands, moderate or worse. */
async function violations(page: Page): Promise<Found[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document);
    return (
      result.violations as {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[]
    ).map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact && FAILING.has(v.impact));
}

/** Opens `path` and waits for its heading and its data. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

// axe is injected as a script; the portal's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

test('the sign-in screens pass axe', async ({ page }) => {
  const found: string[] = [];
  for (const path of ['/login', '/forgotpassword']) {
    await open(page, path);
    for (const v of await violations(page))
      found.push(`${path}: ${v.id} (${v.help}) ${v.targets.join(', ')}`);
  }
  expect(found).toEqual([]);
});

for (const [language, width, height] of [
  ['en', 1440, 900],
  ['vi', 390, 844],
] as const) {
  test(`every screen passes axe in ${language} at ${width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    await signIn(page, 'admin.vn@demo.test');
    await page.evaluate((value) => window.localStorage.setItem('language', value), language);
    const found: string[] = [];
    for (const path of SCREENS) {
      await open(page, path);
      for (const v of await violations(page))
        found.push(`${path}: ${v.impact} ${v.id} (${v.help}) ${v.targets.join(', ')}`);
    }
    expect(found).toEqual([]);
  });
}
