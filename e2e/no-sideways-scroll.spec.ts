/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { ROUTE_TABLE } from '../apps/web/src/app/routes';
import { ROUTES } from '../apps/web/src/lib/routes';
import { signIn } from './auth-helpers';

// Issue 10: no screen is wider than a phone. Every route of the spec's route table (spec section 2) is
// opened as the demo roles that reach it, plus the report screens, in English and Vietnamese, at
// 360, 390 and 480 px; a page whose document is wider than the viewport fails with the elements
// that stick out.

const WIDTHS = [360, 390, 480] as const;
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

/** Opens `path`, waits for the screen and its data, and records it when it is wider than the viewport. */
async function check(page: Page, path: string, label: string, found: string[]): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const result = await overflowOf(page);
  if (result.scrollWidth > result.innerWidth) {
    found.push(
      `${label} ${path} -> ${new URL(page.url()).pathname}: ${result.scrollWidth} > ${result.innerWidth}; ${result.culprits.join(', ')}`,
    );
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

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the sign-in screens fit', async ({ page }) => {
      const found: string[] = [];
      await page.goto(ROUTES.login);
      for (const language of LANGUAGES) {
        await setLanguage(page, language);
        for (const path of SIGNED_OUT) await check(page, path, language, found);
      }
      expect(found).toEqual([]);
    });

    test('the reports header title stays clear of the avatar and the menu button', async ({ page }) => {
      await signIn(page, 'admin.vn@demo.test');
      for (const language of LANGUAGES) {
        await setLanguage(page, language);
        await page.goto(ROUTES.operationalReportsLanding);
        const banner = page.getByRole('banner');
        const title = banner.locator('.site-header__area');
        await expect(title).toBeVisible();
        const box = (await title.boundingBox())!;
        for (const control of [
          banner.locator('button.avatar'),
          banner.locator('.mobile-only button').first(),
        ]) {
          const other = (await control.boundingBox())!;
          // The title ends before the control starts (they sit on one row, title first).
          expect(box.x + box.width, `${language}: title runs under a header control`).toBeLessThanOrEqual(
            other.x,
          );
        }
        // And shows at least its first word whole (not an ellipsis alone).
        expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      }
    });

    for (const role of ROLES) {
      test(`${role.email}: every screen fits`, async ({ page }) => {
        test.setTimeout(300_000);
        const found: string[] = [];
        await signIn(page, role.email);
        const reports = role.reports ? await reportLinks(page) : [];
        for (const language of LANGUAGES) {
          await setLanguage(page, language);
          for (const path of [...role.routes, ...reports]) await check(page, path, language, found);
        }
        expect(found).toEqual([]);
      });
    }
  });
}
