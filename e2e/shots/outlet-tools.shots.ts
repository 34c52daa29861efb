import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { eachViewport, SHOT_VIEWPORTS, type Shot, type ShotLanguage } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/outlet-tools.shots.ts):
// Outlet Status (id), Outlet Geo-Compliance, Salesman Device ID and Device Geo-Compliance (vn) in every
// state a user meets: the first screen, filters applied, an empty result, the edit and confirmation
// dialogs, the upload dialog with a good and a bad file's preview, the Activity Log, at 1440, 768, 480
// and 390 px in en and vi, into test-results/outlet-tools-shots. Each first screen also checks the page
// does not scroll sideways. `-g 'Outlet Status'` (or another tool's name) runs one tool.
const SAMPLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'samples');
const sample = (name: string) => path.join(SAMPLES, name);
const OUT = 'test-results/outlet-tools-shots';

type Tool = 'status' | 'geo' | 'device' | 'devgeo';

/**
 * eachViewport, one size and language at a time, each tried twice: the web app is rebuilt by others on
 * this shared machine, and a page caught between two builds fails to load its screen.
 */
async function eachShot(
  browser: Browser,
  email: string | undefined,
  fn: (shot: Shot) => Promise<void>,
): Promise<void> {
  for (const viewport of SHOT_VIEWPORTS)
    for (const language of ['en', 'vi'] as ShotLanguage[]) {
      const once = () => eachViewport(browser, { viewports: [viewport], languages: [language], email }, fn);
      await once().catch(once);
    }
}

async function shoot(page: Page, tool: Tool, state: string, name: string, full = false): Promise<void> {
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${OUT}/${tool}-${state}-${name}.png`, fullPage: full });
}

async function firstScreen({ page, width, name, overflow }: Shot, tool: Tool, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, tool, 'first', name);
  await shoot(page, tool, 'full', name, width > 400);
  expect.soft(await overflow(), `${tool} ${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The upload dialog: before a file, a bad file's preview, a good file's preview; closed with Escape. */
async function uploads(page: Page, tool: Tool, name: string, opener: Locator, good: string, bad: string) {
  const en = name.endsWith('en');
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shoot(page, tool, 'upload-empty', name);
  for (const [file, state] of [
    [bad, 'upload-bad'],
    [good, 'upload-good'],
  ] as const) {
    await dialog.locator('input[type="file"]').setInputFiles(sample(file));
    await dialog.getByRole('button', { name: en ? 'Upload' : /^Tải lên$/, exact: en }).click();
    await expect(dialog.getByRole('table').or(dialog.getByText(/Confirm and apply|Xác nhận/))).toBeVisible({
      timeout: 30_000,
    });
    await shoot(page, tool, state, name);
    const again = dialog.getByRole('button', { name: en ? 'Choose another file' : /Chọn tệp khác/ });
    if (state === 'upload-bad' && (await again.count())) await again.click();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function activity(page: Page, tool: Tool, name: string) {
  const en = name.endsWith('en');
  await page.getByRole('button', { name: en ? 'Activity Log' : 'Nhật ký hoạt động' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(600);
  await shoot(page, tool, 'activity', name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

// A control that never becomes clickable fails the shot in 15 s, not at the test's end.
test.use({ actionTimeout: 15_000 });

/** The filters form, unfolded first on a phone (where it folds under a 'Filters' button after a search). */
const filterForm = (page: Page) => page.locator('.admin-filters');
async function openFilters(page: Page): Promise<void> {
  const fold = page.locator('.admin-filters-fold__toggle');
  if ((await fold.count()) > 0 && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
}
const submit = (page: Page) => filterForm(page).locator('button[type="submit"]');

test('Outlet Status screenshots', async ({ browser }) => {
  test.setTimeout(900_000);
  await eachShot(browser, 'admin.id@demo.test', async (shot) => {
    const { page, name, language } = shot;
    const en = language === 'en';
    await firstScreen(shot, 'status', '/outletStatus');

    // Two outlets switched: the change bar, then the save confirmation.
    const switches = page.getByRole('switch');
    await switches.nth(0).click();
    await switches.nth(2).click();
    await shoot(page, 'status', 'changed', name);
    await page.getByRole('button', { name: en ? 'Save' : 'Lưu', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'status', 'confirm', name);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en ? 'Save' : 'Lưu', exact: true })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 10_000 });
    await shoot(page, 'status', 'saved', name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 10_000 });

    // Filters: a DT and its site chosen; then an outlet code that matches nothing.
    await openFilters(page);
    const selects = filterForm(page).locator('select');
    await selects.nth(0).selectOption({ index: 1 });
    await selects.nth(1).selectOption({ index: 1 });
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'status', 'filtered', name);
    await openFilters(page);
    await filterForm(page).locator('input').first().fill('ZZZ999');
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'status', 'empty', name);
    await openFilters(page);
    await filterForm(page)
      .getByRole('button', { name: en ? 'Reset' : 'Đặt lại' })
      .click();

    await uploads(
      page,
      'status',
      name,
      page.getByRole('button', { name: en ? 'Bulk upload' : 'Tải lên hàng loạt' }),
      'outlet-status-good.csv',
      'outlet-status-bad.csv',
    );
    await activity(page, 'status', name);
  });
});

test('Outlet Geo-Compliance screenshots', async ({ browser }) => {
  test.setTimeout(900_000);
  await eachShot(browser, undefined, async (shot) => {
    const { page, name, language } = shot;
    const en = language === 'en';
    await firstScreen(shot, 'geo', '/outletGeoCompliance');

    // A switch asks first (the outlet-level confirmation), then the change bar and the save confirmation.
    await page.getByRole('switch').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'geo', 'toggle-confirm', name);
    await page.getByRole('dialog').locator('.dialog__actions .button').first().click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await shoot(page, 'geo', 'changed', name);
    await page.getByRole('button', { name: en ? 'Save' : 'Lưu', exact: true }).click();
    await shoot(page, 'geo', 'confirm', name);
    await page.keyboard.press('Escape');

    await openFilters(page);
    const selects = filterForm(page).locator('select');
    await selects.nth(0).selectOption({ index: 1 });
    await selects.nth(2).selectOption({ index: 1 });
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'geo', 'filtered', name);
    await openFilters(page);
    await filterForm(page).locator('input').first().fill('9999999999');
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'geo', 'empty', name);
    await openFilters(page);
    await filterForm(page)
      .getByRole('button', { name: en ? 'Reset' : 'Đặt lại' })
      .click();

    await uploads(
      page,
      'geo',
      name,
      page.getByRole('button', { name: en ? 'Bulk Update' : 'Cập nhật hàng loạt', exact: true }),
      'outlet-geo-compliance-good.csv',
      'outlet-geo-compliance-bad.csv',
    );
    await activity(page, 'geo', name);
  });
});

