import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/task-management.shots.ts):
// Task Management (vn) at 1440, 768, 480 and 390 px in en and vi, into test-results/merch-task-price-shots:
// the list, a filter with no result, the form (empty, its errors, outlet types chosen), the close
// confirmation, the upload with the good and the bad sample's preview, the Activity Log, and a seeded
// task's progress drilled to a team's outlets.
const OUT = 'test-results/merch-task-price-shots';
const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'samples');

/** On a phone the filters are folded behind a 'Filters' button: unfold them before filling one. */
async function unfoldFilters(page: Page) {
  const toggle = page.locator('.admin-filters-fold__toggle[aria-expanded="false"]');
  if (await toggle.isVisible()) await toggle.click();
}

test('Task Management screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, {}, async ({ page, name, language, overflow }) => {
    page.setDefaultTimeout(30_000);
    const en = language === 'en';
    await page.goto('/taskmanagment');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    console.log(`list ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `${OUT}/task-list-${name}.png` });
    await page.locator('.dtable').screenshot({ path: `${OUT}/task-table-${name}.png` });

    await unfoldFilters(page);

    await page.getByLabel(en ? 'Search' : 'Tìm kiếm', { exact: true }).fill('no such task');
    await page.getByRole('button', { name: en ? 'Apply' : 'Áp dụng', exact: true }).click();
    await page.waitForTimeout(800);
    await page.locator('.dtable').screenshot({ path: `${OUT}/task-empty-${name}.png` });
    await unfoldFilters(page);
    await page.getByRole('button', { name: en ? 'Reset' : 'Đặt lại', exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();

    await page.getByRole('button', { name: en ? 'New task' : 'Công việc mới' }).click();
    const form = page.getByRole('dialog');
    await expect(form).toBeVisible();
    await page.screenshot({ path: `${OUT}/task-form-${name}.png` });
    await form.getByRole('button', { name: en ? 'Save task' : 'Lưu công việc' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/task-form-errors-${name}.png` });
    const types = form.locator('fieldset.checklist').first();
    await types.getByRole('checkbox').nth(1).check();
    await form.locator('fieldset.checklist').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/task-form-types-${name}.png` });
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page
      .getByRole('button', { name: en ? /^Close T\d+$/ : /^Đóng T\d+$/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${OUT}/task-close-${name}.png` });
    await page.keyboard.press('Escape');

    for (const kind of ['good', 'bad'] as const) {
      await page.getByRole('button', { name: en ? 'Upload tasks' : 'Tải lên công việc' }).click();
      const upload = page.getByRole('dialog');
      await expect(upload).toBeVisible();
      await upload.locator('input[type="file"]').setInputFiles(path.join(SAMPLES, `tasks-${kind}.csv`));
      await upload.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${OUT}/task-upload-${kind}-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(upload).toBeHidden();
    }

    await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/task-activity-${name}.png` });
    await page.keyboard.press('Escape');

    await page
      .locator('.link-button')
      .filter({ hasText: /Cooler display check/ })
      .first()
      .click();
    await expect(page.locator('.task-bar')).toBeVisible();
    console.log(`progress ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `${OUT}/task-progress-${name}.png` });
    await page
      .getByRole('button', { name: en ? /^Show the outlets of / : /^Xem cửa hàng của / })
      .first()
      .click();
    await page.waitForTimeout(800);
    await page.locator('.task-outlets').screenshot({ path: `${OUT}/task-outlets-${name}.png` });
  });
});
