import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Estimated Best Price (issue 15): the estimates recomputed from the demo invoices, a search by item
// code, one override by hand (a bad price refused, a good one saved and shown), and the page at 480 px.
const table = (page: Page) =>
  page.getByRole('table', { name: 'Estimated best price per item and outlet type' });

test('recompute, search an item, override its price', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/estimatedbestprice');
  await expect(page.getByRole('heading', { level: 1, name: 'Estimated Best Price' })).toBeVisible();

  await page.getByRole('button', { name: 'Recompute estimates' }).click();
  await expect(page.getByTestId('countdown-popup')).toContainText('estimates recomputed');
  const first = table(page).getByRole('row').nth(1);
  await expect(first).toBeVisible();
  const itemCode = /\((\w+)\)/.exec((await first.textContent()) ?? '')![1]!;
  await page.getByTestId('countdown-popup').getByRole('button').first().click();

  await page.getByLabel('Item codes').fill(itemCode);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const row = table(page).getByRole('row').nth(1);
  await expect(row).toContainText(itemCode);

  await row.getByRole('button', { name: /Override the price of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Override the best price' });
  await dialog.getByLabel('Override price').fill('12.345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Enter a positive amount with at most 2 decimals');
  await dialog.getByLabel('Override price').fill('97.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The popup names the item (not its code alone) and the new price.
  await expect(page.getByTestId('countdown-popup')).toContainText(
    new RegExp(`The price of \\S.* \\(${itemCode}\\) for .* is now 97\\.5`),
  );
  await page.getByTestId('countdown-popup').getByRole('button').first().click();
  await expect(table(page).getByRole('row').nth(1)).toContainText('97.5');
  // Focus is back on the row's Override button.
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Override the price of/);

  // The Activity Log names the recompute in words, with its count, not its action code.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  const log = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(log.getByRole('row').filter({ hasText: 'Estimates recomputed' }).first()).toContainText(
    /\d+ estimates from the 90 days to/,
  );
  await expect(log).not.toContainText('bestPrice.recompute');
  await expect(log.getByRole('row').filter({ hasText: 'Price overridden' }).first()).toContainText(
    'Override: none → 97.5',
  );
  await page.keyboard.press('Escape');

  // The outlet types are a choice of the market's (GET …/filters), not typed to the letter.
  const typeSelect = page.getByLabel('Outlet type', { exact: true });
  const types = (await typeSelect.locator('option').allTextContents()).slice(1);
  expect(types.length).toBeGreaterThan(1);
  await page.getByLabel('Item codes').fill('');
  await typeSelect.selectOption(types[1]!);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const typed = table(page).getByRole('row');
  await expect(typed.nth(1)).toContainText(types[1]!);
  for (const other of types.filter((t) => t !== types[1] && !t.includes(types[1]!) && !types[1]!.includes(t)))
    await expect(table(page)).not.toContainText(other);

  // At 1440 px the Actions column is pinned at the table's right edge: Override in view without scrolling.
  await page.setViewportSize({ width: 1440, height: 900 });
  const box = await table(page)
    .getByRole('button', { name: /Override the price of/ })
    .first()
    .boundingBox();
  const scroller = await table(page).locator('xpath=..').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width + 1);

  await page.setViewportSize({ width: 480, height: 900 });
  await page.screenshot({ path: test.info().outputPath('best-price-480.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
