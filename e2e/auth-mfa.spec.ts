import { DEMO_TOTP_SECRET } from '@fieldforce/contracts';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, signIn } from './auth-helpers';

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

test('the profile sets up an authenticator with the password, replaces it only with a current code too, and sign-in then takes the new codes', async ({
  page,
  browser,
  request,
}) => {
  // Two enrolments and three sign-ins: more than the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  // tl.th is used by no other flow: it ends this run with an authenticator.
  const email = 'tl.th@demo.test';
  const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  /** A code of the next 30-second step: each step is accepted once, and the ±1 window takes it now. */
  const nextCode = (secret: string) => totpOf(secret).generate({ timestamp: Date.now() + 30_000 });
  const secretIn = async (dialog: ReturnType<typeof page.getByRole>) => {
    const text = await dialog.getByText(/Cannot scan\? Enter this key instead:/).textContent();
    return /: ([A-Z2-7]+)$/.exec(text ?? '')![1]!;
  };

  await signIn(page, email);
  await page.getByRole('button', { name: 'Open profile' }).click();
  const profile = page.getByRole('group', { name: 'Profile' });
  await expect(profile.getByText('Off: signing in asks for your password only.')).toBeVisible();

  // Set up: the password is the proof while there is no authenticator.
  await profile.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setUp = page.getByRole('dialog', { name: 'Set up authenticator app' });
  await expect(setUp.getByLabel('Code from your current authenticator app')).toHaveCount(0);
  await setUp.getByLabel('Current password').fill(DEMO_PASSWORD);
  await setUp.getByRole('button', { name: 'Continue' }).click();
  const first = await secretIn(setUp);
  await setUp.getByLabel('Code from the new authenticator app').fill(totpOf(first).generate());
  await setUp.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(setUp.getByText(/Your authenticator app is set up/)).toBeVisible();
  await setUp.getByRole('button', { name: 'Close' }).last().click();
  await expect(setUp).toBeHidden();

  // Replace: the password alone is refused; with a current code it goes through. The popup stayed open.
  await expect(profile).toBeVisible();
  await expect(
    profile.getByText('On: signing in asks for a code from your authenticator app.'),
  ).toBeVisible();
  await profile.getByRole('button', { name: 'Replace authenticator app' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace authenticator app' });
  await replace.getByLabel('Current password').fill(DEMO_PASSWORD);
  await replace.getByLabel('Code from your current authenticator app').fill('000000');
  await replace.getByRole('button', { name: 'Continue' }).click();
  await expect(replace.getByRole('alert')).toHaveText('The code is not valid or has expired.');
  await replace.getByLabel('Code from your current authenticator app').fill(nextCode(first));
  await replace.getByRole('button', { name: 'Continue' }).click();
  const second = await secretIn(replace);
  expect(second).not.toBe(first);
  await replace.getByLabel('Code from the new authenticator app').fill(totpOf(second).generate());
  await replace.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(replace.getByText(/Your other devices were signed out/)).toBeVisible();

  // The account is told by email.
  await expect(async () => {
    const response = await request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
    const mails = ((await response.json()) as { 'response-data': { subject: string }[] })['response-data'];
    expect(mails.map((m) => m.subject)).toContain('Your Fieldforce authenticator app was replaced');
  }).toPass({ timeout: 10_000 });

  // A new sign-in takes the new app's codes.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByLabel('Authentication code').fill(nextCode(second));
    await other.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(
      other.getByRole('heading', { level: 1, name: 'Where would you like to start?' }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
