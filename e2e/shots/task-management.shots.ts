import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots): the task list, the form and a
// seeded task's progress at 1440, 768, 480 and 390 px, in en and vi.
test('Task Management screenshots', async ({ browser }) => {
  test.setTimeout(180_000);
  await eachViewport(browser, {}, async ({ page, name, overflow }) => {
    await page.goto('/taskmanagment');
    await expect(page.getByRole('table')).toBeVisible();
    console.log(`list ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `test-results/task-shots/list-${name}.png`, fullPage: true });
    await page
      .locator('.dtable-toolbar button.button--primary, button.button--primary')
      .filter({ hasText: /New task|Công việc mới/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/task-shots/form-${name}.png` });
    // The outlet types chosen from a list: one chosen, its subtypes under their heading.
    const types = page.locator('fieldset.checklist').first();
    await types.getByRole('checkbox').nth(1).check();
    await page.locator('fieldset.checklist').nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/task-shots/form-types-${name}.png` });
    await page.keyboard.press('Escape');
    await page
      .locator('.link-button')
      .filter({ hasText: /Cooler display check/ })
      .first()
      .click();
    await expect(page.locator('.task-bar')).toBeVisible();
    console.log(`progress ${name} overflow ${await overflow()}`);
    await page.screenshot({ path: `test-results/task-shots/progress-${name}.png`, fullPage: true });
  });
});
