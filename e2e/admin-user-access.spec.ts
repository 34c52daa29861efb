import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './auth-helpers';

// User Access Management (issue 13): an admin searches and filters the market's users, edits one user's
// access in the panel (confirmation with the change, toast, the table updated), and deactivates a user
// who is signed in elsewhere: that user's open session is refused on its next call.
const HEADING = 'User Access Management';

/** Signs in through the form and waits until the portal has left the login screen. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function openUserAccess(page: Page) {
  await page.goto('/useraccess');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Name or email').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
}

async function newPage(browser: Browser, width = 1280, height = 800) {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

test.describe.configure({ mode: 'serial' });

test('an admin filters the users and edits one user’s access with a confirmation', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin.vn@demo.test');
  await openUserAccess(page);

  // Filters: admins only, then no UCube access.
  await page.getByLabel('Admin', { exact: true }).selectOption('1');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row', { name: /admin\.vn@demo\.test/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /tl\.vn@demo\.test/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.getByLabel('UCube access', { exact: true }).selectOption('0');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('row', { name: /reports\.vn@demo\.test/ })).toBeVisible();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();

  await searchFor(page, 'reports.vn@');
  const row = page.getByRole('row', { name: /reports\.vn@demo\.test/ });
  await expect(row.getByText('UCube', { exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: /Edit the access of/ }).click();

  const panel = page.getByRole('dialog', { name: /Access of/ });
  await expect(panel).toBeVisible();
  const save = panel.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  // A Super User right is refused before Save, and Save stays off.
  await panel.getByRole('switch', { name: /Super User rights/ }).check();
  await expect(panel.getByRole('alert')).toContainText('Only a Super User may grant Super User rights.');
  await expect(save).toBeDisabled();
  await panel.getByRole('switch', { name: /Super User rights/ }).uncheck();

  await panel.getByRole('switch', { name: /UCube access/ }).check();
  await save.click();
  const confirm = page.getByRole('dialog', { name: /Save the access of/ });
  await expect(confirm.getByRole('listitem')).toHaveText(['UCube access: Off → On']);
  // Escape closes the confirmation only.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(panel).toBeVisible();
  await save.click();
  await page
    .getByRole('dialog', { name: /Save the access of/ })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByRole('status').getByText(/Access of .* saved\./)).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('UCube', { exact: true })).toBeVisible();

  // The Activity Log names the change.
  await page.getByRole('button', { name: 'Activity Log' }).click();
  const log = page.getByRole('dialog', { name: 'Activity Log' });
  await expect(log).toContainText('Access changed');
  await expect(log).toContainText('reports.vn@demo.test');
  await log.getByRole('button', { name: 'Close' }).click();

  // Leave reports.vn as the demo data has it (reports only): later flows sign in as them.
  await row.getByRole('button', { name: /Edit the access of/ }).click();
  await panel.getByRole('switch', { name: /UCube access/ }).uncheck();
  await save.click();
  await page
    .getByRole('dialog', { name: /Save the access of/ })
    .getByRole('button', { name: 'Save' })
    .click();
  // The first save's toast may still be up: what says this save is done is its confirmation closing
  // (while it is open, its own Close button is inside the panel too).
  await expect(page.getByRole('dialog', { name: /Save the access of/ })).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .getByText(/Access of .* saved\./)
      .last(),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('UCube', { exact: true })).toHaveCount(0);
});

test('a deactivated user cannot use their open session', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await newPage(browser);
  await signIn(user, 'none.vn@demo.test');

  await signIn(page, 'admin.vn@demo.test');
  await openUserAccess(page);
  await searchFor(page, 'none.vn@');
  await page.getByRole('button', { name: /Edit the access of/ }).click();
  const panel = page.getByRole('dialog', { name: /Access of/ });
  await expect(panel).toContainText('Open sessions: 1');
  await panel.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: /^Deactivate / });
  await expect(confirm.getByRole('button', { name: 'Deactivate' })).toHaveClass(/button--danger/);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').getByText(/is deactivated; open sessions ended: 1\./)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: /none\.vn@demo\.test/ })).toContainText('Deactivated');

  // The user's next call is refused: the portal sends them back to sign in.
  await user.goto('/profile');
  await expect(user).toHaveURL(/\/login/, { timeout: 15_000 });
  await user.getByLabel('Email').fill('none.vn@demo.test');
  await user.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await user.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(user).toHaveURL(/\/login/);
  await user.context().close();

  // Reactivated, none.vn signs in again (later flows sign in as them).
  await page.getByRole('button', { name: /Edit the access of/ }).click();
  await panel.getByRole('button', { name: 'Reactivate' }).click();
  await page
    .getByRole('dialog', { name: /^Reactivate / })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(page.getByRole('status').getByText(/can sign in again\./)).toBeVisible();
  const again = await newPage(browser);
  await signIn(again, 'none.vn@demo.test');
  await again.context().close();
});

test('the table reads at a glance at 1440 px, and every control is a 44 px target on a touch phone', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // 1440 px: the filters fill two rows (Search beside the second row's fields), access chips on one line.
  const page = await newPage(browser, 1440, 900);
  await signIn(page, 'admin.vn@demo.test');
  await openUserAccess(page);
  const search = (await page.getByRole('button', { name: 'Search', exact: true }).boundingBox())!;
  const dtCode = (await page.getByLabel('DT code', { exact: true }).boundingBox())!;
  expect(Math.abs(search.y + search.height / 2 - (dtCode.y + dtCode.height / 2))).toBeLessThan(8);
  const chips = page.getByRole('row', { name: /super@demo\.test/ }).getByRole('list', { name: 'Access' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  expect((await chips.boundingBox())!.height).toBeLessThan(32);
  await page.context().close();

  // A touch phone: the user's name heads the card and opens the panel; the panel's × and the upload
  // dialog's choices are 44 px targets; the drop area offers 'Choose a file'.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const phone = await context.newPage();
  await signIn(phone, 'admin.vn@demo.test');
  await openUserAccess(phone);
  const title = phone.getByRole('rowheader').first();
  await expect(title).toHaveClass(/dtable__card-title/);
  const name = title.getByRole('button', { name: /Edit the access of/ });
  expect((await name.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The first card (by name: Bùi Thanh Hằng, who holds one DT code).
  await name.tap();
  const panel = phone.getByRole('dialog', { name: /Access of/ });
  const remove = panel.getByRole('button', { name: /^Remove DT code/ }).first();
  const box = (await remove.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await panel.getByRole('button', { name: 'Close' }).tap();
  await phone.getByRole('button', { name: 'Bulk Upload', exact: true }).tap();
  const upload = phone.getByRole('dialog', { name: 'Bulk Upload' });
  for (const kind of ['Users', 'Salesmen']) {
    const label = upload.locator('label').filter({ hasText: kind });
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(upload.getByText('Drag and drop', { exact: false })).toHaveCount(0);
  expect(
    (await upload.getByText('Choose a file', { exact: true }).boundingBox())!.height,
  ).toBeGreaterThanOrEqual(44);
  await context.close();
});
