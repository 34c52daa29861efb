import { expect, test } from '@playwright/test';
import { eachViewport } from './helpers';

// Screenshots for review (SHOTS=1 npx playwright test --project shots e2e/shots/toast.shots.ts): the
// 10-device notice (a toast) just after sign-in at 1440, 768, 480 and 390 px in en and vi, into
// test-results/toast-shots: it never covers the header (the menu button, the area title).
const DIR = 'test-results/toast-shots';

test('the device-cap toast beside the header', async ({ browser }) => {
  test.setTimeout(300_000);
  await eachViewport(browser, {}, async ({ page, name, language }) => {
    // What the sign-in that ended the earliest session leaves for the next screen (auth-devices.spec.ts
    // makes the eleventh sign-in itself).
    await page.evaluate(() => window.sessionStorage.setItem('evictedNotice', 'true'));
    await page.reload();
    const text = language === 'en' ? 'at most 10 devices' : '10 thiết bị';
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: `${DIR}/device-cap-${name}.png` });
  });
});
