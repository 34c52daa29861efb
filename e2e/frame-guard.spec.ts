/// <reference lib="dom" />
import { expect, test, type Page, type Route } from '@playwright/test';

// The framing page is served by Playwright itself, so it needs no route on the real server.
const OTHER_ORIGIN_HOST = 'http://frame-host.test/';

function framingPage(src: string): string {
  return `<!doctype html><html><head><title>Framing page</title></head><body>
    <h1>Framing page</h1><iframe id="app" src="${src}" width="800" height="600"></iframe></body></html>`;
}

async function serveFramingPage(page: Page, hostUrl: string, src: string): Promise<void> {
  await page.route(hostUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: framingPage(src) }),
  );
}

/** Passes the real response through, minus the headers that forbid framing. */
async function stripFramingHeaders(route: Route): Promise<void> {
  const response = await route.fetch();
  const headers = { ...response.headers() };
  delete headers['x-frame-options'];
  delete headers['content-security-policy'];
  await route.fulfill({ response, headers });
}

test('with the real headers the app does not render inside a frame', async ({ page, baseURL }) => {
  const appUrl = `${baseURL}/login`;
  const direct = await page.request.get(appUrl);
  expect(direct.headers()['x-frame-options']?.toUpperCase()).toBe('DENY');
  expect(direct.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await serveFramingPage(page, OTHER_ORIGIN_HOST, appUrl);
  const requested = page.waitForRequest(appUrl);
  await page.goto(OTHER_ORIGIN_HOST);
  await requested;

  // Chromium replaces a refused frame with its error page; none of the app is in it.
  const child = () => page.frames().find((frame) => frame !== page.mainFrame());
  await expect.poll(() => child()?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
  expect(page.url()).toBe(OTHER_ORIGIN_HOST);
});

test('without the headers, frame-guard.js sends the top window to the app', async ({ page, baseURL }) => {
  const host = `${baseURL}/__framing-test`;
  await serveFramingPage(page, host, '/login');
  await page.route(`${baseURL}/login`, stripFramingHeaders);

  await page.goto(host);

  await expect(page).toHaveURL(`${baseURL}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(page.frames()).toHaveLength(1);
});

test('without the headers, a cross-origin frame that cannot break out shows nothing', async ({
  page,
  baseURL,
}) => {
  await serveFramingPage(page, OTHER_ORIGIN_HOST, `${baseURL}/login`);
  await page.route(`${baseURL}/login`, stripFramingHeaders);

  await page.goto(OTHER_ORIGIN_HOST);
  const frame = page.frameLocator('#app');
  // The app itself runs in the frame (its heading is in the DOM) but the body stays hidden.
  await expect(frame.locator('h1', { hasText: 'Sign in' })).toBeAttached();
  await expect(frame.locator('body')).toBeHidden();
  expect(page.url()).toBe(OTHER_ORIGIN_HOST);
});
