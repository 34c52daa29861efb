import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/review-leftovers.shots.ts):
// the last review's leftovers at 1440, 768, 480 and 390 px in en and vi, into test-results/leftover-shots:
// the usage page's events and its custom period (date fields in the language's format), the User Access
// cards' emails, the header's account button, the UCube home's abbreviated figures, the tasks' date filters.
const DIR = 'test-results/leftover-shots';

test('usage page: events in words, the custom period', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/adminconfigurationpage?view=usage');
    const events = page.getByRole('table', {
      name: language === 'en' ? 'Events by name' : 'Sự kiện theo tên',
    });
    // On a fresh database the first events (this sign-in) arrive once the page has sent its queue.
    await expect(async () => {
      await page.reload();
      await expect(events).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    await events.scrollIntoViewIfNeeded();
    await events.screenshot({ path: `${DIR}/usage-events-${name}.png` });
    await page.getByRole('button', { name: language === 'en' ? 'Custom' : 'Tùy chọn' }).click();
    const from = page.getByLabel(language === 'en' ? 'From' : 'Từ ngày', { exact: true });
    await expect(from).toHaveValue(
      language === 'en' ? /^\d{2}-[A-Z][a-z]{2}-\d{2}$/ : /^\d{2}\/\d{2}\/\d{4}$/,
    );
    await from.fill('31/02/2026');
    await from.blur();
    await page.locator('.usage__filters').screenshot({ path: `${DIR}/usage-dates-${name}.png` });
    expect.soft(await overflow(), `usage ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('usage page: a year of weeks (short days under the axis, the year in the figures table)', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/adminconfigurationpage?view=usage');
    await page.getByRole('button', { name: language === 'en' ? 'Last 12 months' : '12 tháng qua' }).click();
    await page.getByRole('button', { name: language === 'en' ? 'Weekly' : 'Theo tuần' }).click();
    const chart = page.locator('.usage__figure');
    await expect(chart).toBeVisible({ timeout: 60_000 });
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: `${DIR}/usage-weeks-${name}.png` });
    await chart
      .getByText(language === 'en' ? 'Show the figures as a table' : 'Xem số liệu dạng bảng')
      .click();
    await chart.locator('table').screenshot({ path: `${DIR}/usage-weeks-table-${name}.png` });
    expect.soft(await overflow(), `usage weeks ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('Estimated Best Price: outlet types to choose, in the reader’s language', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow, language }) => {
    await page.goto('/estimatedbestprice');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const recompute = page.getByRole('button', {
      name: language === 'en' ? 'Recompute estimates' : /Tính lại/,
    });
    await recompute.click();
    await page.getByTestId('countdown-popup').getByRole('button').first().click();
    const select = page.getByLabel(language === 'en' ? 'Outlet type' : 'Loại cửa hàng', { exact: true });
    await expect(select.locator('option').nth(2)).toBeAttached({ timeout: 30_000 });
    await select.selectOption({ index: 2 });
    await page.screenshot({ path: `${DIR}/best-price-${name}.png` });
    expect.soft(await overflow(), `best price ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('User Access cards, the header account button', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow }) => {
    await page.goto('/useraccess');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${DIR}/user-access-${name}.png` });
    // The first rows (cards on a phone), where the emails wrap.
    const rows = page.getByRole('table').getByRole('row');
    await rows.nth(3).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${DIR}/user-access-rows-${name}.png` });
    await page
      .locator('header')
      .first()
      .screenshot({ path: `${DIR}/header-${name}.png` });
    const avatar = await page.locator('.avatar').boundingBox();
    expect.soft(avatar!.width, 'account button width').toBeGreaterThanOrEqual(44);
    expect.soft(avatar!.height, 'account button height').toBeGreaterThanOrEqual(44);
    expect.soft(await overflow(), `user access ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});

test('UCube home figures and the tasks’ date filters', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, overflow }) => {
    await page.goto('/homepage');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${DIR}/ucube-home-${name}.png`, fullPage: true });
    expect.soft(await overflow(), `ucube home ${name} scrolls sideways`).toBeLessThanOrEqual(0);
    await page.goto('/taskmanagment');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${DIR}/tasks-${name}.png` });
    expect.soft(await overflow(), `tasks ${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});
