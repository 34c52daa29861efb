import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { eachViewport, type ShotLanguage } from './helpers';

// Screenshots for review (SHOTS=1 E2E_PORT=4343 npx playwright test --project shots e2e/shots/user-access.shots.ts):
// User Access Management (table, filters, empty result, the panel, its confirmations, Activity Log, the
// Bulk Upload modal with a good and a bad file, Add Salesman BG Mapping), Admin configuration (flags, the
// change bar, the risky confirmation, Activity Log, a bad domain) and the usage page, at 1440, 768, 480
// and 390 px in en and vi. Output: test-results/user-access-shots.
const OUT = 'test-results/user-access-shots';
const words = {
  en: { close: 'Close', search: 'Search', cancel: 'Cancel', upload: 'Bulk Upload', log: 'Activity Log' },
  vi: {
    close: 'Đóng',
    search: 'Tìm kiếm',
    cancel: 'Hủy',
    upload: 'Tải lên hàng loạt',
    log: 'Nhật ký hoạt động',
  },
} as const satisfies Record<ShotLanguage, Record<string, string>>;

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

/** A good file (one new user, one changed) and one with row errors, in a temporary folder. */
async function files(dtCode: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ff-ua-shots-'));
  const write = async (name: string, rows: string[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Users');
    sheet.addRow(HEADERS);
    for (const row of rows) sheet.addRow(row);
    const file = path.join(dir, name);
    await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
    return file;
  };
  const good = await write('new-users.xlsx', [
    [
      'shot.new@example.com',
      'Shot Tester',
      'Area Sales Manager',
      'user',
      'YES',
      'YES',
      'NO',
      dtCode,
      'vn',
      'Distributor',
    ],
  ]);
  const bad = await write('users-with-errors.xlsx', [
    [
      'not-an-email',
      'Bad Email',
      'Area Sales Manager',
      'user',
      'YES',
      'YES',
      'NO',
      dtCode,
      'vn',
      'Distributor',
    ],
    [
      'ok.two@example.com',
      'Bad Role',
      'Chief Wizard',
      'user',
      'YES',
      'MAYBE',
      'NO',
      dtCode,
      'vn',
      'Distributor',
    ],
    [
      'ok.three@example.com',
      'Bad DT',
      'Supervisor',
      'user',
      'YES',
      'YES',
      'NO',
      'NOPE1',
      'vn',
      'Distributor',
    ],
  ]);
  const wrongType = path.join(dir, 'users.csv');
  await writeFile(wrongType, 'Email\r\na@example.com\r\n');
  return { good, bad, wrongType };
}

async function openUserAccess(page: Page) {
  await page.goto('/useraccess');
  await expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 });
}

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${OUT}/${name}.png`, fullPage });

const dialogShot = async (page: Page, dialog: Locator, name: string) => {
  await shot(page, name);
  // The whole dialog too when it scrolls inside.
  await dialog.screenshot({ path: `${OUT}/${name}-dialog.png` }).catch(() => undefined);
};

test('User Access: table, filters, empty result', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, width, language, name, overflow }) => {
    const w = words[language];
    await openUserAccess(page);
    await shot(page, `ua-table-${name}`);
    await shot(page, `ua-table-${name}-full`, true);
    // Phones fold the filters under one 'Filters' button (the shared admin filters), again once applied.
    const fold = page.locator('button[aria-expanded]').filter({ hasText: /^(Filters|Bộ lọc)/ });
    const unfold = async () => {
      if (
        width <= 560 &&
        (await fold.count()) &&
        (await fold.first().getAttribute('aria-expanded')) === 'false'
      )
        await fold.first().click();
    };
    await unfold();
    if (width <= 560) await shot(page, `ua-filters-open-${name}`, true);
    await page.locator('input[type=search]').first().fill('hoang');
    await page.getByRole('button', { name: w.search, exact: true }).click();
    await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
    await shot(page, `ua-filtered-${name}`, true);
    await unfold();
    await page.locator('input[type=search]').first().fill('zzzz-nobody');
    await page.getByRole('button', { name: w.search, exact: true }).click();
    await page.waitForTimeout(800);
    await shot(page, `ua-empty-${name}`, true);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});

test('User Access: the panel, its confirmations, Activity Log', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, language }) => {
    const w = words[language];
    await openUserAccess(page);
    // Another user (the DT picker and the account actions), then the admin themselves.
    await page.locator('.ua-link').first().click();
    const panel = page.locator('.ua-panel');
    await expect(page.locator('.ua-form')).toBeVisible();
    await shot(page, `ua-panel-other-${name}`);
    await panel.screenshot({ path: `${OUT}/ua-panel-other-${name}-whole.png` }).catch(() => undefined);
    // A change: the reports switch, then Save → the confirmation.
    await panel.getByRole('switch').nth(1).click();
    await panel.locator('.ua-actions--save .button--primary').click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog').last());
    await page.waitForTimeout(300);
    await dialogShot(page, confirm, `ua-confirm-save-${name}`);
    // Save it: the toast, and an entry for the Activity Log.
    await confirm.locator('.button--primary').click();
    await page.waitForTimeout(700);
    await shot(page, `ua-saved-${name}`);
    if (!(await panel.isVisible())) await page.locator('.ua-link').first().click();
    await expect(page.locator('.ua-form')).toBeVisible();
    // Deactivate.
    const deactivate = panel.locator('.ua-account .button--danger');
    if (await deactivate.count()) {
      await deactivate.click();
      await page.waitForTimeout(300);
      await shot(page, `ua-confirm-deactivate-${name}`);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(200);
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    if (await panel.count())
      await page.getByRole('dialog').getByRole('button', { name: w.close }).first().click();
    await page.getByRole('button', { name: w.log, exact: true }).click();
    await page.waitForTimeout(1200);
    await shot(page, `ua-activity-${name}`);
    await page.keyboard.press('Escape');
  });
});

test('User Access: Bulk Upload with a good file, a file with row errors, a wrong file', async ({
  browser,
}) => {
  test.setTimeout(400_000);
  let made: Awaited<ReturnType<typeof files>> | null = null;
  await eachViewport(browser, {}, async ({ page, name, language }) => {
    const w = words[language];
    if (!made) {
      const res = await page.request.get('/api/admin/userAccess/filters?countryCode=vn');
      const body = (await res.json().catch(() => ({}))) as {
        'response-data'?: { dtCodes?: { code: string }[] };
      };
      made = await files(body['response-data']?.dtCodes?.[0]?.code ?? 'VN0001');
    }
    await openUserAccess(page);
    await page.getByRole('button', { name: w.upload, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, `up-empty-${name}`);
    const browse = dialog.locator('input[type=file]');
    await browse.setInputFiles(made.good);
    await page.waitForTimeout(400);
    await shot(page, `up-uploading-${name}`);
    await page.waitForTimeout(2600);
    await dialogShot(page, dialog, `up-good-${name}`);
    await browse.setInputFiles(made.bad);
    await page.waitForTimeout(3000);
    await dialogShot(page, dialog, `up-errors-${name}`);
    await dialog.getByRole('radio').nth(1).check();
    await page.waitForTimeout(1500);
    await dialogShot(page, dialog, `up-errors-salesman-${name}`);
    await browse.setInputFiles(made.wrongType);
    await page.waitForTimeout(400);
    await dialogShot(page, dialog, `up-wrong-${name}`);
  });
});

test('Add Salesman BG Mapping', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name }) => {
    await openUserAccess(page);
    const opener = page.getByRole('button', { name: /SalesPerson|NVBH/ }).filter({ visible: true });
    if (!(await opener.count()))
      await page
        .getByRole('button', { name: /menu|trình đơn/i })
        .first()
        .click();
    await opener.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await shot(page, `bg-empty-${name}`);
    const code = dialog.locator('input').first();
    await code.fill('NOPE');
    await code.press('Enter');
    await page.waitForTimeout(1200);
    await shot(page, `bg-notfound-${name}`);
    await code.fill('VNSM00001');
    await code.press('Enter');
    await page.waitForTimeout(1200);
    await shot(page, `bg-found-${name}`);
  });
});

test('Admin configuration: flags, change bar, confirmation, Activity Log, bad domain', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, language }) => {
    const w = words[language];
    await page.goto('/adminconfigurationpage');
    await expect(page.getByRole('switch').first()).toBeVisible({ timeout: 20_000 });
    await shot(page, `cfg-${name}-full`, true);
    await page.getByRole('switch').first().click({ force: true });
    await page.waitForTimeout(300);
    await shot(page, `cfg-changed-${name}`);
    await page.locator('.change-list-bar .button--primary, [class*=change] .button--primary').first().click();
    await page.waitForTimeout(400);
    await shot(page, `cfg-confirm-${name}`);
    await page.keyboard.press('Escape');
    const domains = page.locator('.market-config input[type=text]');
    await domains.fill('bad domain!!');
    await domains.scrollIntoViewIfNeeded();
    await shot(page, `cfg-bad-domain-${name}`);
    await page.getByRole('button', { name: w.log, exact: true }).click();
    await page.waitForTimeout(1200);
    await shot(page, `cfg-activity-${name}`);
  });
});

test('Usage page', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name }) => {
    await page.goto('/adminconfigurationpage?view=usage');
    await page.waitForTimeout(2500);
    await shot(page, `usage-${name}`);
    await shot(page, `usage-${name}-full`, true);
  });
});
