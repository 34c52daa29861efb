import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers';

// asm.th is used by no other flow, so its device sessions are this test's own.
const EMAIL = 'asm.th@demo.test';

test('the 11th device sign-in evicts the first, which then sees the max-10-devices message', async ({
  page,
  request,
}) => {
  await signIn(page, EMAIL);
  for (let i = 1; i <= 10; i += 1) {
    const response = await request.post('/api/fb/accounts/login?countryCode=th', {
      data: { email: EMAIL, password: DEMO_PASSWORD, deviceId: `e2e device ${i} ${Date.now()}` },
    });
    expect(response.status()).toBe(200);
  }
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toContainText('You can be signed in on at most 10 devices');

  // Signing in again here ends the earliest of the ten others, and the landing screen says so.
  await signIn(page, EMAIL);
  await expect(page.getByText('a new login logs out the earliest session', { exact: false })).toBeVisible();
});

test('the profile popup lists my devices', async ({ page }) => {
  await signIn(page, 'dt.vn@demo.test');
  await page.getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('group', { name: 'Profile' });
  await expect(profile.getByText('dt.vn@demo.test')).toBeVisible();
  await expect(
    profile.getByRole('list', { name: 'My devices' }).getByText('This device', { exact: true }),
  ).toBeVisible();
});
