/**
 * UCube as people use it (issue 10): every KPI visible on a laptop, figures on a phone, tabs between
 * the views, names in rows and breadcrumbs, a salesperson row leading to their day.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

const VIEWS = [
  { path: '/teamlevels', title: 'Team View' },
  { path: '/distributorteamlevels', title: 'DT View' },
  { path: '/disciplinaryteamlevels', title: 'KPI View' },
] as const;

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Hierarchy' });
const current = (page: Page) => crumbs(page).locator('[aria-current="page"]');

/** The page itself never scrolls sideways. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const width of [1440, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const view of VIEWS) {
      test(`${view.title}: every KPI header (target, actual, achievement) is in view without a sideways scroll`, async ({
        page,
      }) => {
        await signIn(page, 'super@demo.test');
        await page.goto(view.path);
        await expect(page.getByRole('heading', { level: 1, name: view.title })).toBeVisible();
        const table = page.locator('.ucube-table').first();
        await expect(table).toBeVisible();
        const wrap = page.locator('.ucube-table-wrap').first();
        const scrolls = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth);
        expect(scrolls).toBe(false);
        const box = (await wrap.boundingBox())!;
        const headers = table.locator('thead th');
        // Name, code and three per KPI.
        await expect(headers).toHaveCount(11);
        for (const header of await headers.all()) {
          const h = (await header.boundingBox())!;
          expect(h.x).toBeGreaterThanOrEqual(box.x - 1);
          expect(h.x + h.width).toBeLessThanOrEqual(Math.min(box.x + box.width, width) + 1);
        }
        // The chart no longer sits beside the table.
        const chart = (await page.getByRole('figure', { name: /target against actual/ }).boundingBox())!;
        expect(chart.y).toBeGreaterThan(box.y + box.height - 1);
        await expectNoPageOverflow(page);
      });
    }
  });
}

test.describe('at 560 px', () => {
  test.use({ viewport: { width: 560, height: 900 } });

  test('the name column stays pinned while the figures scroll, and the table says more columns exist', async ({
    page,
  }) => {
    await signIn(page, 'super@demo.test');
    await page.goto('/distributorteamlevels');
    const wrap = page.locator('.ucube-table-wrap').first();
    await expect(wrap).toBeVisible();
    expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(page.getByText('Scroll sideways for more columns')).toBeVisible();
    const name = page.locator('.ucube-table tbody th').first();
    const before = (await name.boundingBox())!;
    await wrap.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByText('Scroll sideways for more columns')).toBeHidden();
    const after = (await name.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    await expectNoPageOverflow(page);
  });
});

test.describe('at 768 px', () => {
  test.use({ viewport: { width: 768, height: 900 } });

  test('each view shows every KPI or says more columns exist, with the name pinned', async ({ page }) => {
    await signIn(page, 'super@demo.test');
    for (const view of VIEWS) {
      await page.goto(view.path);
      await expect(page.getByRole('heading', { level: 1, name: view.title })).toBeVisible();
      const wrap = page.locator('.ucube-table-wrap').first();
      await expect(wrap).toBeVisible();
      if (await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)) {
        await expect(page.getByText('Scroll sideways for more columns').first()).toBeVisible();
        await expect(page.locator('.ucube-table thead th').first()).toHaveCSS('position', 'sticky');
      } else {
        const box = (await wrap.boundingBox())!;
        for (const header of await page.locator('.ucube-table thead th').all()) {
          const h = (await header.boundingBox())!;
          expect(h.x + h.width).toBeLessThanOrEqual(box.x + box.width + 1);
        }
      }
      await expectNoPageOverflow(page);
    }
  });
});

for (const width of [480, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a manager sees their team’s figures, not only names', async ({ page }) => {
      await signIn(page, 'tl.vn@demo.test');
      await page.goto('/teamlevels');
      await expect(page.getByRole('heading', { level: 1, name: 'Team View' })).toBeVisible();
      if (width < 480) {
        // A card per row: the name, then each KPI's actual against target and achievement.
        const cards = page.getByRole('list', { name: /rows$/ }).getByRole('listitem');
        // At least two cards: waits for the team's own list (the leader's single-row level shows its
        // total card first and the team below loads after it).
        const second = cards.nth(1);
        await expect(second).toBeVisible();
        await expect(second.getByRole('heading', { level: 3 })).toBeVisible();
        for (const kpi of ['GSV', 'ECO', 'PC']) {
          const term = second.locator('dt', { hasText: new RegExp(`^${kpi}$`) });
          await expect(term).toBeVisible();
          await expect(term.locator('xpath=following-sibling::dd')).toHaveText(/\d.*\/.*\d.*%/);
        }
        const box = (await second.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      } else {
        // The table keeps the name pinned and its first figures on screen.
        const row = page.locator('.ucube-table tbody tr').first();
        const figure = row.locator('td.num').first();
        await expect(figure).toHaveText(/\d/);
        const box = (await figure.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await expectNoPageOverflow(page);
    });
  });
}

test('tabs move between the three views at any level, keeping the period', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/teamlevels?period=day');
  await page
    .getByRole('row', { name: /^Open / })
    .first()
    .click();
  const tabs = page.getByRole('navigation', { name: 'UCube views' });
  await expect(tabs.getByRole('link', { name: 'Team View' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'DT View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DT View' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?period=day');
  await expect(page.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  await tabs.getByRole('link', { name: 'KPI View' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'KPI View' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  // The home page offers them too.
  await page.goto('/homepage');
  await expect(page.getByRole('navigation', { name: 'UCube views' }).getByRole('link')).toHaveCount(3);
});

test('rows and breadcrumbs show names; salespeople carry their own SM code and lead to their day', async ({
  page,
}) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/teamlevels');
  for (const column of ['Area Sales Manager', 'Sales Supervisor', 'Team Leads', 'Sales Person']) {
    await page
      .getByRole('row', { name: /^Open / })
      .first()
      .click();
    await expect(current(page)).toHaveText(column);
  }
  // Breadcrumb entries name people, never their emails.
  const entries = crumbs(page).getByRole('button');
  await expect(entries).toHaveCount(5);
  for (const text of await entries.allTextContents()) expect(text).not.toContain('@');
  await expect(page.getByRole('columnheader', { name: 'SM code' })).toBeVisible();
  // Each salesperson row: name, email below it, a code of their own.
  const people = page.getByRole('row', { name: /^See the day of / });
  await expect(people.nth(1)).toBeVisible();
  expect(await people.count()).toBeGreaterThan(1);
  const codes = await people.locator('td:nth-child(2)').allTextContents();
  expect(new Set(codes).size).toBe(codes.length);
  await expect(people.first().getByRole('rowheader')).toContainText('@');

  const name = (await people.first().getByRole('rowheader').textContent())!.split(/\S+@\S+/)[0]!.trim();
  await people.first().click();
  await expect(page.getByRole('heading', { level: 2, name: `Day of ${name}` })).toBeVisible();
  await expect(page.getByText(/Planned calls/)).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  expect(new URL(page.url()).searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await expect(current(page)).toHaveText('Sales Person');
});

test('a salesperson sees their own name once and can open their day', async ({ page }) => {
  await signIn(page, 'sm.vn@demo.test');
  await page.goto('/disciplinaryteamlevels');
  await expect(page.getByRole('heading', { level: 1, name: 'KPI View' })).toBeVisible();
  const heads = page.getByRole('rowheader');
  await expect(heads).toHaveCount(1);
  await page.getByRole('button', { name: 'See your day: visits and orders' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Day of / })).toBeVisible();
});

test('a team leader’s KPI View of themselves shows their team right below', async ({ page }) => {
  await signIn(page, 'tl.vn@demo.test');
  await page.goto('/disciplinaryteamlevels');
  await expect(page.getByRole('heading', { level: 1, name: 'KPI View' })).toBeVisible();
  const below = page.getByRole('region', { name: /^Team of / });
  await expect(below).toBeVisible();
  // At least two people: waits for the team's rows (the region shows before they have loaded).
  await expect(below.getByRole('row', { name: /^See the day of / }).nth(1)).toBeVisible();
});

test('in Pakistan the UCube tables do not sort (the market’s sortable flag)', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  const select = page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Country' })
    .filter({ visible: true });
  await select.selectOption('pk');
  await page.goto('/teamlevels');
  await expect(page.locator('.ucube-table').first()).toBeVisible();
  await expect(page.locator('.ucube-table thead button')).toHaveCount(0);
  await expect(page.locator('.ucube-table thead [aria-sort]')).toHaveCount(0);
  // vn sorts.
  await select.selectOption('vn');
  await page.goto('/teamlevels');
  await expect(page.locator('.ucube-table thead button')).toHaveCount(2);
});
