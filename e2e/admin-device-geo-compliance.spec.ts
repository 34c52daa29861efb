import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Device Geo-Compliance (issue 12): search by SM codes, one device's check and radius edited with its
// confirmation, the bulk update (a bad file previewed with its errors, a good file applied), the export,
// and the Activity Log in words. Files are built from the rows on screen, so they fit any demo seed.
const HEADING = 'Device Geo-Compliance';
const table = (page: Page) => page.getByRole('table', { name: 'Salesman devices and their geo-compliance' });
const rowOf = (page: Page, smCode: string) => table(page).getByRole('row').filter({ hasText: smCode });

async function open(page: Page) {
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/devicegeocompliance');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
}
async function search(page: Page, codes: readonly string[]) {
  await page.getByLabel('SM codes').fill(codes.join(','));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test('search, edit one device with its confirmation, export, Activity Log', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await search(page, ['VNSM00001', 'VNSM00002']);
  await expect(table(page).getByRole('row')).toHaveCount(3);

  const name = (await rowOf(page, 'VNSM00001').getByRole('cell').nth(0).textContent())!.trim();
  await rowOf(page, 'VNSM00001')
    .getByRole('button', { name: /Edit the geo-compliance/ })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Device geo-compliance' });
  const required = dialog.getByRole('switch', { name: /inside the outlet’s radius/ });
  if (!(await required.isChecked())) await required.click();
  await dialog.getByLabel('Radius (m)').fill('5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a whole number of metres from 10 to 5000.');
  await dialog.getByLabel('Radius (m)').fill('275');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  dialog = page.getByRole('dialog', { name: 'Save the geo-compliance setting?' });
  await expect(dialog).toContainText('within 275 m of the outlet');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('countdown-popup')).toContainText(
    `The geo-compliance of ${name} (VNSM00001) was saved.`,
  );
  await expect(rowOf(page, 'VNSM00001')).toContainText('Required');
  await expect(rowOf(page, 'VNSM00001')).toContainText('275 m');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header!.startsWith('DT Code,SM Code,Device ID,Geo-Compliance Check,Radius (m)')).toBe(true);
  expect(lines.find((line) => line.includes('VNSM00001'))).toMatch(/,1,275,/);

  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(dialog.getByRole('row').filter({ hasText: 'Geo-compliance changed' }).first()).toContainText(
    '→ Required, 275 m',
  );
});

test('the bulk update: a bad file shows its errors, a good file is applied and logged', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await search(page, ['VNSM00001', 'VNSM00002']);
  const dtOf = async (sm: string) =>
    /\((\w+)\)\s*$/.exec(
      (await rowOf(page, sm).locator('td[data-label="Distributor"]').textContent()) ?? '',
    )![1]!;
  const [dt1, dt2] = [await dtOf('VNSM00001'), await dtOf('VNSM00002')];
  const file = (name: string, rows: string[]) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      ['DT Code,SM Code,Device ID,Geo-Compliance Check,Radius (m)', ...rows].join('\r\n') + '\r\n',
    ),
  });

  await page.getByRole('button', { name: 'Bulk Update' }).click();
  let dialog = page.getByRole('dialog', { name: 'Bulk Update Device Geo-Compliance' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(file('geo-bad.csv', [`${dt1},VNSM00001,,2,100`, `${dt2},VNSM00002,,1,6000`]));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  const errors = dialog.getByRole('table', { name: 'First errors' });
  await expect(errors).toContainText('Geo-Compliance Check should be only 1 or 0 in row number 2');
  await expect(errors).toContainText('Radius (m) should be a whole number from 10 to 5000 in row number 3');
  await expect(dialog.getByRole('button', { name: 'Confirm and apply' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(file('geo-good.csv', [`${dt1},VNSM00001,,0,120`, `${dt2},VNSM00002,,1,480`]));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(dialog.getByText(/^Applied: 0 created, 2 updated, 0 unchanged\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rowOf(page, 'VNSM00001')).toContainText('Not required');
  await expect(rowOf(page, 'VNSM00001')).toContainText('120 m');
  await expect(rowOf(page, 'VNSM00002')).toContainText('480 m');

  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(
    dialog.getByRole('row').filter({ hasText: 'geo-good.csv' }).filter({ hasText: 'File applied' }).first(),
  ).toContainText('2 rows: 0 created, 2 updated, 0 unchanged');
});
