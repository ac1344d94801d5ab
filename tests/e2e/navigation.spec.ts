import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { ROLE, roleLabel } from '../../src/schemas/role';
import { appTitle, signInByApi } from './signIn';
import { onlyThese, SPEC_MENU_LABELS } from '../specRegistry';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});


test('the dashboard is titled Home and shows the first team', async ({ page }) => {
  await page.goto('/');
  await expect(appTitle(page)).toHaveText(messages.home);
  await expect(page).toHaveTitle(messages.productName);
  await expect(page.getByText(roleLabel(ROLE.ADMIN), { exact: true }).first()).toBeVisible();
});

test('the side menu lists the categories in the spec order, each opening its page', async ({ page }) => {
  await page.goto('/');
  const items = page.locator('.RaSidebar-fixed [role="menuitem"]');
  await expect.poll(async () => onlyThese(await items.allTextContents(), SPEC_MENU_LABELS)).toEqual(SPEC_MENU_LABELS);
  for (const label of SPEC_MENU_LABELS) {
    await items.filter({ hasText: label }).click();
    await expect(appTitle(page)).toHaveText(label);
    await expect(page).toHaveURL(new RegExp(`/${label.toLowerCase()}$`));
  }
});

test('the add form of a device has its title and heading', async ({ page }) => {
  await page.goto('/device_new');
  await expect(appTitle(page)).toHaveText('Device | Add');
  await expect(page.getByRole('heading', { name: 'Add a new device' })).toBeVisible();
});

test('the object routes of other categories have their titles too', async ({ page }) => {
  for (const [path, title, heading] of [
    ['/group_new', 'Group | Add', 'Add a new group'],
    ['/type_edit', 'Type | Edit', 'Edit type'],
    ['/documents_collection_view', 'Documents collection | View', 'View documents collection'],
  ]) {
    await page.goto(path);
    await expect(appTitle(page)).toHaveText(title);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('a list shows the objects the user can see', async ({ page }) => {
  await page.goto('/teams');
  await expect(appTitle(page)).toHaveText('Teams');
  await expect(page.locator('#main-content tbody tr')).not.toHaveCount(0);
});

test('an unknown path shows the error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.locator('#main-content').getByRole('heading', { name: ownMessages.pageNotFound })).toBeVisible();
  await expect(page.getByText(ownMessages.pageNotFoundText)).toBeVisible();
});
