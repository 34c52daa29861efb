import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the UCube home's trend chart with
// its figures table open, at 1440, 768, 480 and 390 px in en and vi, into test-results/ucube-shots.
test('UCube trend figures table screenshots', async ({ browser }) => {
  test.setTimeout(600_000);
  await eachViewport(browser, { email: 'super@demo.test' }, async ({ page, language, name, overflow }) => {
    await page.goto('/homepage');
    const section = page.getByRole('region', {
      name: language === 'en' ? 'Trend for the month' : 'Xu hướng trong tháng',
    });
    await expect(section.getByRole('img').first()).toBeVisible({ timeout: 20_000 });
    await section.locator('summary').first().click();
    const table = section.getByRole('table');
    await expect(table).toBeVisible();
    // The chart's summary and the table below the sticky header, as a reader sees them.
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/ucube-shots/trend-figures-${name}.png` });
    expect.soft(await overflow(), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  });
});
