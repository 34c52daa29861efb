import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

// Outlet Status Online/Offline (issue 11): filter, toggle two outlets into the changed-status list,
// save with the confirmation, see the countdown popup and the new statuses after a reload.
test('an admin of id filters, toggles two outlets, saves, and sees them changed', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin.id@demo.test');
  await page.goto('/outletStatus');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Outlet Status - Online / Offline' }),
  ).toBeVisible();

  const dt = page.getByLabel('DT Code');
  await expect(dt.locator('option').nth(1)).toBeAttached();
  await dt.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Apply' }).click();

  const first = page.getByRole('switch').nth(0);
  const second = page.getByRole('switch').nth(1);
  await expect(first).toBeVisible();
  const before = [await first.isChecked(), await second.isChecked()];
  await first.click();
  await second.click();
  await expect(page.getByText('2 unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Save the status changes?' });
  await expect(confirm).toContainText('2 outlets will change status.');
  await confirm.getByRole('button', { name: 'Save', exact: true }).click();
  const popup = page.getByTestId('countdown-popup');
  await expect(popup).toContainText('Status updated for 2 outlets.');
  await expect(popup).toBeHidden({ timeout: 8_000 });
  await expect(page.getByText('2 unsaved changes')).toBeHidden();

  await page.reload();
  await page.getByLabel('DT Code').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('switch').nth(0)).toBeChecked({ checked: !before[0] });
  await expect(page.getByRole('switch').nth(1)).toBeChecked({ checked: !before[1] });
});

test('a market without the offline app (vn) is sent to admin configuration', async ({ page }) => {
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/outletStatus');
  await expect(page).toHaveURL(/\/adminconfigurationpage$/);
});

test('the toggles stay in view at 1440 and 768 px, a site does not repeat its distributor, one change is singular, and a phone card is headed by the outlet', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin.id@demo.test');
  await page.goto('/outletStatus');
  const box = page.locator('.dtable__scroll');
  const toggle = page.getByRole('switch').first();
  for (const width of [1440, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(toggle).toBeVisible();
    // The toggle and its words are inside the table box's right edge without scrolling the table.
    const [edge, cell] = await Promise.all([
      box.boundingBox(),
      page.locator('tbody tr').first().locator('.dtable__end').boundingBox(),
    ]);
    expect(cell!.x + cell!.width, `${width} px`).toBeLessThanOrEqual(edge!.x + edge!.width + 1);
    await expect(page.locator('tbody tr').first().locator('.dtable__end')).toContainText(/Online|Offline/);
  }
  // 'PT Sukses Makmur - Cengkareng (IDDT001S01)' beside 'PT Sukses Makmur (IDDT001)' was the name twice.
  const firstRow = page.locator('tbody tr').first();
  const dt = await firstRow.locator('td[data-label="Distributor"]').textContent();
  const site = await firstRow.locator('td[data-label="Site"]').textContent();
  expect(dt).toMatch(/\(IDDT\d+\)$/);
  expect(site).toMatch(/\(IDDT\d+S\d+\)$/);
  expect(site!.startsWith(dt!.replace(/ \(.*\)$/, ''))).toBe(false);

  await toggle.click();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Save the status changes?' });
  await expect(confirm).toContainText('1 outlet will change status.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();

  // A phone: each card opens with the outlet's name (bold, no label), the toggle is still reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.locator('tbody tr').first();
  const title = card.locator('.dtable__card-title');
  await expect(title).toBeVisible();
  const [titleBox, codeBox] = await Promise.all([title.boundingBox(), card.locator('th').boundingBox()]);
  expect(titleBox!.y).toBeLessThan(codeBox!.y);
  await expect(card.getByRole('switch')).toBeVisible();
});
