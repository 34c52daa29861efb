import { DEMO_TOTP_SECRET } from '@fieldforce/contracts';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from './auth-helpers';

test('MFA sign-in with a code from the authenticator', async ({ page, request }) => {
  // The demo data enrols mfa.vn in TOTP (seedAuthDemo in apps/server/src/modules/auth/demo.ts).
  const probe = await request.post('/api/fb/accounts/login?countryCode=vn', {
    data: { email: 'mfa.vn@demo.test', password: DEMO_PASSWORD, deviceId: 'e2e mfa probe' },
  });
  const answer = (await probe.json()) as { 'response-data': { mfaRequired?: boolean } | null };
  expect(answer['response-data']?.mfaRequired).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email').fill('mfa.vn@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const codeInput = page.getByLabel('Authentication code');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');

  const totp = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 });
  await codeInput.fill(totp.generate());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isMFALogin'))).toBe('true');
});
