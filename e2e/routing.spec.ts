import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

const signInHeading = { level: 1, name: 'Sign in' } as const;

test('an unknown path goes to /login', async ({ page }) => {
  await page.goto('/no-such-screen');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
});

test('routes match exactly: /outletstatus is not /outletStatus', async ({ page }) => {
  await page.goto('/outletstatus');
  await expect(page).toHaveURL(/\/login$/);
});

for (const path of [
  '/useraccess',
  '/outletStatus',
  '/teamlevels',
  '/reportpage',
  '/operationalreportslandingpage',
]) {
  test(`the guarded route ${path} sends a visitor without access to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  });
}

test("a screen shows 'loading...' while its chunk is on the way", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login');
  const placeholder = page.getByRole('status');
  await expect(placeholder).toHaveText('loading...');
  await expect(page.getByRole('heading', signInHeading)).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});

test('public screens render under the production CSP without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // The landing and UCube screens need a session (spec section 4: no id token goes to /login).
  await signIn(page, 'reports.id@demo.test');
  for (const [path, heading] of [
    ['/login', 'Sign in'],
    ['/signup', 'Sign up'],
    ['/forgotpassword', 'Forgot password'],
    ['/', 'Where would you like to start?'],
    ['/landingscreen', 'Where would you like to start?'],
    ['/homepage', 'UCube'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('the header follows the route: none on /login, UCube on /, reports on /landingscreen', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', signInHeading)).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  // reports.vn has operational access limited to two distributors: no Master Reports.
  await signIn(page, 'reports.vn@demo.test');
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Vietnam').filter({ visible: true })).toBeVisible();
  await expect(banner.getByText(/^Hello, /).filter({ visible: true })).toBeVisible();

  await page.goto('/landingscreen');
  await expect(banner.getByRole('button', { name: 'Transactional Reports' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Master Reports' })).toHaveCount(0);
});

test('visiting /homepage records selectedApp ucube', async ({ page }) => {
  await signIn(page, 'sm.vn@demo.test');
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'UCube' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('selectedApp'))).toBe('ucube');
});

test('the skip link moves keyboard users to the main content', async ({ page }) => {
  await signIn(page, 'sm.vn@demo.test');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
