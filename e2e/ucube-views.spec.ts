import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

const current = (page: Page, name = 'Hierarchy') =>
  page.getByRole('navigation', { name }).locator('[aria-current="page"]');

test('DT View drills from a distributor to its team leads; KPI View shows its KPIs', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/distributorteamlevels');
  await expect(page.getByRole('heading', { level: 1, name: 'DT View' })).toBeVisible();
  await expect(current(page)).toHaveText('DT Site Code');
  await expect(page.getByRole('columnheader', { name: 'Secondary [TP] Target' })).toBeVisible();
  await page
    .getByRole('row', { name: /^Open / })
    .first()
    .click();
  await expect(current(page)).toHaveText('Team Leads');
  expect(new URL(page.url()).searchParams.get('dtCode')).toBeTruthy();
  await expect(page.getByText('Main Distributor')).toBeVisible();

  await page.goto('/disciplinaryteamlevels?period=day');
  await expect(page.getByRole('heading', { level: 1, name: 'KPI View' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'New ECO Target' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
});

test('the UCube home shows the scope’s headline cards', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/homepage');
  const cards = page.getByRole('list', { name: 'Your whole scope, month to date' });
  await expect(cards.getByRole('heading', { name: 'GSV' })).toBeVisible();
  await expect(cards.getByText(/pace/i).first()).toBeVisible();
  await page
    .getByRole('link', { name: /Team View/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team View' })).toBeVisible();
});

test.describe('at 480 px in Vietnamese', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('the table scrolls inside its box and the page does not overflow', async ({ page }) => {
    await signIn(page, 'super@demo.test');
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.goto('/teamlevels');
    await expect(page.getByRole('button', { name: 'Lũy kế tháng' })).toHaveAttribute('aria-pressed', 'true');
    await expect(current(page, 'Cấp bậc')).toHaveText('Giám đốc chi nhánh');
    const { scrollWidth, innerWidth, wrapScrolls } = await page.evaluate(() => {
      const wrap = document.querySelector('.ucube-table-wrap')!;
      return {
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
        wrapScrolls: wrap.scrollWidth > wrap.clientWidth,
      };
    });
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(wrapScrolls).toBe(true);
    // The chart stacks under the table.
    const table = await page.locator('.ucube-table-wrap').first().boundingBox();
    const chart = await page.getByRole('figure', { name: /chỉ tiêu so với thực đạt/ }).boundingBox();
    expect(chart!.y).toBeGreaterThan(table!.y + table!.height - 1);
  });
});
