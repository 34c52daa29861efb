import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

interface SentBatch {
  countryCode: string;
  events: { event: string; screen: string; deviceType: string; properties: Record<string, unknown> }[];
}

/**
 * Every usage batch the page sends, with the server's status. Read from the response event: the
 * batches go with `keepalive`, whose requests Playwright does not report as finished.
 */
function collect(page: Page) {
  const batches: { path: string; body: SentBatch; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/events')) return;
    batches.push({
      path: url.pathname,
      body: response.request().postDataJSON() as SentBatch,
      status: response.status(),
    });
  });
  return batches;
}

const names = (batches: { body: SentBatch }[]) => batches.flatMap((b) => b.body.events.map((e) => e.event));

// Usage events (issue 13): what a person opens reaches POST /api/events in batches the server stores.
test('a signed-in manager’s screens, as usage events the server accepts', async ({ page }) => {
  test.setTimeout(60_000);
  const batches = collect(page);
  await signIn(page, 'admin.vn@demo.test');
  // Leaving the page (hidden) sends what is queued at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect
    .poll(() => names(batches), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['login', 'homepage']));
  expect(batches.every((b) => b.path === '/api/events' && b.status === 200)).toBe(true);
  const homepage = batches.flatMap((b) => b.body.events).find((e) => e.event === 'homepage');
  expect(homepage).toMatchObject({ screen: '/', deviceType: 'Desktop' });
});

test('back to sign-in from the forgot-password screen goes out before anyone signs in', async ({ page }) => {
  const batches = collect(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/forgotpassword');
  await page.getByRole('link', { name: /back to sign in/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => names(batches), { timeout: 15_000 }).toEqual(['backToLogin']);
  expect(batches[0]).toMatchObject({ path: '/api/events/public', status: 200 });
  expect(batches[0]!.body.events[0]!.deviceType).toBe('mobile');
});

test('a window 767 px wide sends mobile, one 768 px wide Desktop', async ({ page }) => {
  for (const [width, deviceType] of [
    [767, 'mobile'],
    [768, 'Desktop'],
  ] as const) {
    const batches = collect(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/forgotpassword');
    await page.getByRole('link', { name: /back to sign in/i }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => names(batches), { timeout: 15_000 }).toEqual(['backToLogin']);
    expect(batches[0]!.body.events[0]!.deviceType).toBe(deviceType);
    page.removeAllListeners('response');
  }
});
