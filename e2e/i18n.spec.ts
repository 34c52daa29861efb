import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './auth-helpers';

test('the language switch shows Vietnamese and keeps it across a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'VI Tiếng Việt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quên mật khẩu?' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('button', { name: 'VI Tiếng Việt' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');

  // The headers use the same choice (signing in, in Vietnamese, lands on the landing screen).
  await page.getByLabel('Email').fill('sm.vn@demo.test');
  await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bạn muốn bắt đầu từ đâu?' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Việt Nam').filter({ visible: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'EN English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Where would you like to start?' })).toBeVisible();
});

test('in Vietnamese the server’s words, figures, dates and report cells read Vietnamese', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => window.localStorage.setItem('language', 'vi'));
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin.vn@demo.test');
  await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bạn muốn bắt đầu từ đâu?' })).toBeVisible();

  // Team View: level titles, KPI headers and BSA in Vietnamese, figures vi-VN style, dates dd/MM/yyyy.
  await page.goto('/teamlevels');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: /Giám đốc chi nhánh/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Chỉ tiêu GSV/ })).toBeVisible();
  await expect(
    page.getByText(/BSA: Nhà phân phối · Từ \d{2}\/\d{2}\/\d{4} đến \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();
  // Abbreviated figures in Vietnamese words (tỷ, tr, nghìn), not the spec's English letters.
  await expect(table.getByText(/^\d+,\d{2}\u00a0(tỷ|tr|nghìn)$/).first()).toBeVisible();
  await expect(table.getByText(/^\d+,\d{2}%/).first()).toBeVisible();
  const teamText = await page.locator('main').innerText();
  expect(teamText).not.toMatch(
    /Salesman|Sales Person|Branch Manager|Target|Actuals|\d[.,]\d{2}(Bn|M|K)|\d\.\d{2}%/,
  );

  // A report: name, headers and data words in Vietnamese; the file keeps English (not checked here).
  await page.goto('/reportpage?reportName=Product+Master&reportCategory=masterreports');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Product Master');
  await expect(page.getByRole('columnheader', { name: /Ngành hàng/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Chăm sóc tóc' }).first()).toBeVisible();
  const reportText = await page.locator('main').innerText();
  expect(reportText).not.toMatch(/\bDistributor\b|Hair Care|Product Master/);
});
