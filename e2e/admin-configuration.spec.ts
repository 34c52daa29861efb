import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers';

// Admin configuration (issue 13): the market's flags live in the database; an admin turns DownloadReports
// off and the report page loses its export buttons at once (and the server refuses the call), then on again.
const OUTLET_MASTER =
  '/reportpage?report=outlet-master&reportName=Outlet%20Master&reportCategory=masterreports';

async function setDownloads(page: Page, on: boolean) {
  await page.goto('/adminconfigurationpage');
  const downloads = page.getByRole('switch', { name: /Report downloads/ });
  await expect(downloads).toBeChecked({ checked: !on });
  await downloads.click();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Change these settings?' });
  await expect(confirm).toContainText(`Report downloads will be turned ${on ? 'on' : 'off'}`);
  await confirm.getByRole('button', { name: 'Yes, save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The market settings are saved.' })).toBeVisible();
  await expect(downloads).toBeChecked({ checked: on });
  await expect(page.getByText(/Last changed by .+/).first()).toBeVisible();
}

test('an admin turns DownloadReports off: the report page has no export; on again: it is back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin.vn@demo.test');

  await page.goto(OUTLET_MASTER);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

  await setDownloads(page, false);
  await page.goto(OUTLET_MASTER);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download XLSX' })).toHaveCount(0);
  // The server says no as well.
  const refused = await page.evaluate(async () => {
    const token =
      document.cookie.match(/(?:^|; )idToken=([^;]+)/)?.[1] ?? localStorage.getItem('idToken') ?? '';
    const res = await fetch('/api/reports/outlet-master/export?countryCode=vn', {
      headers: { customerToken: decodeURIComponent(token), countryCode: 'vn' },
    });
    return { status: res.status, body: (await res.json()) as { errors: { shortDescription: string } } };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.errors.shortDescription).toMatch(/Report downloads are turned off in Vietnam/);

  await setDownloads(page, true);
  await page.goto(OUTLET_MASTER);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
});

// Screenshots at 1440 and 390 px in both languages (test-results/), and no sideways scroll at 768 and 480 too.
const LAYOUTS = [
  [1440, 'en'],
  [1440, 'vi'],
  [768, 'en'],
  [480, 'vi'],
  [390, 'en'],
  [390, 'vi'],
] as const;
for (const [width, language] of LAYOUTS) {
  test(`the settings page at ${width} px in ${language}`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    if (language === 'vi') await page.addInitScript(() => window.localStorage.setItem('language', 'vi'));
    if (language === 'en') await signIn(page, 'admin.vn@demo.test');
    else {
      await page.goto('/login');
      await page.getByLabel('Email').fill('admin.vn@demo.test');
      await page.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bạn muốn bắt đầu từ đâu?' })).toBeVisible();
    }
    await page.goto('/adminconfigurationpage');
    const heading = language === 'en' ? 'Market settings' : 'Cài đặt thị trường';
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(20);
    // Touch sizes up to 768 px: each switch is a 44 px target.
    if (width <= 768) {
      const box = (await page.getByRole('switch').first().boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // Nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: info.outputPath(`admin-configuration-${width}-${language}.png`),
      fullPage: true,
    });
  });
}
