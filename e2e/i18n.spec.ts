import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './auth-helpers';

test('the language switch shows Vietnamese and keeps it across a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quên mật khẩu?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('button', { name: 'Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  // The headers use the same choice (signing in, in Vietnamese, lands on the landing screen).
  await page.getByLabel('Email').fill('sm.vn@demo.test');
  await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bạn muốn bắt đầu từ đâu?' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Việt Nam').filter({ visible: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible();
});
