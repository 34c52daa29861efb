import { expect, test } from '@playwright/test';
import { codeFromOutbox, signIn } from './auth-helpers';

// head.ph is used by no other flow: its password changes on every run.
const EMAIL = 'head.ph@demo.test';

test('forgot password: a code through the outbox, a new encrypted password, then sign-in with it', async ({
  page,
  request,
}) => {
  const newPassword = `e2e horse battery ${Date.now()}`;
  const since = new Date(Date.now() - 2_000);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Email me a code' }).click();

  const code = await codeFromOutbox(request, EMAIL, since);
  await page.getByLabel('Code from the email').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await signIn(page, EMAIL, newPassword);
});
