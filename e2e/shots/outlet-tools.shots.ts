import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): Outlet Status (table, filters,
// the upload dialog with a preview, the Activity Log) and Outlet Geo-Compliance (filters, table), at 1440,
// 768, 480 and 390 px in en and vi, into test-results/outlet-shots. Each shot also checks the page does
// not scroll sideways.
const BAD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'docs',
  'samples',
  'outlet-status-bad.csv',
);
const OUT = 'test-results/outlet-shots';

test('Outlet Status screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(
    browser,
    { email: 'admin.id@demo.test' },
    async ({ page, width, language, name, overflow }) => {
      const en = language === 'en';
      await page.goto('/outletStatus');
      await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${OUT}/status-table-${name}.png`, fullPage: width > 400 });
      expect.soft(await overflow(), `${name} scrolls sideways`).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: en ? 'Bulk upload' : 'Tải lên hàng loạt' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles(BAD);
      await dialog.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
      await expect(dialog.getByRole('table')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${OUT}/status-upload-preview-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${OUT}/status-activity-${name}.png` });
      await page.keyboard.press('Escape');
    },
  );
});

test('Outlet Geo-Compliance screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, {}, async ({ page, width, name, overflow }) => {
    await page.goto('/outletGeoCompliance');
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
    // The filters open: a DT chosen, so the site list narrows.
    const dt = page.locator('.admin-filters select').first();
    await dt.focus();
    await dt.selectOption({ index: 1 });
    await page.screenshot({ path: `${OUT}/geo-filters-${name}.png`, fullPage: width > 400 });
    expect.soft(await overflow(), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});
