import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOT_SIZES=1440,390 SHOTS=1 npx playwright test --project shots
// e2e/shots/date-formats.shots.ts): the date ranges (DateRangeFields: the pair side by side, every message
// under it) and the one date format per language (dd-MMM-yy, dd/MM/yyyy in Vietnamese) on the usage
// page's custom period with a range error, the task list, User Access and the Create set form, into
// test-results/date-shots; the sideways overflow of each is checked.
const DIR = 'test-results/date-shots';

test('usage page: a custom period with a range error', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/adminconfigurationpage?view=usage');
    const custom = page.getByRole('button', { name: language === 'en' ? 'Custom' : 'Tùy chọn' });
    await expect(custom).toBeVisible({ timeout: 30_000 });
    await custom.click();
    const from = page.getByLabel(language === 'en' ? 'From' : 'Từ ngày', { exact: true });
    const to = page.getByLabel(language === 'en' ? 'To' : 'Đến ngày', { exact: true });
    await from.fill('20/11/2026');
    await to.fill('10/11/2026');
    await to.blur();
    await expect(page.locator('.date-range-fields__messages [role="alert"]')).toHaveCount(1);
    await page.locator('.usage__filters').screenshot({ path: `${DIR}/usage-range-${name}.png` });
    // A field's own problem joins the range's under the pair.
    await from.fill('31/02/2026');
    await from.blur();
    await page.locator('.usage__filters').screenshot({ path: `${DIR}/usage-range-invalid-${name}.png` });
    expect.soft(await overflow(), `usage ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('task list', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/taskmanagment');
    const table = page.getByRole('table', { name: language === 'en' ? 'Tasks' : 'Công việc' });
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).toContainText(
      language === 'en' ? /\d{2}-[A-Z][a-z]{2}-\d{2}/ : /\d{2}\/\d{2}\/\d{4}/,
    );
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${DIR}/tasks-${name}.png`, fullPage: true });
    expect.soft(await overflow(), `tasks ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('User Access', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language, width }) => {
    await page.goto('/useraccess');
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).toContainText(
      language === 'en' ? /\d{2}-[A-Z][a-z]{2}-\d{2} \| \d{2}:\d{2}/ : /\d{2}\/\d{2}\/\d{4} \| \d{2}:\d{2}/,
    );
    await page.waitForLoadState('networkidle');
    // On phones the filters fold under the shared 'Filters' button (components/admin-tool).
    if (width <= 560) {
      await page.getByRole('button', { name: language === 'en' ? /^Filters/ : /^Bộ lọc/ }).click();
    }
    const from = page.getByLabel(language === 'en' ? 'Last sign-in from' : 'Đăng nhập gần nhất từ');
    const to = page.getByLabel(language === 'en' ? 'Last sign-in to' : 'Đăng nhập gần nhất đến');
    await from.fill('20/11/2026');
    await to.fill('10/11/2026');
    await to.blur();
    await page.screenshot({ path: `${DIR}/user-access-${name}.png` });
    await page.locator('.admin-filters').screenshot({ path: `${DIR}/user-access-filters-${name}.png` });
    expect.soft(await overflow(), `user access ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('Create set form', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/merchandizingSets');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${DIR}/merch-list-${name}.png` });
    await page
      .getByRole('button', { name: language === 'en' ? 'Create set' : 'Tạo bộ', exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(language === 'en' ? 'Go live date' : 'Ngày áp dụng').fill('24/11/2026');
    // Saved empty: each field's message under the pair.
    await dialog.getByRole('button', { name: language === 'en' ? 'Save' : 'Lưu', exact: true }).click();
    await dialog.getByLabel(language === 'en' ? 'End date' : 'Ngày kết thúc').scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: `${DIR}/merch-form-${name}.png` });
    expect.soft(await overflow(), `merch ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});
