import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// The user access bulk upload (issue 13) at desktop and at 480 px: Download Template (a real .xlsx with
// the columns, one example row and a Notes sheet), fill it with exceljs, upload it (Uploading for 2 s,
// Uploaded and the name, the preview counts), the toast, the new user in the list; the new user gets an
// invitation (the existing flow: POST fb/users/invitation, the code from the development outbox),
// activates the account at /signup and signs in. At 480 px: the modal's mobile layout and its messages.
//   E2E_PORT=4393 npx playwright test e2e/admin-user-upload.spec.ts
const HEADERS = [
  'Email',
  'Name',
  'Role',
  'User Type',
  'Access To UCube',
  'Access To Operational Dashboards',
  'Super User',
  'DT Access Codes',
  'Country Codes',
  'BSA',
];
const PASSWORD = 'a long e2e passphrase 2026';

async function openModal(page: Page) {
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/useraccess');
  await page.getByRole('button', { name: 'Bulk Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe.configure({ mode: 'serial' });

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['480 px', { width: 480, height: 900 }],
] as const) {
  test.describe(size, () => {
    test.use({ viewport });
    test('download the template, fill it, upload, preview, toast, the new user in the list, who then signs in', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const dialog = await openModal(page);

      // The template: a real .xlsx with the columns, one example row and the Notes sheet.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download Template' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
      expect(sheet.rowCount).toBe(2);
      const example = (sheet.getRow(2).values as unknown[]).slice(1).map(String);
      expect(book.getWorksheet('Notes')!.getRow(2).getCell(1).value).toBe('Email');

      // Fill it: the example row becomes a new user (same DT code: one of the market's).
      const email = `e2e.upload.${viewport.width}.${Date.now()}@example.com`;
      const filled = [
        email,
        'Upload Tester',
        'Area Sales Manager',
        'user',
        'YES',
        'YES',
        'NO',
        example[7]!,
        'vn',
        'Distributor',
      ];
      sheet.getRow(2).values = filled;
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ff-e2e-upload-'));
      const file = path.join(dir, 'new-users.xlsx');
      await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));

      // Choose it: Uploading for 2 s, then Uploaded and the name, the preview, Upload enabled.
      await dialog.getByLabel('browse').setInputFiles(file);
      await expect(dialog.getByText('Uploading', { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
      await expect(dialog.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 5_000 });
      await expect(dialog.getByText('new-users.xlsx')).toBeVisible();
      await expect(dialog.getByText('Rows in the file: 1. New: 1, changed: 0, unchanged: 0.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();

      // The same name again: the spec's message.
      await dialog.getByLabel('browse').setInputFiles(file);
      await expect(dialog.getByText('File "new-users.xlsx" already exists.')).toBeVisible();

      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByText('User access data is successfully updated')).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Bulk Upload' })).toBeHidden();
      await page.screenshot({ path: `test-results/user-upload-${viewport.width}-toast.png` });

      // The list shows the new user (invited). Below 561 px the filters fold under one 'Filters' button.
      const fold = page.getByRole('button', { name: /^Filters/ });
      if (await fold.isVisible()) await fold.click();
      await page.getByLabel('Name or email').fill(email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page.getByRole('main').getByText(email)).toBeVisible();

      // The invitation flow: the admin sends one, the code arrives in the development outbox.
      const since = new Date(Date.now() - 1000);
      const invited = await page.request.post('/api/fb/users/invitation?countryCode=vn', {
        headers: { 'x-requested-with': 'fieldforce' },
        data: { email },
      });
      expect(invited.status(), await invited.text()).toBe(200);
      let code = '';
      await expect(async () => {
        const res = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
        const body = (await res.json()) as { 'response-data': Array<{ text: string; createdAt: string }> };
        const message = body['response-data'].find((m) => new Date(m.createdAt) >= since);
        code = /invitation code: ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(message?.text ?? '')?.[1] ?? '';
        expect(code).not.toBe('');
      }).toPass({ timeout: 10_000 });

      // The new user activates the account and signs in.
      const context = await browser.newContext();
      const fresh = await context.newPage();
      await fresh.goto('/signup');
      await fresh.getByLabel('Work email').fill(email);
      await fresh.getByLabel('Invitation code').fill(code);
      await fresh.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await fresh.getByLabel('Confirm new password').fill(PASSWORD);
      await fresh.getByRole('button', { name: 'Activate my account' }).click();
      await expect(fresh.getByText('Your account is active. Please login.')).toBeVisible();
      await signIn(fresh, email, PASSWORD);
      await context.close();
    });
  });
}

test.describe('at 480 px', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('the modal fits the window, buttons full width; the empty-upload and bad-file messages', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dialog = await openModal(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(480);
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    const [u, c] = [(await upload.boundingBox())!, (await cancel.boundingBox())!];
    expect(Math.round(u.width)).toBe(Math.round(c.width));
    expect(u.y).not.toBe(c.y); // stacked
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);

    await upload.click();
    await expect(dialog.getByText('Please select a file before uploading.')).toBeVisible();
    await expect(dialog.getByText('Please select a file before uploading.')).toBeHidden({ timeout: 3_000 });

    const dir = await mkdtemp(path.join(os.tmpdir(), 'ff-e2e-upload-'));
    const bad = path.join(dir, 'users.csv');
    await writeFile(bad, 'Email\r\na@example.com\r\n');
    await dialog.getByLabel('browse').setInputFiles(bad);
    await expect(dialog.getByRole('alert')).toContainText(
      'There may be duplicate entries or incoreect in the xls. Please check and upload again.',
    );
    await expect(dialog.getByText('users.csv')).toBeHidden();
    await page.screenshot({ path: `test-results/user-upload-480.png` });
  });
});
