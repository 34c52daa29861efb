import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Salesman Tracking (issue 14): the map draws with no internet (every request stays on this machine),
// a salesman can be found and opened, their route has at most 25 points, and the replay plays.
// Run with its own port: E2E_PORT=4395 npx playwright test e2e/tracking.spec.ts

/** The market's day `back` days ago in Vietnam (the seed's recent days carry the full GPS trail). */
function vnDay(back: number): string {
  const now = Date.now() + 7 * 3_600_000 - back * 86_400_000;
  return new Date(now).toISOString().slice(0, 10);
}

const canvas = (page: Page) => page.locator('.tracking-map__canvas');

/** The first of yesterday, the two days before and today whose map shows salesmen. */
async function openBusyDay(page: Page): Promise<string> {
  // A finished day first (a whole trail to replay), then today.
  for (const back of [1, 2, 3, 0]) {
    const date = vnDay(back);
    // The day field takes a typed day when it is finished (Enter or leaving it), ISO or the language's way.
    const day = page.getByLabel('Day', { exact: true });
    await day.fill(date);
    await day.press('Enter');
    await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    // The salesmen call and the map's next idle frame: the drawn count settles within a few seconds.
    const drawn = await expect
      .poll(async () => Number(await canvas(page).getAttribute('data-rendered-salesmen')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0)
      .then(() => true)
      .catch(() => false);
    if (drawn) return date;
  }
  throw new Error('no recent day with GPS points');
}

test('the tracking map works offline: filter, open a salesman’s day, at most 25 route points, replay', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const hosts = new Set<string>();
  page.on('request', (request) => hosts.add(new URL(request.url()).hostname));

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin.vn@demo.test');
  // The entry among the operational (transactional) reports.
  await page.goto('/operationalreportslandingpage');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Transactional Reports' }).click();
  await nav.getByRole('link', { name: 'Salesman Tracking', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salesman Tracking' })).toBeVisible();
  await expect(page).toHaveURL(/reportpage/);

  const date = await openBusyDay(page);
  const total = Number(await canvas(page).getAttribute('data-rendered-salesmen'));
  expect(total).toBeGreaterThan(0);
  await expect(
    page.getByRole('heading', { name: 'Legend' }).or(page.getByRole('list', { name: 'Legend' })),
  ).toBeVisible();
  await page.screenshot({ path: `test-results/tracking-map-1440.png` });

  // Filter to one salesman who has GPS points that day (the side list says each one's status).
  const table = page.getByRole('table', { name: 'All salesmen' });
  const tracked = page
    .getByRole('tabpanel')
    .locator('.tracking-list__item')
    .filter({ hasNotText: 'No signal' })
    .first();
  const firstCode = /([A-Z0-9]+) ·/.exec((await tracked.textContent()) ?? '')![1]!;
  await page.getByLabel('Salesman', { exact: true }).fill(firstCode);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(async () => {
    expect(Number(await canvas(page).getAttribute('data-rendered-salesmen'))).toBeLessThanOrEqual(1);
  }).toPass({ timeout: 10_000 });

  // Open the day from the table.
  await table.locator('tbody tr').first().getByRole('button').click();
  await expect(page.getByRole('heading', { name: /·/, level: 2 })).toBeVisible();
  await expect(async () => {
    const drawn = Number(await canvas(page).getAttribute('data-rendered-route-points'));
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(25);
  }).toPass({ timeout: 15_000 });
  const routeCount = Number(await page.locator('[data-route-count]').getAttribute('data-route-count'));
  expect(routeCount).toBeLessThanOrEqual(25);
  await page.screenshot({ path: `test-results/tracking-day-1440.png` });

  // Play the replay at 20x: the clock moves.
  const clock = page.getByTestId('replay-time');
  const before = await clock.textContent();
  await page.getByLabel('Speed').selectOption('20');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(clock).not.toHaveText(before!, { timeout: 10_000 });

  // A phone: the same day, stacked.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `test-results/tracking-day-390.png`, fullPage: true });
  await page.goto(`/reportpage?report=salesman-tracking&date=${date}`);
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `test-results/tracking-map-390.png`, fullPage: true });

  // Nothing left the machine while the map drew: no tile, glyph or font server.
  expect([...hosts]).toEqual(['127.0.0.1']);
});

