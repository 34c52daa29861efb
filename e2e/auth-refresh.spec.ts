import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

/** The server's answer to an expired id token (simulated: a token lives 15 minutes). */
const EXPIRED_TOKEN = {
  status: 401,
  contentType: 'application/json',
  body: JSON.stringify({
    statusCode: 401,
    'response-data': null,
    statusMessage: 'INVALID_ID_TOKEN',
    errors: { code: 'INVALID_ID_TOKEN', shortDescription: 'The id token has expired.' },
  }),
};

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
    await route.fulfill(EXPIRED_TOKEN);
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
  await page.route('**/api/sessions/v1/checkActiveStatus**', (route) => route.fulfill(EXPIRED_TOKEN));
  await page.route('**/api/fb/accounts/refreshtoken**', (route) => route.abort('connectionreset'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Something went wrong. please login again');
  expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
});

test('two tabs whose token expired at once refresh once and both stay signed in', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'sm.th@demo.test');
  const second = await context.newPage();
  await second.goto('/');
  await expect(
    second.getByRole('heading', { level: 1, name: 'Where would you like to start?' }),
  ).toBeVisible();

  // Each tab's next session check says the id token expired; the refresh itself is slowed down so the
  // two tabs overlap. Everything else is the real server.
  const expiredOnce = new Set<string>();
  for (const page of [first, second]) {
    await page.route('**/api/sessions/v1/checkActiveStatus**', async (route) => {
      const tab = page === first ? 'first' : 'second';
      if (expiredOnce.has(tab)) return route.continue();
      expiredOnce.add(tab);
      await route.fulfill(EXPIRED_TOKEN);
    });
  }
  const refreshes: string[] = [];
  await context.route('**/api/fb/accounts/refreshtoken**', async (route) => {
    refreshes.push(route.request().method());
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });

  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Where would you like to start?' }),
    ).toBeVisible();
  }
  await expect.poll(() => expiredOnce.size).toBe(2);
  // Both tabs still signed in after another round trip to the server.
  for (const page of [first, second]) {
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Where would you like to start?' }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
  }
  expect(refreshes).toEqual(['POST']);
});
