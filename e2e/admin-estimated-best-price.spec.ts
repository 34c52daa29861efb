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
  await expect(page.getByTestId('countdown-popup')).toContainText(`The price of ${itemCode}`);
  await page.getByTestId('countdown-popup').getByRole('button').first().click();
  await expect(table(page).getByRole('row').nth(1)).toContainText('97.5');

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

  await page.setViewportSize({ width: 480, height: 900 });
  await page.screenshot({ path: test.info().outputPath('best-price-480.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