/** Signs in and opens today's tracking in `language` at `width` px, once the table has its rows. */
async function openToday(page: Page, language: 'en' | 'vi', width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, 'admin.vn@demo.test');
  await page.evaluate((l) => window.localStorage.setItem('language', l), language);
  await page.goto('/reportpage?report=salesman-tracking');
  await expect(page.locator('.tracking-table tbody tr').first()).toBeVisible({ timeout: 20_000 });
}

for (const language of ['en', 'vi'] as const) {
  test(`the table's status reads whole at 1440 px, and the silent list follows the filters, oldest last ping first (${language})`, async ({
    page,
  }) => {
    await openToday(page, language, 1440);
    // The ten columns fit: nothing behind the table's right edge, every status (and its badge) inside it.
    const clipped = await page.locator('.tracking-table .dtable__scroll').evaluate((box) => {
      const edge = box.getBoundingClientRect().right;
      const statuses = [...box.querySelectorAll('.tracking-status, thead th:last-child')];
      return {
        overflow: box.scrollWidth - box.clientWidth,
        statuses: statuses.length,
        cut: statuses.filter((s) => s.getBoundingClientRect().right > edge + 0.5).length,
      };
    });
    expect(clipped.statuses).toBeGreaterThan(1);
    expect(clipped).toMatchObject({ overflow: 0, cut: 0 });

    // Beside the map the silent list is open; it names the same salesmen as the table's 'Silent device'
    // badges, with the filters and without, the longest quiet first.
    const silent = page.locator('details.tracking-silent');
    await expect(silent).toHaveAttribute('open', '');
    const items = silent.locator('.tracking-silent__item');
    const badges = page.locator('.tracking-table .tracking-badge--silent');
    const same = async () => {
      await expect(items).toHaveCount(await badges.count());
      const times = (await items.allTextContents()).map((text) => /(\d\d:\d\d)\s*$/.exec(text)![1]!);
      expect([...times].sort()).toEqual(times);
    };
    await same();
    const dt = page.locator('.tracking-field--dt select');
    const dtValue = await dt.locator('option').nth(1).getAttribute('value');
    await dt.selectOption(dtValue!);
    await expect(page.locator('.tracking-table tbody tr td:nth-child(3)').first()).toHaveText(dtValue!);
    await same();
  });
}

test('on a phone in Vietnamese the status card keeps its label on one line and its dot beside its words; the silent list starts closed', async ({
  page,
}) => {
  await openToday(page, 'vi', 390);
  await expect(page.locator('details.tracking-silent')).not.toHaveAttribute('open', '');
  const cell = page.locator('.tracking-table tbody td:has(.tracking-status)').first();
  const layout = await cell.evaluate((td) => {
    const rect = (el: Element | null) => el!.getBoundingClientRect();
    const dot = rect(td.querySelector('.tracking-status__main .tracking-dot'));
    const words = rect(td.querySelector('.tracking-status__main > span:last-child'));
    // The label (the cell's ::before, from the shared cards CSS) does not shrink and its words fit in
    // the width it may take (45% of the card): it is on one line.
    const label = getComputedStyle(td, '::before');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
    const labelWidth = context.measureText(td.getAttribute('data-label') ?? '').width;
    return {
      gap: words.left - dot.right,
      dotBelowFirstLine: dot.top - words.top,
      labelShrinks: label.flexShrink,
      labelFits: labelWidth > 0 && labelWidth <= td.getBoundingClientRect().width * 0.45,
    };
  });
  expect(layout.gap).toBeGreaterThanOrEqual(0);
  expect(layout.gap).toBeLessThan(12);
  expect(Math.abs(layout.dotBelowFirstLine)).toBeLessThan(10);
  expect(layout.labelShrinks).toBe('0');
  expect(layout.labelFits).toBe(true);
});
