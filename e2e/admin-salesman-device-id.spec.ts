import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Salesman Device ID (issue 12): search by SM codes and by phone numbers (with or without the dial
// code), update one device ID and delete one with their confirmations, the market-level validation
// switch with its confirmation, the bulk update (a bad file previewed with its errors, a good file
// applied), Export Device ID, and the Activity Log in words. The files are built from the rows on
// screen, so they fit whatever the demo seed gave.
const HEADING = 'Salesman Device ID Update';

async function open(page: Page) {
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/salesmandeviceid');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
}
async function search(page: Page, by: 'SM Code' | 'Phone number', values: readonly string[]) {
  await page.getByLabel('Search by').selectOption({ label: by });
  await page.getByLabel(by === 'SM Code' ? 'SM codes' : 'Phone numbers').fill(values.join(','));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}
const table = (page: Page) => page.getByRole('table', { name: 'Salesmen and their device IDs' });
const rowOf = (page: Page, smCode: string) => table(page).getByRole('row').filter({ hasText: smCode });

test.describe.configure({ mode: 'serial' });

test('search by SM codes and by phone numbers, update and delete a device ID, switch validation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);

  await search(page, 'SM Code', ['VNSM00001', 'VNSM00002']);
  await expect(table(page).getByRole('row')).toHaveCount(3); // header + 2
  // The phone of VNSM00002 as stored (+84…), then searched as a national number with the trunk 0.
  const phone = (await rowOf(page, 'VNSM00002').getByRole('cell').nth(1).textContent())!.trim();
  expect(phone.startsWith('+84')).toBe(true);
  await search(page, 'Phone number', [`0${phone.slice(3)}`]);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'VNSM00002')).toBeVisible();

  // Update: the new ID, Continue, the confirmation, the countdown popup (naming the salesman, not only
  // the code), the row shows it.
  const name = (await rowOf(page, 'VNSM00002').getByRole('cell').nth(0).textContent())!.trim();
  await rowOf(page, 'VNSM00002')
    .getByRole('button', { name: /Update the device ID/ })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Update device ID' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A new device ID is required.');
  await dialog.getByLabel('New Device ID').fill('e2e-device-0002');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('dialog', { name: 'Map the new device ID?' });
  await expect(dialog).toContainText('e2e-device-0002');
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  const popup = page.getByTestId('countdown-popup');
  await expect(popup).toContainText(`The device ID of ${name} (VNSM00002) was updated.`);
  await expect(rowOf(page, 'VNSM00002')).toContainText('e2e-device-0002');

  // Delete: the confirmation, then the row shows no device.
  await rowOf(page, 'VNSM00002')
    .getByRole('button', { name: /Delete the device ID/ })
    .click();
  dialog = page.getByRole('dialog', { name: 'Delete the device ID?' });
  await expect(dialog).toContainText('e2e-device-0002');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(popup).toContainText(`The device ID of ${name} (VNSM00002) was deleted.`);
  await expect(rowOf(page, 'VNSM00002')).toContainText('Not mapped');
  // Its Delete button went with the device: once the popup closes, the keyboard carries on from the
  // row's Update button.
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(rowOf(page, 'VNSM00002').getByRole('button', { name: /Update the device ID/ })).toBeFocused();

  // The market-level switch: cancel leaves it on, confirming turns it off.
  const toggle = page.getByRole('switch', { name: /SM Device ID validation/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  dialog = page.getByRole('dialog', { name: 'Disable SM Device ID validation?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await page
    .getByRole('dialog', { name: 'Disable SM Device ID validation?' })
    .getByRole('button', { name: 'Disable', exact: true })
    .click();
  await expect(popup).toContainText('SM Device ID validation is now disabled.');
  await expect(toggle).not.toBeChecked();

  // Export Device ID: the searched salesmen as CSV, the template's columns first.
  await search(page, 'SM Code', ['VNSM00001', 'VNSM00002']);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Device ID (CSV)' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header!.startsWith('DT Code,SM Code,Phone number,Device ID')).toBe(true);
  expect(lines.map((line) => line.split(',')[1]).sort()).toEqual(['VNSM00001', 'VNSM00002']);

  // The Activity Log says what changed, in words.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(dialog.getByRole('row').filter({ hasText: 'Device ID deleted' }).first()).toContainText(
    'e2e-device-0002 → Not mapped',
  );
  await expect(dialog.getByRole('row').filter({ hasText: 'Device ID updated' }).first()).toContainText(
    '→ e2e-device-0002',
  );
  await expect(dialog.getByRole('row').filter({ hasText: 'Validation switched' }).first()).toContainText(
    'enabled → disabled',
  );
});

test('the bulk update: a bad file shows its errors with the rows named, a good file is applied and logged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);
  await search(page, 'SM Code', ['VNSM00001', 'VNSM00003']);
  const dtOf = async (sm: string) =>
    /\((\w+)\)/.exec(
      (await rowOf(page, sm).locator('td[data-label="Distributor"]').textContent()) ?? '',
    )![1]!;
  const [dt1, dt3] = [await dtOf('VNSM00001'), await dtOf('VNSM00003')];
  const file = (name: string, rows: string[]) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(['DT Code,SM Code,Phone number,Device ID', ...rows].join('\r\n') + '\r\n'),
  });

  await page.getByRole('button', { name: 'Bulk Update Device ID' }).click();
  let dialog = page.getByRole('dialog', { name: 'Bulk Update Device ID' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      file('devices-bad.csv', [
        `${dt1},VNSM00001,,`,
        `${dt3},VNSM00003,,e2e-same`,
        `${dt1},VNSM00001,,e2e-same`,
      ]),
    );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  const errors = dialog.getByRole('table', { name: 'First errors' });
  await expect(errors).toContainText('New Device ID is required in row number 2');
  await expect(errors).toContainText(
    'Device ID in row number 4 is also given to the salesman in row number 3',
  );
  await expect(dialog.getByRole('button', { name: 'Confirm and apply' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(
      file('devices-good.csv', [`${dt1},VNSM00001,,e2e-bulk-0001`, `${dt3},VNSM00003,,e2e-bulk-0003`]),
    );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('table', { name: 'First errors' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(dialog.getByText('Applied: 0 created, 2 updated, 0 unchanged.')).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(rowOf(page, 'VNSM00001')).toContainText('e2e-bulk-0001');
  await expect(rowOf(page, 'VNSM00003')).toContainText('e2e-bulk-0003');

  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(
    dialog
      .getByRole('row')
      .filter({ hasText: 'devices-good.csv' })
      .filter({ hasText: 'File applied' })
      .first(),
  ).toContainText('2 rows: 0 created, 2 updated, 0 unchanged');
});

test('at 768 px the device tools’ switches and row buttons are at least 44 px tall', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1000 });
  await open(page);
  const tall = async (what: string, box: { height: number } | null) =>
    expect(box?.height ?? 0, what).toBeGreaterThanOrEqual(44);
  await tall(
    'validation switch',
    await page.getByRole('switch', { name: /SM Device ID validation/ }).boundingBox(),
  );
  await tall(
    'Update',
    await page
      .getByRole('button', { name: /^Update the device ID/ })
      .first()
      .boundingBox(),
  );
  await tall(
    'Delete',
    await page
      .getByRole('button', { name: /^Delete the device ID/ })
      .first()
      .boundingBox(),
  );

  await page.goto('/devicegeocompliance');
  await page
    .getByRole('button', { name: /^Edit the geo-compliance/ })
    .first()
    .click();
  await tall(
    'Edit',
    await page
      .getByRole('button', { name: /^Edit the geo-compliance/ })
      .first()
      .boundingBox(),
  );
  const dialog = page.getByRole('dialog', { name: 'Device geo-compliance' });
  await tall('required switch', await dialog.getByRole('switch').boundingBox());
});
