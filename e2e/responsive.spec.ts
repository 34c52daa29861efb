/// <reference lib="dom" />
import { expect, test } from '@playwright/test';

// The guarded routes redirect a visitor to /login, so the public screens are the ones to measure.
const SCREENS = [
  ['/login', 'Sign in'],
  ['/signup', 'Sign up'],
  ['/forgotpassword', 'Forgot password'],
  ['/', 'Where would you like to start?'],
  ['/landingscreen', 'Where would you like to start?'],
  ['/homepage', 'UCube'],
] as const;

for (const width of [480, 768]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, heading] of SCREENS) {
      test(`${path} has no horizontal overflow`, async ({ page }) => {
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
      await page.goto('/');
      const banner = page.getByRole('banner');
      const menuButton = banner.getByRole('button', { name: 'Open menu' });
      await expect(menuButton).toBeVisible();
      await expect(banner.getByRole('navigation', { name: 'Menu' })).toBeHidden();

      await menuButton.click();
      const menu = banner.getByRole('navigation', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(menu.getByRole('group', { name: 'Language' })).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(banner.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
}

test('on desktop the header shows its controls without a menu button', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(banner.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
