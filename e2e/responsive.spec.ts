/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

// The sign-in screens signed out; the landing and UCube screens signed in (they need a session).
const SCREENS = [
  ['/login', 'Sign in', false],
  ['/signup', 'Sign up', false],
  ['/forgotpassword', 'Forgot password', false],
  ['/', 'Where would you like to start?', true],
  ['/landingscreen', 'Where would you like to start?', true],
  ['/homepage', 'UCube', true],
] as const;

for (const width of [480, 768]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading, signedIn] of SCREENS) {
      test(`${path} has no horizontal overflow`, async ({ page }) => {
        if (signedIn) await signIn(page, 'admin.vn@demo.test');
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      });
    }

    test('the header collapses into the mobile menu', async ({ page }) => {
      await signIn(page, 'sm.vn@demo.test');
      const banner = page.getByRole('banner');
      const menuButton = banner.getByRole('button', { name: 'Open menu' });
      await expect(menuButton).toBeVisible();
      await expect(banner.getByRole('navigation', { name: 'Menu' })).toBeHidden();

      await menuButton.click();
      const menu = banner.getByRole('navigation', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(menu.getByRole('group', { name: 'Language' })).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(banner.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
}

test('on desktop the header shows its controls without a menu button', async ({ page }) => {
  await signIn(page, 'sm.vn@demo.test');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(banner.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test.describe('on a 1440 px laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an admin's reports header keeps its links on one line in both languages", async ({ page }) => {
    await signIn(page, 'admin.vn@demo.test');
    for (const language of ['en', 'vi']) {
      await page.evaluate((value) => window.localStorage.setItem('language', value), language);
      await page.goto('/operationalreportslandingpage');
      const nav = page.getByRole('banner').locator('.site-header__nav');
      // The two report menus, Admin configuration and Add SalesPerson Info.
      await expect(nav.locator(':scope > *:not(.toast-region)')).toHaveCount(4);
      const tops = await nav
        .locator(':scope > .dropdown, :scope > .nav-link')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${language}: header links on ${new Set(tops).size} lines`).toBe(1);
    }
  });
});
