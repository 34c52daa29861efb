import { expect, test, type Locator, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { signIn } from './auth-helpers';

// Merchandizing Sets (issue 15): an admin of vn creates a set with the one-record form, adds a display
// with two products, assigns an outlet, sees the planogram (shelf and spoken list), adds the display's
// reference image from a zip and sees it in the gallery; then uploads a set from the template and finds
// it in the list; the set page at 480 px has no sideways scroll.

/** Product and outlet codes of the demo data, read from the seeded set's page. */
async function demoCodes(page: Page) {
  await page.goto('/merchandizingSets?setId=VN-SET-001');
  const items = page.locator('.planogram__list li');
  await expect(items.first()).toBeVisible();
  const codeOf = async (l: Locator) => /\(([^()]+)\)[^()]*$/.exec((await l.textContent()) ?? '')![1]!;
  const products = [await codeOf(items.nth(0)), await codeOf(items.nth(1))];
  const outletRow = page
    .getByRole('table', { name: /Outlets assigned to set VN-SET-001/ })
    .locator('tbody th')
    .first();
  const outlet = await codeOf(outletRow);
  return { products, outlet };
}

async function uploadThrough(dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const confirm = dialog.getByRole('button', { name: 'Confirm and apply' });
  const applied = dialog.getByText(/^Applied: \d+ created, \d+ updated, \d+ unchanged\.$/);
  await expect(confirm.or(applied)).toBeVisible({ timeout: 60_000 });
  if (await confirm.isVisible()) await confirm.click();
  await expect(applied).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
}

test('create a set, add a display, assign an outlet, see the planogram and its image', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now() % 100_000);
  const setId = `E2E-SET-${suffix}`;
  const displayId = `E2E-D-${suffix}`;
  await signIn(page, 'admin.vn@demo.test');
  const { products, outlet } = await demoCodes(page);

  await page.goto('/merchandizingSets');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandizing Sets' })).toBeVisible();
  await page.getByRole('button', { name: 'Create set' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create set' });
  await dialog.getByLabel('Set ID').fill(setId);
  await dialog.getByLabel('Set Name').fill('E2E cooler set');
  await dialog.getByLabel('BU-Asset Type').fill('Beverages-Cooler');
  await dialog.getByLabel('Sub-Region').fill('South');
  await dialog.getByLabel('OSA Hurdle Rate (%)').fill('120');
  await dialog.getByLabel('Facings Hurdle Rate (%)').fill('80');
  await dialog.getByLabel('Stock Hurdle Rate (%)').fill('75');
  await dialog.getByLabel('Go live date').fill('2026-11-01');
  await dialog.getByLabel('End date').fill('2027-01-31');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A rate above 100 is refused beside its field; nothing is sent.
  await expect(dialog.getByText('A number from 0 to 100')).toBeVisible();
  await dialog.getByLabel('OSA Hurdle Rate (%)').fill('90');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The new set's page opens.
  await expect(page).toHaveURL(new RegExp(`setId=${setId}`));
  await expect(page.getByRole('heading', { level: 2, name: `E2E cooler set (${setId})` })).toBeVisible();
  await expect(page.getByText('No displays yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add display' }).click();
  dialog = page.getByRole('dialog', { name: 'Add display' });
  await dialog.getByLabel('Display ID').fill(displayId);
  await dialog.getByLabel('Display Name').fill('E2E shelf');
  await dialog.getByLabel('Product Code (position 1)').fill(products[0]!);
  await dialog.getByLabel('Facings').first().fill('3');
  await dialog.getByLabel('Depth').first().fill('2');
  await dialog.getByRole('button', { name: 'Add product' }).click();
  await dialog.getByLabel('Product Code (position 2)').fill(products[1]!);
  await dialog.getByLabel('Facings').nth(1).fill('1');
  await dialog.getByLabel('Depth').nth(1).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The planogram: the shelf (hidden from screen readers) and the products in order, in words.
  const figure = page.getByRole('figure', { name: /E2E shelf/ });
  await expect(figure).toBeVisible();
  await expect(figure.locator('.planogram__product')).toHaveCount(2);
  await expect(figure.locator('.planogram__product').first().locator('.planogram__unit')).toHaveCount(6);
  const lines = figure.getByRole('listitem');
  await expect(lines.nth(0)).toContainText(`(${products[0]}): 3 facings wide, 2 deep`);
  await expect(lines.nth(1)).toContainText(`(${products[1]}): 1 facing wide, 4 deep`);

  await page.getByRole('button', { name: 'Assign outlet' }).click();
  dialog = page.getByRole('dialog', { name: 'Assign outlet' });
  await dialog.getByLabel('Outlet ID').fill(outlet);
  await dialog.getByLabel('Number of Times').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const outlets = page.getByRole('table', { name: `Outlets assigned to set ${setId}` });
  await expect(outlets.getByRole('row').filter({ hasText: outlet })).toContainText(displayId);
  await expect(page.getByRole('heading', { name: 'Outlets assigned (1)' })).toBeVisible();

  // The display's reference image: a zip whose image is named for the Display ID.
  const jpeg = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 23, g: 128, b: 143 } },
  })
    .jpeg()
    .toBuffer();
  const zip = Buffer.from(zipSync({ [`${displayId}.jpg`]: new Uint8Array(jpeg) }));
  const images = page.getByRole('region', { name: 'Reference images' });
  await images.getByRole('button', { name: 'Add Images' }).click();
  await uploadThrough(page.getByRole('dialog', { name: 'Add display images' }), {
    name: 'e2e-images.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await expect(images.getByRole('button', { name: /Open the image of E2E shelf/ })).toBeVisible({
    timeout: 15_000,
  });

  // The new version keeps the old one readable.
  await page.getByRole('button', { name: 'New version' }).click();
  dialog = page.getByRole('dialog', { name: 'New version' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const versions = page.getByLabel('Version', { exact: true });
  await expect(versions).toHaveValue('2');
  await versions.selectOption('1');
  await expect(page.getByText('You are looking at version 1, an older version')).toBeVisible();
  await expect(page.getByRole('figure', { name: /E2E shelf/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add display' })).toHaveCount(0);

  await page.setViewportSize({ width: 480, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('upload a set from the template and find it in the list', async ({ page }) => {
  test.setTimeout(120_000);
  const setId = `E2E-UP-${Date.now() % 100_000}`;
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/merchandizingSets');
  await page.getByRole('button', { name: 'Upload sets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Sets' });
  const csv =
    'BU-Asset Type,Sub-Region,Set Name,OSA Hurdle Rate,Facings Hurdle Rate,Stock Hurdle Rate,Go live date,End date,Set ID\r\n' +
    `Snacks-Rack,North,E2E uploaded set,85,80,75,01/12/2026,31/03/2027,${setId}\r\n`;
  await uploadThrough(dialog, { name: 'sets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByLabel('Set ID or name').fill(setId);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const row = page.getByRole('table', { name: 'Merchandizing sets' }).getByRole('row').nth(1);
  await expect(row).toContainText(`E2E uploaded set (${setId})`);
  await expect(row).toContainText('85 / 80 / 75 %');
});
