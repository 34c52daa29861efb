import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// The admins' usage page (issue 13): an admin uses the portal, then opens Admin configuration → Usage
// and sees the charts and tables made from those events. Run with its own port: E2E_PORT=4394.

/** Sends the queued usage events now (the page being hidden flushes the queue). */
async function flush(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Flushes what the screen queued and waits until the server took it. */
async function sendQueued(page: Page) {
  const sent = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
  await flush(page);
  await sent;
}

async function useThePortal(page: Page) {
  await signIn(page, 'admin.vn@demo.test');
  await sendQueued(page);
  // Three visits: in a full run the other flows' screens share this database, and the page lists the
  // 15 most opened screens; one visit fell out of them once the admin flows grew (25 Nov).
  for (let visit = 0; visit < 3; visit++) {
    await page.goto('/teamlevels');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await sendQueued(page);
  }
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('button', { name: /profile/i })
    .first()
    .click();
  await sendQueued(page);
}

test('an admin sees the usage of the portal, with charts and their tables, after using it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await useThePortal(page);

  await page.goto('/adminconfigurationpage');
  await page.getByRole('link', { name: 'Usage', exact: true }).click();
  await expect(page).toHaveURL(/view=usage/);
  await expect(page.getByRole('heading', { name: 'Usage of the portal' })).toBeVisible();
  const chart = page.getByRole('img', { name: 'Daily active users' });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  // Today has one active user at least (this admin): the summary says so and the latest column too.
  await expect(page.getByText(/in the latest day/)).toBeVisible();
  const screens = page.getByRole('table', { name: 'Most opened screens' });
  await expect(screens.getByRole('rowheader', { name: /Team View/ })).toBeVisible();
  // Events in words, each with its raw name (what analytics tools show) as a second line.
  const events = page.getByRole('table', { name: 'Events by name' });
  await expect(events.getByRole('rowheader', { name: /^Profile opened/ })).toContainText('profile');
  await expect(events.getByRole('rowheader', { name: /^Signed in/ })).toContainText('login');
  // Named once, by the card's heading: no region says it again, and the table itself takes the focus.
  await expect(page.getByRole('region', { name: 'Events by name' })).toHaveCount(0);
  await expect(events).toHaveAttribute('tabindex', '0');
  // The columns are reachable from the keyboard, one tab stop, the arrow keys between them.
  const last = chart.locator('rect[tabindex="0"]');
  await last.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(chart.locator('rect[tabindex="0"]')).toHaveCount(1);
  // Weekly and monthly.
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(page.getByRole('img', { name: 'Monthly active users' })).toBeVisible();
  // The table behind the chart.
  await page.getByText('Show the figures as a table').click();
  await expect(page.getByRole('table', { name: /Monthly active users: total and by role/ })).toBeVisible();
  // The export.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export usage (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^usage_vn_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
});

test('a manager who is not an admin cannot open it, and the server refuses the figures', async ({ page }) => {
  await signIn(page, 'tl.vn@demo.test');
  const status = await page.evaluate(async () => {
    const token = window.localStorage.getItem('idToken') ?? '';
    const res = await fetch('/api/usage/overview?countryCode=vn&from=2026-11-01&to=2026-11-20', {
      headers: { customerToken: token },
    });
    return res.status;
  });
  expect(status).toBe(403);
});

test('usable at 1440, 768, 480 and 390 px in English and Vietnamese (screenshots at 1440 and 390)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const setup = await browser.newPage();
  await useThePortal(setup);
  await setup.close();
  // 768 and 480 px are checked for sideways scrolling; 1440 and 390 px are also photographed.
  for (const width of [1440, 768, 480, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await signIn(page, 'admin.vn@demo.test');
    for (const language of ['en', 'vi'] as const) {
      await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
      await page.goto('/adminconfigurationpage?view=usage');
      const name = language === 'en' ? 'Daily active users' : 'Người dùng hoạt động hằng ngày';
      await expect(page.getByRole('img', { name })).toBeVisible({ timeout: 15_000 });
      // Nothing wider than the window.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (width === 768 || width === 480) continue;
      await page.screenshot({
        path: `test-results/usage-shots/usage-${width}-${language}.png`,
        fullPage: true,
      });
      // The usage section in window-sized parts, to look at closely.
      const box = (await page.locator('section.usage').boundingBox())!;
      for (let part = 0, y = box.y; y < box.y + box.height; part += 1, y += 800) {
        await page.screenshot({
          path: `test-results/usage-shots/usage-${width}-${language}-part${part}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(800, box.y + box.height - y) },
        });
      }
    }
    await page.close();
  }
});
