/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_TABLE } from '../apps/web/src/app/routes';
import { ROUTES } from '../apps/web/src/lib/routes';
import { signIn } from './auth-helpers';

// Issue 10: no screen is wider than a phone. Every route of the spec's route table (spec section 2) is
// opened as the demo roles that reach it, plus the report screens, in English and Vietnamese, at
// 480, 390 and 360 px; a page whose document is wider than the viewport fails with the elements
// that stick out.
//
// Each screen is loaded once (per user and language) at the widest width and then narrowed to the
// others in the same page, instead of being loaded afresh in a new page at each width: a third of the
// page loads and sign-ins (this file took 6.9 of the browser stage's ~17 minutes). Narrowing is the
// harder case: a part sized at load and never again stays too wide and fails here.

/** Widest first: each screen is loaded at the first and narrowed to the others. */
const WIDTHS = [480, 390, 360] as const;
const HEIGHT = 800;
const LANGUAGES = ['en', 'vi'] as const;
const SIGNED_OUT = [ROUTES.login, ROUTES.signup, ROUTES.forgotPassword] as const;
const SIGNED_IN = ROUTE_TABLE.filter((route) => route.header !== 'none');

/** The roles and the routes each opens: the admin reaches every route; the others see other data. */
const ROLES: readonly { email: string; routes: readonly string[]; reports?: boolean }[] = [
  { email: 'admin.vn@demo.test', routes: SIGNED_IN.map((r) => r.path), reports: true },
  {
    email: 'super@demo.test',
    routes: SIGNED_IN.filter((r) => r.access !== 'adminAccess').map((r) => r.path),
  },
  { email: 'sm.vn@demo.test', routes: SIGNED_IN.filter((r) => r.header === 'ucube').map((r) => r.path) },
  {
    email: 'reports.vn@demo.test',
    routes: [ROUTES.landing, ROUTES.operationalReportsLanding],
    reports: true,
  },
  { email: 'none.vn@demo.test', routes: [ROUTES.landing] },
];

test.use({ viewport: { width: WIDTHS[0], height: HEIGHT } });

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements whose right edge passes the viewport, for the failure message. */
  culprits: string[];
}

async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (scrollWidth > innerWidth) {
      const describe = (el: Element) => {
        const cls =
          typeof el.className === 'string' && el.className
            ? `.${el.className.trim().split(/\s+/).join('.')}`
            : '';
        return `${el.tagName.toLowerCase()}${cls} (right ${Math.round(el.getBoundingClientRect().right)})`;
      };
      // An element inside a scrolling or clipping box that itself fits does not widen the page.
      const clipped = (el: Element) => {
        for (
          let parent = el.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        ) {
          if (
            getComputedStyle(parent).overflowX !== 'visible' &&
            parent.getBoundingClientRect().right <= innerWidth + 0.5
          )
            return true;
        }
        return false;
      };
      const wide = [...document.body.querySelectorAll('*')].filter(
        (el) =>
          el.getBoundingClientRect().right > innerWidth + 0.5 &&
          el.getClientRects().length > 0 &&
          !clipped(el),
      );
      // Only the outermost: a child of a listed element adds nothing.
      for (const el of wide) {
        if (!wide.some((other) => other !== el && other.contains(el))) culprits.push(describe(el));
        if (culprits.length >= 5) break;
      }
    }
    return { scrollWidth, innerWidth, culprits };
  });
}

/** Sets the viewport's width and lets the page follow (resize listeners, observers, layout). */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The overflow once the page has settled: a part that follows a resize late gets up to 2 s. */
async function settledOverflow(page: Page): Promise<Overflow> {
  let result = await overflowOf(page);
  for (const end = Date.now() + 2_000; result.scrollWidth > result.innerWidth && Date.now() < end;) {
    await page.waitForTimeout(100);
    result = await overflowOf(page);
  }
  return result;
}

/**
 * Opens `path` at the widest width, waits for the screen and its data, then at each width records it
 * when it is wider than the viewport.
 */
async function check(page: Page, path: string, label: string, found: string[]): Promise<void> {
  await resizeTo(page, WIDTHS[0]);
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) await resizeTo(page, width);
    const result = await settledOverflow(page);
    if (result.scrollWidth > result.innerWidth) {
      found.push(
        `${width} px ${label} ${path} -> ${new URL(page.url()).pathname}: ${result.scrollWidth} > ${result.innerWidth}; ${result.culprits.join(', ')}`,
      );
    }
  }
}

async function setLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('language', value), language);
}

/** The report screens the report landing page links to. */
async function reportLinks(page: Page): Promise<string[]> {
  await page.goto(ROUTES.operationalReportsLanding);
  const links = page.locator('main a[href^="/reportpage"]');
  await expect(links.first()).toBeVisible({ timeout: 15_000 });
  return links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
}

test('the sign-in screens fit at every width', async ({ page }) => {
  // The three widths' time (30 s each when every width was a test of its own).
  test.setTimeout(90_000);
  const found: string[] = [];
  await page.goto(ROUTES.login);
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const path of SIGNED_OUT) await check(page, path, language, found);
  }
  expect(found).toEqual([]);
});

test('the reports header title stays clear of the avatar and the menu button at every width', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin.vn@demo.test');
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    await resizeTo(page, WIDTHS[0]);
    await page.goto(ROUTES.operationalReportsLanding);
    const banner = page.getByRole('banner');
    const title = banner.locator('.site-header__area');
    await expect(title).toBeVisible();
    for (const width of WIDTHS) {
      await resizeTo(page, width);
      const at = `${width} px, ${language}`;
      await expect(async () => {
        const box = (await title.boundingBox())!;
        for (const control of [
          banner.locator('button.avatar'),
          banner.locator('.mobile-only button').first(),
        ]) {
          const other = (await control.boundingBox())!;
          // The title ends before the control starts (they sit on one row, title first).
          expect(box.x + box.width, `${at}: title runs under a header control`).toBeLessThanOrEqual(other.x);
        }
        // And shows at least its first word whole (not an ellipsis alone).
        expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), at).toBe(true);
      }).toPass({ timeout: 5_000 });
    }
  }
});

for (const role of ROLES) {
  for (const language of LANGUAGES) {
    test(`${role.email} in ${language}: every screen fits at every width`, async ({ page }) => {
      // Three widths (each had 300 s when it was a test of its own, for both languages).
      test.setTimeout(600_000);
      const found: string[] = [];
      await signIn(page, role.email);
      const reports = role.reports ? await reportLinks(page) : [];
      await setLanguage(page, language);
      for (const path of [...role.routes, ...reports]) await check(page, path, language, found);
      expect(found).toEqual([]);
    });
  }
}
