import { expect, test } from '@playwright/test';

// The service worker (issue 13): after one visit the app shell and its assets are cached, so with the
// connection gone the portal still opens and says it is offline instead of showing a browser error.
test('with the connection gone, a repeat visit opens from the cache and says it is offline', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A second load under the worker's control stores the assets it serves.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
});
