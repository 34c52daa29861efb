import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

// An id token lives 15 minutes; the server's INVALID_ID_TOKEN answer is simulated once, and everything
// after it (the refresh with the HttpOnly cookie, registering the new token, the reload) is real.
test('an expired id token is refreshed once, registered, and the page reloads signed in', async ({
  page,
}) => {
  await signIn(page, 'sm.ph@demo.test');
  const oldToken = await page.evaluate(() => localStorage.getItem('idToken'));

  let simulated = false;
  await page.route('**/api/sessions/v1/checkActiveStatus**', async (route) => {
    if (simulated) return route.continue();
    simulated = true;
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 401,
        'response-data': null,
        statusMessage: 'INVALID_ID_TOKEN',
        errors: { code: 'INVALID_ID_TOKEN', shortDescription: 'The id token has expired.' },
      }),
    });
  });
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/fb/accounts/refreshtoken')) refreshes.push(request.method());
  });
  const registered = page.waitForResponse(
    (r) => r.url().includes('/api/sessions/v1/refreshToken') && r.request().method() === 'PUT',
  );

  await page.reload();
  expect((await registered).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible();
  const newToken = await page.evaluate(() => localStorage.getItem('idToken'));
  expect(newToken).toBeTruthy();
  expect(newToken).not.toBe(oldToken);
  expect(refreshes).toEqual(['POST']);
});

test('a refresh that fails sends the user to /login with the generic message', async ({ page }) => {
  await signIn(page, 'sm.pk@demo.test');
  await page.route('**/api/sessions/v1/checkActiveStatus**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 401,
        'response-data': null,
        statusMessage: 'INVALID_ID_TOKEN',
        errors: { code: 'INVALID_ID_TOKEN', shortDescription: 'The id token has expired.' },
      }),
    }),
  );
  await page.route('**/api/fb/accounts/refreshtoken**', (route) => route.abort('connectionreset'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. please login again');
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
});
