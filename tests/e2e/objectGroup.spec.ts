import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createObject, objectExists, readObject, uniqueName, type Obj } from './objectApi';
import { answerInPage, button, chosenOption, expectErrors, expectScreen, input, viewedId } from './objectScreen';

let team: { id: number; name: string };
let type: Obj;
let firmware: Obj;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInByApi(page);
  team = await adminTeam(page.request);
  type = await createObject(page.request, 'type', { name: uniqueName('grp type'), team_id: team.id });
  firmware = await createObject(page.request, 'firmware', { name: uniqueName('grp fw'), team_id: team.id, type_id: type.id, version: '0.1.0' });
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a group: add, view, edit, cancel, delete', async ({ page, dialogs }) => {
  const name = uniqueName('Group');
  await page.goto('/group_new');
  await expectScreen(page, 'Group | Add', 'Add a new group');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await expect(input(page, 'Target firmware')).toBeDisabled();
  await expect(page.getByText(messages.typeFirst)).toBeVisible();
  await input(page, 'Type').selectOption({ label: type.name });
  await input(page, 'Target firmware').selectOption({ label: `${firmware.name} (0.1.0)` });
  await button(page, messages.submit).click();

  await expect(page).toHaveURL(/\/group_view\?id=\d+$/);
  await expectScreen(page, 'Group | View', 'View group');
  const id = viewedId(page);
  await expect(page.getByTestId('object-name')).toHaveText(name);
  await expect(input(page, 'Product ID')).toHaveValue(String(id));
  await expect(input(page, 'Owner')).toHaveValue('admin');
  await expect(chosenOption(input(page, 'Target firmware'))).toHaveText(`${firmware.name} (0.1.0)`);

  await button(page, messages.edit).click();
  await expectScreen(page, 'Group | Edit', 'Edit group');
  await input(page, 'Name').fill('not kept');
  await button(page, messages.cancel).click();
  await expect(page).toHaveURL(new RegExp(`/group_view\\?id=${id}$`));
  await expect(page.getByTestId('object-name')).toHaveText(name);

  // Unsetting the group's target firmware is a change to confirm.
  await button(page, messages.edit).click();
  await input(page, 'Target firmware').selectOption({ label: '' });
  await button(page, messages.submit).click();
  await answerInPage(page, [`Target firmware: ${firmware.name} (0.1.0) → (none)`, messages.confirmChanges].join('\n'));
  await expect(page).toHaveURL(new RegExp(`/group_view\\?id=${id}$`));
  expect((await readObject(page.request, 'devices_group', id)).target_firmware_id).toBeNull();

  await button(page, messages.delete).click();
  await answerInPage(page, messages.confirmDelete(name), messages.delete);
  await expect(page).toHaveURL(/\/groups$/);
  expect(dialogs).toEqual([]);
  expect(await objectExists(page.request, 'devices_group', id)).toBe(false);
});

test('group validation: team first, type required, name rules', async ({ page, dialogs }) => {
  await page.goto('/group_new');
  await input(page, 'Team').selectOption({ label: '' });
  await expect(input(page, 'Type')).toBeDisabled();
  await expect(page.getByText(messages.teamFirst)).toBeVisible();
  await input(page, 'Name').fill('');
  await button(page, messages.submit).click();
  await expectErrors(page, [messages.nameNotValid, messages.nameEmpty, messages.teamRequired, messages.typeRequired]);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Name').fill('a:b');
  await expectErrors(page, [messages.nameNotValid, messages.typeRequired]);
  expect(dialogs).toEqual([]);
});

test('the type and team of a group with devices cannot change', async ({ page }) => {
  const group = await createObject(page.request, 'devices_group', { name: uniqueName('Busy group'), team_id: team.id, type_id: type.id });
  await createObject(page.request, 'device', {
    name: uniqueName('Member'),
    team_id: team.id,
    type_id: type.id,
    group_id: group.id,
    uid_for_type: uniqueName('uid'),
  });
  await page.goto(`/group_edit?id=${group.id}`);
  await expect(chosenOption(input(page, 'Type'))).toHaveText(type.name);
  await expect(input(page, 'Type')).toBeDisabled();
  await expect(input(page, 'Team')).toBeDisabled();
});