test('Salesman Device ID screenshots', async ({ browser }) => {
  test.setTimeout(900_000);
  await eachShot(browser, undefined, async (shot) => {
    const { page, name, language } = shot;
    const en = language === 'en';
    await firstScreen(shot, 'device', '/salesmandeviceid');

    // The market switch's confirmation.
    await page.getByRole('switch').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'device', 'validation-confirm', name);
    await page.keyboard.press('Escape');

    // Update: an invalid ID, then a good one's confirmation.
    await page
      .getByRole('button', { name: en ? /^Update the device ID/ : /^Cập nhật mã thiết bị của/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').fill('bad id!');
    await dialog.locator('button[type="submit"]').click();
    await shoot(page, 'device', 'edit-error', name);
    await dialog.locator('input').fill(`NEW-DEVICE-${name}`);
    await dialog.locator('button[type="submit"]').click();
    await shoot(page, 'device', 'edit-confirm', name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page
      .getByRole('button', { name: en ? /^Delete the device ID/ : /^Xóa mã thiết bị của/ })
      .first()
      .click();
    await shoot(page, 'device', 'delete-confirm', name);
    await page.keyboard.press('Escape');

    // Search by phone; too many values; nothing found.
    await openFilters(page);
    await filterForm(page).locator('select').nth(1).selectOption('phone');
    await openFilters(page);
    await filterForm(page).locator('input').first().fill('1,2,3,4,5,6,7,8,9,10,11');
    await shoot(page, 'device', 'too-many', name);
    await openFilters(page);
    await filterForm(page).locator('input').first().fill('0999999999');
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'device', 'empty', name);
    await openFilters(page);
    await filterForm(page)
      .getByRole('button', { name: en ? 'Reset' : 'Đặt lại' })
      .click();

    await uploads(
      page,
      'device',
      name,
      page.getByRole('button', { name: en ? 'Bulk Update Device ID' : /hàng loạt/ }),
      'salesman-device-id-good.csv',
      'salesman-device-id-bad.csv',
    );
    await activity(page, 'device', name);
  });
});

test('Device Geo-Compliance screenshots', async ({ browser }) => {
  test.setTimeout(900_000);
  await eachShot(browser, undefined, async (shot) => {
    const { page, name, language } = shot;
    const en = language === 'en';
    await firstScreen(shot, 'devgeo', '/devicegeocompliance');

    await page
      .getByRole('button', { name: en ? /^Edit the geo-compliance/ : /^Sửa kiểm tra tuân thủ/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="number"]').fill('5');
    await dialog.locator('button[type="submit"]').click();
    await shoot(page, 'devgeo', 'edit-error', name);
    await dialog.locator('input[type="number"]').fill('150');
    await dialog.locator('button[type="submit"]').click();
    await shoot(page, 'devgeo', 'edit-confirm', name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openFilters(page);
    await filterForm(page).locator('select').nth(1).selectOption({ index: 1 });
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'devgeo', 'filtered', name);
    await openFilters(page);
    await filterForm(page).locator('input').first().fill('SM99999');
    await submit(page).click();
    await page.waitForTimeout(600);
    await shoot(page, 'devgeo', 'empty', name);
    await openFilters(page);
    await filterForm(page)
      .getByRole('button', { name: en ? 'Reset' : 'Đặt lại' })
      .click();

    await uploads(
      page,
      'devgeo',
      name,
      page.getByRole('button', { name: en ? 'Bulk Update' : 'Cập nhật hàng loạt', exact: true }),
      'device-geo-compliance-good.csv',
      'device-geo-compliance-bad.csv',
    );
    await activity(page, 'devgeo', name);
  });
});
