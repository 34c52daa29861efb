import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers';

const landingHeading = { level: 1, name: 'Where would you like to start?' } as const;

test('password sign-in lands on the landing screen with the areas of the user', async ({ page }) => {
  await signIn(page, 'tl.vn@demo.test');
  const areas = page.getByRole('list', { name: 'Areas' });
  await expect(areas.getByRole('link', { name: /UCube/ })).toBeVisible();
  await expect(areas.getByRole('link', { name: /Reports & Analytics/ })).toBeVisible();
  await expect(areas.getByRole('link', { name: /User management/ })).toHaveCount(0);
  await expect(
    page
      .getByRole('banner')
      .getByText(/Hello, /)
      .filter({ visible: true }),
  ).toBeVisible();
  // Spec section 3: the local keys written at sign-in.
  const stored = await page.evaluate(() => ({
    email: localStorage.getItem('email'),
    loginType: localStorage.getItem('loginType'),
    isVietnam: localStorage.getItem('isVietnam'),
    uuid: localStorage.getItem('UUID'),
  }));
  expect(stored).toMatchObject({ email: 'tl.vn@demo.test', loginType: 'NON_SSO', isVietnam: 'true' });
  expect(stored.uuid).toBeTruthy();
});

test('a wrong password is refused with an announced message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('tl.vn@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('without an id token every screen but the sign-in ones goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/forgotpassword');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
});

test('a user without admin access is sent away from /useraccess', async ({ page }) => {
  await signIn(page, 'none.vn@demo.test');
  await expect(page.getByText('Your account has no area assigned yet.', { exact: false })).toBeVisible();
  await page.goto('/useraccess');
  await expect(page.getByRole('heading', landingHeading)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('logout ends the session and returns to /login', async ({ page }) => {
  await signIn(page, 'asm.vn@demo.test');
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => ({
    idToken: localStorage.getItem('idToken'),
    isVietnam: localStorage.getItem('isVietnam'),
  }));
  expect(stored).toEqual({ idToken: null, isVietnam: null });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

/** 'Continue with SSO' from /login through the built-in provider's own page (auth/dev-idp.ts). */
async function ssoSignIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with SSO' }).click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', landingHeading)).toBeVisible();
}

test('Continue with SSO signs in through the development identity provider', async ({ page }) => {
  await ssoSignIn(page, 'admin.vn@demo.test');
  const areas = page.getByRole('list', { name: 'Areas' });
  await expect(areas.getByRole('link', { name: /User management/ })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('loginType'), localStorage.getItem('email')]),
  ).toEqual(['SSO', 'admin.vn@demo.test']);
});

test('SSO for a user of another market continues in their home market', async ({ page }) => {
  // The sign-in page's market is Vietnam (the default); head.th holds Thailand only.
  await ssoSignIn(page, 'head.th@demo.test');
  await expect(
    page
      .getByRole('banner')
      .getByText(/Hello, /)
      .filter({ visible: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('countryCode'))).toBe('th');
  expect(new URL(page.url()).searchParams.get('countryCode')).toBeNull();
});

test('OTP request: a code by email signs in', async ({ page, request }) => {
  const since = new Date(Date.now() - 2_000);
  await page.goto('/login');
  await page.getByRole('button', { name: 'OTP request' }).click();
  await page.getByLabel('Email').fill('reports.vn@demo.test');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a code has been sent' })).toBeVisible();
  const { codeFromOutbox } = await import('./auth-helpers');
  const code = await codeFromOutbox(request, 'reports.vn@demo.test', since);
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page.getByRole('heading', landingHeading)).toBeVisible();
});
