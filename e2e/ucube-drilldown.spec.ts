import { expect, test, type Page } from '@playwright/test';
import { signIn } from './auth-helpers';

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Hierarchy' });
const current = (page: Page) => crumbs(page).locator('[aria-current="page"]');

/** Opens the first drillable row and waits for the breadcrumb to reach `column`. */
async function drillTo(page: Page, column: string) {
  await page
    .getByRole('row', { name: /^Open / })
    .first()
    .click();
  await expect(current(page)).toHaveText(column);
  expect(new URL(page.url()).searchParams.get('role')).toMatch(/^LEVEL\d$/);
}

test('a super user in vn drills from the market to a salesman and back up by the breadcrumb', async ({
  page,
}) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/teamlevels');
  await expect(page.getByRole('heading', { level: 1, name: 'Team View' })).toBeVisible();
  await expect(current(page)).toHaveText('Branch Manager');
  await expect(page.getByRole('figure', { name: /GSV: target against actual/ })).toBeVisible();

  for (const column of ['Area Sales Manager', 'Sales Supervisor', 'Team Leads', 'Sales Person']) {
    await drillTo(page, column);
  }
  // The bottom of the chain: salesmen rows do not drill; the chain shows every choice made.
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(0);
  await expect(crumbs(page).getByRole('button')).toHaveCount(5);
  await expect(crumbs(page).getByRole('button', { name: /^Team Leader: / })).toBeVisible();
  await expect(page.getByText('Main Team')).toBeVisible();

  // The URL restores the level on reload.
  await page.reload();
  await expect(current(page)).toHaveText('Sales Person');

  // Browser back goes up one level.
  await page.goBack();
  await expect(current(page)).toHaveText('Team Leads');

  await crumbs(page)
    .getByRole('button', { name: /^Branch Manager: / })
    .click();
  await expect(current(page)).toHaveText('Area Sales Manager');
  await crumbs(page)
    .getByRole('button', { name: /^Super User/ })
    .click();
  await expect(current(page)).toHaveText('Branch Manager');
  expect(new URL(page.url()).search).toBe('');
});

test('a super user in bd walks the Regional Manager chain', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  const select = page
    .getByRole('banner')
    .getByRole('combobox', { name: 'Country' })
    .filter({ visible: true });
  await select.selectOption('bd');
  await expect(select).toHaveValue('bd');
  await page.goto('/teamlevels');
  await expect(current(page)).toHaveText('Regional Manager');
  for (const column of [
    'Area Manager',
    'Senior/Territory Manager',
    'Operations Manager',
    'Field Sale Executive',
    'Sales Officer',
  ]) {
    await drillTo(page, column);
  }
  await expect(crumbs(page).getByRole('button', { name: /^Field Sale Executive: / })).toBeVisible();
  await crumbs(page)
    .getByRole('button', { name: /^Regional Manager: / })
    .click();
  await expect(current(page)).toHaveText('Area Manager');
  await crumbs(page)
    .getByRole('button', { name: /^Super User/ })
    .click();
  await expect(current(page)).toHaveText('Regional Manager');
});

test('a team leader sees only their own team', async ({ page }) => {
  await signIn(page, 'tl.vn@demo.test');
  await page.goto('/teamlevels');
  await expect(current(page)).toHaveText('Team Leads');
  // Their level is one row, the leader themself, which the total already is (issue 10: no name
  // twice): the team shows right below it, and the total opens the salesmen in one click.
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(0);
  const below = page.getByRole('region', { name: /^Team of / });
  await expect(below.getByRole('row', { name: /^See the day of / }).first()).toBeVisible();
  await page.getByRole('button', { name: /^Every Salesman/ }).click();
  await expect(current(page)).toHaveText('Sales Person');
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^See the day of / }).first()).toBeVisible();

  // Someone else's team is refused by the server.
  await page.goto('/teamlevels?role=LEVEL6&type=team&emailId=tl2.vn%40demo.test');
  await expect(page.getByRole('alert')).toContainText('The KPIs could not be loaded');
  await expect(page.getByRole('alert')).toContainText('outside your scope');
  await page.getByRole('button', { name: 'Back to your own level' }).click();
  await expect(current(page)).toHaveText('Team Leads');
});

test('the total row opens every salesperson of the market at once', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await page.goto('/teamlevels');
  await expect(current(page)).toHaveText('Branch Manager');
  await page.getByRole('button', { name: 'Every Salesman' }).click();
  await expect(current(page)).toHaveText('Sales Person');
  expect(new URL(page.url()).searchParams.get('span')).toBe('subtree');
  // The levels in between were skipped: shown, not clickable.
  await expect(crumbs(page).getByText('Area Sales Manager: all')).toBeVisible();
  await expect(crumbs(page).getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('row', { name: /^Open / })).toHaveCount(0);
  // At least two salespeople (waits for the level's rows, which load after its breadcrumbs).
  await expect(page.locator('.ucube-table tbody:not(.ucube-total) tr').nth(1)).toBeVisible();
  await crumbs(page)
    .getByRole('button', { name: /^Super User/ })
    .click();
  await expect(current(page)).toHaveText('Branch Manager');
});
