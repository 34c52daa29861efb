import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

// Task Management (issue 15): a task created from the CSV template (through the upload dialog and the
// import pipeline) at the location of a seeded task, then its progress from the seeded visits: the bar,
// the per-team table and the outlets drill-down; the form refuses a bad task beside its fields; no
// sideways scroll at 480 px; a task made in the form from the market's outlet types. The spec adds two tasks
// (their dates differ each run) and changes nothing else.
const tasks = (page: Page) => page.getByRole('table', { name: 'Tasks' });
const dmy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
/** The day as the English screens write it (dd-MMM-yy); the template above takes dd/mm/yyyy. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shown = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;

test('create a task from the template and see its progress', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin.vn@demo.test');
  await page.goto('/taskmanagment');
  await expect(page.getByRole('heading', { level: 1, name: 'Task Management' })).toBeVisible();

  // The seeded display check says where its outlets are: the new task goes to the same location.
  const seeded = tasks(page).getByRole('row').filter({ hasText: 'Cooler display check' }).first();
  await expect(seeded).toBeVisible();
  // Its Where cell reads "VNDT001S01 · Grocery": the location is the DT (site) code.
  const location = /([A-Z]{2,4}DT\d+(?:S\d+)?)/.exec((await seeded.textContent()) ?? '')?.[1] ?? '';
  expect(location).not.toBe('');

  // The form first: a bad task is refused beside its fields, nothing is sent.
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByLabel('Start date').fill('2030-03-10');
  await form.getByLabel('End date').fill('2030-03-01');
  await form.getByRole('button', { name: 'Save task' }).click();
  await expect(form.getByText('Give a location code or customer codes')).toBeVisible();
  await expect(form.getByText('The end date is before the start date')).toBeVisible();

  // Then a good one through the form: outlet types and subtypes are chosen from the market's own, the
  // subtypes of the chosen type only, under its heading.
  const today = new Date();
  const start = new Date(today.getTime() - 14 * 86_400_000);
  const end = new Date(today.getTime() + (5 + (Date.now() % 50)) * 86_400_000);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  await form.getByLabel('Title').fill('Grocery shelf check');
  await form.getByLabel('Location code').fill(location);
  const types = form.getByRole('group', { name: 'Outlet types' });
  await types.getByRole('checkbox', { name: 'Grocery', exact: true }).check();
  await expect(types.getByText('1 of at most 10 chosen')).toBeVisible();
  const subtypes = form.getByRole('group', { name: 'Outlet subtypes' });
  await expect(subtypes.getByRole('group')).toHaveCount(1);
  await expect(subtypes.getByRole('group', { name: 'Grocery' })).toBeVisible();
  await subtypes.getByRole('checkbox', { name: 'Large Grocery' }).check();
  await form.getByLabel('Start date').fill(iso(start));
  await form.getByLabel('End date').fill(iso(end));
  await form.getByRole('button', { name: 'Save task' }).click();
  await expect(page.getByText(/^Task T\d+ saved: \d+ outlets$/)).toBeVisible();
  await expect(form).toBeHidden();

  // The template: the location, the last two weeks to a few days ahead (a different end each run).
  const csv =
    'Location Code,Outlet Type Code,Outlet Subtype Code,Item Codes,Customer Codes,Start Date,End Date,Country Code\r\n' +
    `${location},,,,,${dmy(start)},${dmy(end)},vn\r\n`;
  await page.getByRole('button', { name: 'Upload tasks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tasks from the template' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'tasks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Confirm and apply' }).click();
  await expect(dialog.getByText(/^Applied: 1 created, 0 updated, 0 unchanged\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The new task is listed (newest first) and opens on its progress.
  await page.getByLabel('Search').fill('Display check @');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const row = tasks(page)
    .getByRole('row')
    .filter({ hasText: shown(end) })
    .first();
  await expect(row).toContainText(location);
  const progressButton = row.getByRole('button', { name: /^Progress of T\d+$/ });
  const progressLabel = (await progressButton.getAttribute('aria-label'))!;
  await progressButton.click();

  // The list gave way to the progress: focus starts at the task's heading, not lost on the page.
  const heading = page.getByRole('heading', { level: 2, name: /^Task T\d+ · Display check @/ });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const bar = page.getByRole('img', { name: /done \(\d+%\), \d+ visited but not done/ });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: 'Team leader / salesman' })).toBeVisible();
  const reachedSomething = await page.getByText(/^Done: \d+/).textContent();
  expect(reachedSomething).toMatch(/^Done: \d+/);

  // Drill to a team's outlets: each shows its state and last visit in the window.
  await page
    .getByRole('button', { name: /^Show the outlets of / })
    .first()
    .click();
  const outlets = page.getByRole('table', { name: /^Outlets of / });
  await expect(outlets.getByRole('row').nth(1)).toContainText(/Done|Not done|Not reached/);

  await page.setViewportSize({ width: 480, height: 900 });
  await page.screenshot({ path: test.info().outputPath('task-progress-480.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Back to the list: focus returns to the Progress button of the task just read.
  await page.getByRole('button', { name: 'Back to tasks', exact: true }).click();
  await expect(tasks(page).getByRole('button', { name: progressLabel })).toBeFocused();
});
