import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/admin-dialogs.shots.ts):
// the admin foundation's shared parts, shown through Salesman Device ID (vn): the column chooser open, the
// upload dialog before a file and with a bad file's preview, and the Activity Log, at the four review sizes
// in en and vi, into test-results/admin-dialog-shots.
const BAD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'docs',
  'samples',
  'salesman-device-id-bad.csv',
);
const OUT = 'test-results/admin-dialog-shots';

test('shared admin dialogs', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, {}, async ({ page, language, name }) => {
    const en = language === 'en';
    await page.goto('/salesmandeviceid');
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: en ? 'Columns' : 'Cột', exact: true }).click();
    await page.screenshot({ path: `${OUT}/columns-${name}.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: en ? 'Bulk Update Device ID' : /hàng loạt/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/upload-empty-${name}.png` });
    await dialog.locator('input[type="file"]').setInputFiles(BAD);
    await dialog.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
    await expect(dialog.getByRole('table')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/upload-preview-${name}.png` });
    await dialog.screenshot({ path: `${OUT}/upload-preview-dialog-${name}.png` }).catch(() => undefined);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/activity-${name}.png` });
    await page.keyboard.press('Escape');
  });
});
