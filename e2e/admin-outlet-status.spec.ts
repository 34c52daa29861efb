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
