import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Outlet Geo-Compliance (issue 12): search by outlet codes, one outlet changed with the outlet-level
// confirmation and saved with the save confirmation, the bulk update (a bad file previewed with its
// errors, the good file applied), Export Outlets, and the Activity Log in words.
const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'samples');
const GOOD = path.join(SAMPLES, 'outlet-geo-compliance-good.csv');
const BAD = path.join(SAMPLES, 'outlet-geo-compliance-bad.csv');
const HEADING = 'Outlet Geo-Compliance';

async function search(page: Page, codes: readonly string[]) {
  await page.getByLabel('Search outlet codes').fill(codes.join(','));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}
const geoSwitch = (page: Page, outlet: string) =>
  page.getByRole('switch', { name: `Geo-compliance check of outlet ${outlet}` });

test.describe.configure({ mode: 'serial' });

test('an admin of vn searches, changes one outlet with both confirmations, and sees it saved and logged', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/outletGeoCompliance');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();

  const codes = ['3100000005', '3100000006'];
  await search(page, codes);
  await expect(page.getByRole('switch')).toHaveCount(2);
  const target = geoSwitch(page, codes[0]!);
  const before = await target.isChecked();

  // The outlet-level confirmation: cancel leaves it as it was, confirming puts it in the list.
  await target.click();
  const title = before ? 'Disable geo-compliance at outlet level?' : 'Enable geo-compliance at outlet level?';
  let dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(codes[0]!);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(target).toBeChecked({ checked: before });
  await target.click();
  await page
    .getByRole('dialog', { name: title })
    .getByRole('button', { name: before ? 'Disable' : 'Enable', exact: true })
    .click();
  await expect(target).toBeChecked({ checked: !before });
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();

  // The save confirmation, then the countdown popup.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Save the geo-compliance changes?' });
  // One outlet in the singular, and no '0 outlets will be …' part.
  await expect(dialog.getByRole('paragraph')).toHaveText(
    before ? '1 outlet will be disabled.' : '1 outlet will be enabled.',
  );
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const popup = page.getByTestId('countdown-popup');
  await expect(popup).toContainText('Geo-compliance updated for 1 outlet.');
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeHidden();

  await page.reload();
  await search(page, codes);
  await expect(geoSwitch(page, codes[0]!)).toBeChecked({ checked: !before });

  // Export Outlets: the filtered list as CSV, the template's headers first.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Outlets (CSV)' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header!.startsWith('DT Code,Outlet Code,Geo-Compliance Check')).toBe(true);
  expect(lines.map((line) => line.split(',')[1]).sort()).toEqual(codes);

  // The Activity Log says what changed, in words.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  const entry = dialog.getByRole('row').filter({ hasText: codes[0]! }).first();
  await expect(entry).toContainText('Geo-compliance changed');
  await expect(entry).toContainText(before ? 'Enabled → Disabled' : 'Disabled → Enabled');
});

test('the bulk update: a bad file shows its errors, the good file is previewed, applied and logged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/outletGeoCompliance');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();

  await page.getByRole('button', { name: 'Bulk Update' }).click();
  let dialog = page.getByRole('dialog', { name: 'Bulk Update Geo-Compliance status' });
  await dialog.locator('input[type="file"]').setInputFiles(BAD);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  const errors = dialog.getByRole('table', { name: 'First errors' });
  await expect(errors).toContainText('Geo-Compliance Check should be only 1 or 0 in row number 2');
  await expect(errors).toContainText('Duplicate records for DT Code, Outlet Code in row number 5');
  await expect(dialog.getByRole('button', { name: 'Confirm and apply' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(GOOD);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('table', { name: 'First errors' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(dialog.getByText(/^Applied: 0 created, \d+ updated, \d+ unchanged\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const wanted = (await readFile(GOOD, 'utf8'))
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));
  await search(
    page,
    wanted.map((row) => row[1]!),
  );
  for (const [, outlet, check] of wanted) {
    await expect(geoSwitch(page, outlet!)).toBeChecked({ checked: check === '1' });
  }

  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(
    dialog
      .getByRole('row')
      .filter({ hasText: 'outlet-geo-compliance-good.csv' })
      .filter({ hasText: 'File applied' })
      .first(),
  ).toContainText(/4 rows: 0 created, \d+ updated, \d+ unchanged/);
});

test('a market without the tool (th) is sent to admin configuration', async ({ page }) => {
  await signIn(page, 'admin.th@demo.test');
  await page.goto('/outletGeoCompliance');
  await expect(page).toHaveURL(/\/adminconfigurationpage$/);
});
