/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

async function openFromHeader(page: Page, menu: 'Transactional Reports' | 'Master Reports', report: string) {
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: menu }).click();
  await nav.getByRole('link', { name: report, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: report })).toBeVisible();
}

test('admin.vn picks a report from the header, filters, sorts and exports CSV and XLSX', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/operationalreportslandingpage');
  await expect(page.getByRole('link', { name: 'Order Loss Report' })).toBeVisible();
  // Salesman Tracking (vn has SMTracking on) is a card among the transactional reports, as in the menu.
  const trackingCard = page.getByRole('main').getByRole('link', { name: 'Salesman Tracking' });
  await trackingCard.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salesman Tracking' })).toBeVisible();
  await page.goBack();

  // A dated report: the last 30 days, applied into the URL.
  await openFromHeader(page, 'Transactional Reports', 'Order Loss Report');
  await expect(page).toHaveURL(/report=order-loss/);
  await expect(page).toHaveURL(/reportCategory=transactionalreports/);
  // The range is one button that opens the dates and quick ranges.
  await page.getByRole('button', { name: /^Date range/ }).click();
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Customer Code').fill('ab12,');
  await expect(page.getByLabel('Customer Code')).toHaveValue('ab12,');
  await page.getByLabel('Customer Code').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^Showing \d/)).toBeVisible();

  // The range rule stops Apply before the server sees it.
  await page.getByRole('button', { name: /^Date range/ }).click();
  await page.getByLabel('From').fill('2023-09-01');
  await expect(page.getByText('Data is available from 01-Oct-23 only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  // A master report with rows: sort, then export both formats.
  await openFromHeader(page, 'Master Reports', 'Outlet Master');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d+ of \d/)).toBeVisible();
  const header = table.getByRole('columnheader', { name: /Outlet Name/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=outletName/);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvBytes = await readFile((await csv.path())!);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvBytes.subarray(3).toString('utf8').split('\r\n')[0]).toContain('Outlet Code');
  await expect(page.getByRole('status').filter({ hasText: /^Downloaded / })).toBeVisible();

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsxBytes = await readFile((await xlsx.path())!);
  expect(xlsxBytes.length).toBeGreaterThan(0);
  expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
});

test.describe('at 1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the filter bar is one line, rows fill the screen, statuses are words and a totals row sums the result', async ({
    page,
  }) => {
    await signIn(page, 'admin.vn@demo.test');
    await page.goto(
      '/reportpage?report=order-loss&reportName=Order+Loss+Report&reportCategory=transactionalreports',
    );
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    const bar = await page.getByRole('form', { name: 'Report filters' }).boundingBox();
    expect(bar!.height).toBeLessThanOrEqual(100);
    // Before: a 560 px filter box left five rows in view.
    const visible = await table.locator('tbody tr[aria-rowindex]').evaluateAll(
      (rows) =>
        rows.filter((r) => {
          const box = r.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(visible).toBeGreaterThanOrEqual(9);
    // The totals row: the whole result's quantity, as a whole number.
    await expect(table.locator('tfoot').getByRole('rowheader')).toContainText('Total');
    await expect(
      table
        .locator('tfoot td')
        .filter({ hasText: /^\d{1,3}(,\d{3})*$/ })
        .first(),
    ).toBeVisible();
    // Its last columns lie to the right of the box: a line under it says so until it is scrolled there.
    const hint = page.getByText('Scroll sideways for more columns');
    await expect(hint).toBeVisible();
    await page.locator('.dtable__scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(hint).toBeHidden();

    // Promotion Status: words, not codes.
    await page.goto(
      '/reportpage?report=promotion-status&reportName=Promotion+Status&reportCategory=transactionalreports',
    );
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await expect(table).not.toContainText('not_applied');
    await expect(table.getByRole('cell', { name: /^(Eligible|Applied|Not applied)$/ }).first()).toBeVisible();
    // Outlet Master has no filters: no empty filter box.
    await page.goto('/reportpage?report=outlet-master&reportName=Outlet+Master&reportCategory=masterreports');
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Report filters' })).toHaveCount(0);
  });

  test('the column chooser hides a column with the keyboard and remembers it', async ({ page }) => {
    await signIn(page, 'admin.vn@demo.test');
    await page.goto(
      '/reportpage?report=order-loss&reportName=Order+Loss+Report&reportCategory=transactionalreports',
    );
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Reason/ })).toBeVisible();
    const columns = page.getByRole('button', { name: 'Columns' });
    await columns.focus();
    await page.keyboard.press('Enter');
    const reason = page
      .getByRole('group', { name: 'Columns to show' })
      .getByRole('checkbox', { name: 'Reason' });
    await reason.focus();
    await page.keyboard.press('Space');
    await expect(table.getByRole('columnheader', { name: /Reason/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Columns \(9 of 10\)$/ })).toBeFocused();
    await page.reload();
    await expect(table.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /Reason/ })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: /Loss Date/ })).toBeVisible();
  });
});

test('reports.vn does not see Master Reports in the header', async ({ page }) => {
  await signIn(page, 'reports.vn@demo.test');
  await page.goto('/operationalreportslandingpage');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Transactional Reports' }).click();
  await expect(nav.getByRole('link', { name: 'Order Loss Report' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Master Reports' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Master Reports' })).toHaveCount(0);
});

test("the header's report menus name the reports in the reader's language, as the landing page does", async ({
  page,
}) => {
  await signIn(page, 'reports.vn@demo.test');
  await page.evaluate(() => window.localStorage.setItem('language', 'vi'));
  await page.goto('/operationalreportslandingpage');
  const nav = page.getByRole('banner').locator('.site-header__nav');
  await nav.getByRole('button', { name: 'Báo cáo giao dịch' }).click();
  await expect(nav.getByRole('link', { name: 'Báo cáo mất đơn hàng' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Theo dõi nhân viên bán hàng' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Order Loss Report' })).toHaveCount(0);
});

test.describe('at 480 px', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('/reportpage has no horizontal page overflow; the table scrolls in its box', async ({ page }) => {
    await signIn(page, 'admin.vn@demo.test');
    await page.goto('/reportpage?report=outlet-master&reportName=Outlet+Master&reportCategory=masterreports');
    await expect(page.getByRole('heading', { level: 1, name: 'Outlet Master' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  test('the column list opens on the screen, under the Columns button at the left', async ({ page }) => {
    await signIn(page, 'admin.vn@demo.test');
    await page.goto('/reportpage?report=outlet-master&reportName=Outlet+Master&reportCategory=masterreports');
    await page.getByRole('button', { name: 'Columns' }).click();
    const list = page.getByRole('group', { name: 'Columns to show' });
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(480);
  });
});
