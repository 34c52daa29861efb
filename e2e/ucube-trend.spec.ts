import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

test('the UCube home shows the month trend of the scope, with its summary and figures by day', async ({
  page,
}) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/homepage');
  const section = page.getByRole('region', { name: 'Trend for the month' });
  const chart = section.getByRole('img', { name: /^GSV: cumulative actual against the straight line/ });
  await expect(chart).toBeVisible();
  // The summary is the chart's description, in words.
  const summaryId = await chart.getAttribute('aria-describedby');
  const summary = page.locator(`[id="${summaryId}"]`);
  await expect(summary).toHaveText(
    /^GSV: \S+ by \d+ \w+, against \S+ on the straight line .*(Ahead of|Behind) the line\.$/,
  );
  await expect(chart.getByText('Today')).toBeVisible();
  await expect(section.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');

  await section.getByRole('button', { name: 'ECO' }).click();
  await expect(section.getByRole('img', { name: /^ECO: cumulative actual/ })).toBeVisible();
  await expect(summary).toHaveText(/^ECO: /);

  await section.getByText('Show the figures by day').click();
  const table = section.getByRole('table', { name: 'ECO by day' });
  await expect(table).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);

  await section.getByRole('button', { name: 'Last month' }).click();
  await expect(section.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(section.getByRole('img', { name: /cumulative actual/ })).toBeVisible();
  await expect(section.getByText('Today')).toHaveCount(0);
});

test.describe('at 480 px in Vietnamese', () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('the trend chart fits the width and speaks Vietnamese', async ({ page }) => {
    await signIn(page, 'super@demo.test');
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.goto('/homepage');
    const section = page.getByRole('region', { name: 'Xu hướng trong tháng' });
    const chart = section.getByRole('img', { name: /^GSV: thực đạt lũy kế/ });
    await expect(chart).toBeVisible();
    // The figure in Vietnamese words (2,29 tỷ): a number, then its unit after a (no-break) space.
    await expect(section.getByText(/^GSV: [\d.,]+(?:\s(?:nghìn\stỷ|tỷ|tr|nghìn))?\stính đến /)).toBeVisible();
    const box = await chart.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(480);
    const overflow = await page.evaluate(
      () => (document.scrollingElement?.scrollWidth ?? 0) > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });
});
