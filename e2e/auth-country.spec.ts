import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers';

test('a super user switches country: the label changes and the profile is fetched again', async ({
  page,
}) => {
  await signIn(page, 'super@demo.test');
  const banner = page.getByRole('banner');
  const select = banner.getByRole('combobox', { name: 'Country' }).filter({ visible: true });
  await expect(select).toHaveValue('vn');

  const profileCall = page.waitForRequest(
    (r) => r.url().includes('/api/fb/users/profile') && r.url().includes('countryCode=th'),
  );
  await select.selectOption('th');
  await profileCall;
  await expect(select.locator('option:checked')).toHaveText('Thailand');
  expect(await page.evaluate(() => localStorage.getItem('countryCode'))).toBe('th');
});

test('a user who is not a super user sees a fixed country label', async ({ page }) => {
  await signIn(page, 'tl.vn@demo.test');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('combobox', { name: 'Country' })).toHaveCount(0);
  await expect(banner.getByText('Vietnam').filter({ visible: true })).toBeVisible();
});
