import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Outlet Status bulk upload through the import pipeline (issue 11): a bad file is previewed with its
// errors and cannot be applied, its error file downloads with an Error column; the good file is
// previewed, applied, shows in the table and in the Activity Log under its own name.
const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'samples');
const GOOD = path.join(SAMPLES, 'outlet-status-good.csv');
const BAD = path.join(SAMPLES, 'outlet-status-bad.csv');

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Bulk upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk upload of outlet status' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an admin uploads a bad file, downloads its errors, then applies the good file and sees it logged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin.id@demo.test');
  await page.goto('/outletStatus');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Outlet Status - Online / Offline' }),
  ).toBeVisible();

  // The bad sample: every row is checked, the first errors are listed, nothing can be applied.
  let dialog = await openUpload(page);
  await dialog.locator('input[type="file"]').setInputFiles(BAD);
  await expect(dialog.getByText('Chosen file: outlet-status-bad.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  const errors = dialog.getByRole('table', { name: 'First errors' });
  await expect(errors).toBeVisible();
  // The first row under the header has status 2: it is row 2 of the spreadsheet (the header is row 1),
  // and the preview and its message name it so, with no note to translate the numbers
  // (docs/decisions.md, "Row numbers are the spreadsheet's").
  await expect(errors.getByRole('row').filter({ hasText: 'Status' }).first()).toBeVisible();
  const firstError = errors.getByRole('row').nth(1).getByRole('cell');
  await expect(firstError.first()).toHaveText('2');
  await expect(firstError.last()).toHaveText('Outlet status should be only 0 or 1 in row number 2');
  await expect(dialog.getByText('in the spreadsheet', { exact: false })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm and apply' })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download the file with errors' }).click(),
  ]);
  const errorFile = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = errorFile.trim().split(/\r?\n/);
  expect(header).toBe('DT Code,DT Site Code,Outlet Code,Status,Error');
  // Every row of the original comes back, and the bad ones say why.
  expect(lines).toHaveLength((await readFile(BAD, 'utf8')).trim().split(/\r?\n/).length - 1);
  expect(lines.filter((line) => !line.endsWith(','))).not.toHaveLength(0);
  // The error sheet's row 2 (its second line, after the header) is the row the preview named row 2.
  expect(lines[0]).toBe(
    'IDDT001,IDDT001S01,1100000001,2,Outlet status should be only 0 or 1 in row number 2',
  );

  // The good sample: previewed, then applied.
  await dialog.getByRole('button', { name: 'Choose another file' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(GOOD);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('table', { name: 'First errors' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(dialog.getByText(/^Applied: \d+ created, \d+ updated, \d+ unchanged\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog', { name: 'Bulk upload of outlet status' })).toBeHidden();

  // The table shows each outlet of the file at the file's status.
  const wanted = (await readFile(GOOD, 'utf8'))
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));
  await page.getByLabel('Outlet codes').fill(wanted.map((row) => row[2]).join(','));
  await page.getByRole('button', { name: 'Apply' }).click();
  for (const [, , outlet, status] of wanted) {
    await expect(page.getByRole('switch', { name: `Status of outlet ${outlet}: online` })).toBeChecked({
      checked: status === '1',
    });
  }

  // The Activity Log names the file and what it did, in words.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  dialog = page.getByRole('dialog', { name: 'Activity Log' });
  // One entry for the file, and one per outlet it changed, each naming the file.
  const applied = dialog.getByRole('row').filter({ hasText: 'outlet-status-good.csv' });
  await expect(applied.filter({ hasText: 'File applied' }).first()).toContainText(
    /4 rows: 0 created, \d+ updated, \d+ unchanged/,
  );
  await expect(applied.filter({ hasText: 'Status changed' }).first()).toContainText(
    /(Online|Offline) → (Online|Offline)/,
  );
});
