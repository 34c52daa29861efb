import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/merchandizing.shots.ts):
// Merchandizing Sets (vn) at 1440, 768, 480 and 390 px in en and vi, into
// test-results/merch-task-price-shots: the list and its table, a filter with no result, the Create set
// form with its errors, the sets upload with a good and a bad file's preview, Add Images with a zip of
// unknown displays, the Activity Log; a seeded set's page (the planogram, images, outlets, compliance),
// its Add display and Assign outlet forms and the remove question. The sideways overflow is printed.
const OUT = 'test-results/merch-task-price-shots';
const HEAD =
  'BU-Asset Type,Sub-Region,Set Name,OSA Hurdle Rate,Facings Hurdle Rate,Stock Hurdle Rate,Go live date,End date,Set ID\r\n';

async function shotSection(page: Page, name: RegExp, path: string) {
  const section = page.getByRole('region', { name }).first();
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path });
}

/** On a phone the filters are folded behind a 'Filters' button: unfold them before filling one. */
async function unfoldFilters(page: Page) {
  const toggle = page.locator('.admin-filters-fold__toggle[aria-expanded="false"]');
  if (await toggle.isVisible()) await toggle.click();
}

test('Merchandizing Sets screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, {}, async ({ page, name, language, overflow }) => {
    page.setDefaultTimeout(30_000);
    const en = language === 'en';
    await page.goto('/merchandizingSets');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    console.log(`list ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `${OUT}/merch-list-${name}.png` });
    await page.locator('.dtable').screenshot({ path: `${OUT}/merch-table-${name}.png` });

    await unfoldFilters(page);

    await page.getByLabel(en ? 'Set ID or name' : 'Mã hoặc tên bộ').fill('no such set');
    await page.getByRole('button', { name: en ? 'Apply' : 'Áp dụng', exact: true }).click();
    await page.waitForTimeout(800);
    await page.locator('.dtable').screenshot({ path: `${OUT}/merch-empty-${name}.png` });
    await unfoldFilters(page);
    await page.getByRole('button', { name: en ? 'Reset' : 'Đặt lại', exact: true }).click();

    await page.getByRole('button', { name: en ? 'Create set' : 'Tạo bộ', exact: true }).click();
    let dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/merch-set-form-${name}.png` });
    await dialog.getByRole('button', { name: en ? 'Save' : 'Lưu', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/merch-set-form-errors-${name}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const files = {
      good: `${HEAD}Snacks-Rack,North,Shot set,85,80,75,01/12/2026,31/03/2027,SHOT-${name}\r\n`,
      bad: `${HEAD}Snacks-Rack,North,Shot set,185,80,75,31/02/2026,31/03/2027,SHOT ${name}\r\n,,,,,,,,\r\n`,
    };
    for (const [kind, csv] of Object.entries(files)) {
      await page.getByRole('button', { name: en ? 'Upload sets' : 'Tải lên bộ' }).click();
      dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: `sets-${kind}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await dialog.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${OUT}/merch-upload-${kind}-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    await page.getByRole('button', { name: en ? 'Add Images' : 'Thêm hình ảnh' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/merch-images-empty-${name}.png` });
    const zip = Buffer.from(
      zipSync({ 'NOSUCHDISPLAY.jpg': new Uint8Array([1, 2, 3]), 'bad name!.jpg': new Uint8Array([1]) }),
    );
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'images.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await dialog.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${OUT}/merch-images-bad-${name}.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/merch-activity-${name}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/merchandizingSets?setId=VN-SET-001');
    await expect(page.locator('.planogram').first()).toBeVisible({ timeout: 30_000 });
    console.log(`set ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `${OUT}/merch-set-${name}.png` });
    await shotSection(page, en ? /^Planogram/ : /^Sơ đồ/, `${OUT}/merch-set-planogram-${name}.png`);
    await shotSection(
      page,
      en ? /^Reference images/ : /^Hình ảnh tham chiếu/,
      `${OUT}/merch-set-images-${name}.png`,
    );
    await shotSection(
      page,
      en ? /^Outlets assigned/ : /^Cửa hàng được gán/,
      `${OUT}/merch-set-outlets-${name}.png`,
    );
    await page.waitForTimeout(1500);
    await shotSection(page, en ? /^Compliance/ : /^Mức tuân thủ/, `${OUT}/merch-set-compliance-${name}.png`);

    await page.getByRole('button', { name: en ? 'Add display' : 'Thêm kệ' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/merch-display-form-${name}.png` });
    await dialog.getByRole('button', { name: en ? 'Save' : 'Lưu', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/merch-display-form-errors-${name}.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: en ? 'Assign outlet' : 'Gán cửa hàng' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/merch-outlet-form-${name}.png` });
    await page.keyboard.press('Escape');

    const remove = page.getByRole('button', { name: en ? /^Remove .* from display/ : /^Gỡ .* khỏi kệ/ });
    if ((await remove.count()) > 0) {
      await remove.first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${OUT}/merch-remove-${name}.png` });
      await page.keyboard.press('Escape');
    }
  });
});
