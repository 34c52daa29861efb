import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/best-price.shots.ts):
// Estimated Best Price (vn) at the four review sizes in en and vi, into test-results/merch-task-price-shots:
// the first screen, the recompute's popup, the wide-spread filter, an empty result, the override dialog
// (a bad price's error), the upload dialog with a good and a bad file's preview, and the Activity Log.
const OUT = 'test-results/merch-task-price-shots';

const popupClose = async (page: Page) => {
  const popup = page.getByTestId('countdown-popup');
  if (await popup.isVisible()) await popup.getByRole('button').first().click();
};

/** On a phone the filters are folded behind a 'Filters' button: unfold them before filling one. */
async function unfoldFilters(page: Page) {
  const toggle = page.locator('.admin-filters-fold__toggle[aria-expanded="false"]');
  if (await toggle.isVisible()) await toggle.click();
}

test('Estimated Best Price screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, {}, async ({ page, language, name, overflow }) => {
    page.setDefaultTimeout(30_000);
    const en = language === 'en';
    await page.goto('/estimatedbestprice');
    const table = page.getByRole('table').first();
    await expect(table).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/price-first-${name}.png` });
    console.log(`price ${name} first`);
    console.log(`price ${name} overflow ${await overflow()}`);

    await page.getByRole('button', { name: en ? 'Recompute estimates' : 'Tính lại ước tính' }).click();
    await expect(page.getByTestId('countdown-popup')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/price-recomputed-${name}.png` });
    await popupClose(page);

    // The first row's item and outlet type, for the override and the good upload.
    const override = page.getByRole('button', { name: en ? /^Override the price of/ : /^Ghi đè giá của/ });
    const label = (await override.first().getAttribute('aria-label')) ?? '';
    const itemCode = /\((\w+)\)/.exec(label)?.[1] ?? 'X';
    const typeSelect = page.getByLabel(en ? 'Outlet type' : 'Loại cửa hàng', { exact: true });
    const types = await typeSelect
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));

    await unfoldFilters(page);

    await page.getByLabel(en ? 'Spread' : 'Biên độ', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: en ? 'Apply' : 'Áp dụng', exact: true }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/price-wide-${name}.png`, fullPage: false });

    await unfoldFilters(page);

    await page.getByRole('button', { name: en ? 'Reset' : 'Đặt lại', exact: true }).click();
    await unfoldFilters(page);
    await page.getByLabel(en ? 'Item codes' : 'Mã sản phẩm').fill('NOSUCH1');
    await page.getByRole('button', { name: en ? 'Apply' : 'Áp dụng', exact: true }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/price-empty-${name}.png` });

    await unfoldFilters(page);

    await page.getByRole('button', { name: en ? 'Reset' : 'Đặt lại', exact: true }).click();
    await expect(override.first()).toBeVisible();
    await override.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${OUT}/price-override-${name}.png` });
    await dialog.getByRole('textbox').fill('12.345');
    await dialog.getByRole('button', { name: en ? 'Save' : 'Lưu' }).click();
    await page.screenshot({ path: `${OUT}/price-override-bad-${name}.png` });
    await dialog.getByRole('textbox').fill(String(1000 + Math.floor(Math.random() * 9000)));
    await dialog.getByRole('button', { name: en ? 'Save' : 'Lưu' }).click();
    await expect(page.getByTestId('countdown-popup')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${OUT}/price-saved-${name}.png` });
    await popupClose(page);
    console.log(
      `focus after save ${name}: ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`,
    );

    const good = test.info().outputPath(`best-price-good-${name}.csv`);
    writeFileSync(good, `Item Code,Outlet Type,Override Price\n${itemCode},${types[0] ?? ''},4321\n`);
    const bad = test.info().outputPath(`best-price-bad-${name}.csv`);
    writeFileSync(
      bad,
      `Item Code,Outlet Type,Override Price\n${itemCode},${types[0] ?? ''},12.345\n${itemCode},${types[0] ?? ''},5\nNOSUCH1,Grocery,7\n,Grocery,\n`,
    );
    for (const [file, kind] of [
      [good, 'good'],
      [bad, 'bad'],
    ] as const) {
      await page.getByRole('button', { name: en ? 'Upload overrides' : 'Tải lên giá ghi đè' }).click();
      const upload = page.getByRole('dialog');
      await expect(upload).toBeVisible();
      if (kind === 'good') await page.screenshot({ path: `${OUT}/price-upload-empty-${name}.png` });
      await upload.locator('input[type="file"]').setInputFiles(file);
      await upload.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${OUT}/price-upload-${kind}-${name}.png` });
      await page.keyboard.press('Escape');
      await expect(upload).toBeHidden();
    }

    await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/price-activity-${name}.png` });
    await page.keyboard.press('Escape');
  });
});
