import { expect, test } from '@playwright/test';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { signIn } from './auth-helpers';

// Merchandizing Sets, Add Images (issue 15): on a demo set's page, a zip whose image names are the set's
// Display IDs goes through the upload dialog (progress, then the match report), and the images show in the
// set's gallery; a thumbnail opens the full image. A zip with an unknown Display ID is refused with the
// spec's message and its report.

async function jpeg(r: number, g: number, b: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer(),
  );
}

test('an admin of vn adds images to a demo set and sees them in its gallery', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/merchandizingSets?setId=VN-SET-001');
  await expect(page.getByRole('heading', { name: /Cooler Front Shelf/ })).toBeVisible();

  // A refused zip: the spec's message and the images that match no display, nothing stored.
  await page.getByRole('button', { name: 'Add Images' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add display images' });
  await expect(dialog).toContainText('Accepted: .zip, at most 100 MB.');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'unknown.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      zipSync({ 'D-COOL-01.jpg': await jpeg(200, 30, 30), 'NO-SUCH-9.jpg': await jpeg(1, 2, 3) }),
    ),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Some images have unknown Display IDs', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('region', { name: 'Match report' })).toContainText('NO-SUCH-9.jpg');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The set's two displays.
  await page.getByRole('button', { name: 'Add Images' }).click();
  dialog = page.getByRole('dialog', { name: 'Add display images' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'cooler images.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      zipSync({ 'D-COOL-01.jpg': await jpeg(200, 30, 30), 'D-COOL-02.JPG': await jpeg(30, 30, 200) }),
    ),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const report = dialog.getByRole('region', { name: 'Match report' });
  await expect(report).toContainText('2 images stored', { timeout: 30_000 });
  await expect(report).toContainText('Every display has an image.');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const gallery = page.getByRole('region', { name: 'Display images' });
  const open = gallery.getByRole('button', { name: 'Open the image of Cooler top shelf' });
  await expect(open).toBeVisible({ timeout: 15_000 });
  await expect(gallery.getByRole('button', { name: 'Open the image of Cooler eye level' })).toBeVisible();
  // the thumbnail really loads (the session cookie reaches the image call)
  await expect
    .poll(() => open.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 15_000,
    })
    .toBe(320);
  await open.click();
  const viewer = page.getByRole('dialog', { name: 'Cooler top shelf' });
  const full = viewer.getByRole('img', { name: 'Reference image of display Cooler top shelf (D-COOL-01)' });
  await expect(full).toBeVisible();
  await expect
    .poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
    .toBe(640);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
});
