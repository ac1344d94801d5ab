import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createObject, objectExists, readObject, typeWithContent, uniqueName, type Obj } from './objectApi';
import { answerInPage, button, chosenOption, errorList, expectErrors, expectScreen, input, viewedId } from './objectScreen';

let team: { id: number; name: string };
let type: Obj;
let firmware: Obj;
let group: Obj;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInByApi(page);
  team = await adminTeam(page.request);
  ({ type, firmware, group } = await typeWithContent(page.request, team.id, 'dev'));
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a device: add, view, edit, cancel, delete', async ({ page, dialogs }) => {
  const name = uniqueName('Device');
  await page.goto('/device_new');
  await expectScreen(page, 'Device | Add', 'Add a new device');
  await expect(input(page, 'Name')).toHaveValue(messages.newObjectName('device'));
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  // The uid is labelled with the type's name_of_uid.
  await input(page, 'Serial number').fill(uniqueName('uid'));
  await button(page, messages.submit).click();

  await expect(page).toHaveURL(/\/device_view\?id=\d+$/);
  await expectScreen(page, 'Device | View', 'View device');
  const id = viewedId(page);
  await expect(page.getByTestId('object-name')).toHaveText(name);
  await expect(input(page, 'Product ID')).toHaveValue(String(id));
  await expect(input(page, 'Owner')).toHaveValue('admin');
  await expect(input(page, 'Creation date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  await expect(input(page, 'Name')).not.toBeEditable();
  await expect(button(page, messages.submit)).toHaveCount(0);

  await button(page, messages.edit).click();
  await expect(page).toHaveURL(new RegExp(`/device_edit\\?id=${id}$`));
  await expectScreen(page, 'Device | Edit', 'Edit device');
  await input(page, 'Notes').fill('not kept');
  await button(page, messages.cancel).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${id}$`));
  await expect(input(page, 'Notes')).toHaveValue('');

  await button(page, messages.edit).click();
  const renamed = `${name} renamed`;
  await input(page, 'Name').fill(renamed);
  await input(page, 'Notes').fill('line one\nline two');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${id}$`));
  await expect(page.getByTestId('object-name')).toHaveText(renamed);
  // Notes: a text area of 5 rows once it holds text.
  await expect(input(page, 'Notes')).toHaveAttribute('rows', '5');

  await button(page, messages.delete).click();
  await answerInPage(page, messages.confirmDelete(renamed), messages.delete);
  await expect(page).toHaveURL(/\/devices$/);
  expect(dialogs).toEqual([]);
  expect(await objectExists(page.request, 'device', id)).toBe(false);
});

test('device validation messages: name, uid, team, type, team first, type first', async ({ page, dialogs }) => {
  const other = await createObject(page.request, 'device', {
    name: uniqueName('Existing'),
    team_id: team.id,
    type_id: type.id,
    uid_for_type: uniqueName('uid'),
  });
  await page.goto('/device_new');
  await input(page, 'Team').selectOption({ label: team.name });
  // Before a type is chosen the group and target firmware pickers wait for it.
  await expect(input(page, 'Group')).toBeDisabled();
  await expect(page.getByText(messages.typeFirst).first()).toBeVisible();

  await input(page, 'Name').fill('');
  await expectErrors(page, [messages.nameNotValid, messages.nameEmpty]);
  await input(page, 'Name').fill('bad/name');
  await expectErrors(page, [messages.nameNotValid]);
  await input(page, 'Name').fill(other.name);
  await expectErrors(page, [messages.nameNotValid, messages.nameNotUnique(other.name)]);
  await input(page, 'Name').fill(uniqueName('Fine'));
  await expect(errorList(page)).toHaveCount(0);

  await input(page, 'Unique ID by type').fill('x');
  await input(page, 'Unique ID by type').fill('');
  await expectErrors(page, [messages.uidEmpty]);

  await button(page, messages.submit).click();
  await expectErrors(page, [messages.typeRequired, messages.uidEmpty]);

  await input(page, 'Team').selectOption({ label: '' });
  await expectErrors(page, [messages.teamRequired, messages.typeRequired, messages.uidEmpty]);
  await expect(input(page, 'Type')).toBeDisabled();
  await expect(page.getByText(messages.teamFirst)).toBeVisible();
  await expect(page).toHaveURL(/\/device_new$/);
  expect(dialogs).toEqual([]);
});

test('a uid already used by a device of the type is refused by the server; the form keeps its values', async ({ page, dialogs }) => {
  const uid = uniqueName('uid');
  await createObject(page.request, 'device', { name: uniqueName('Holder'), team_id: team.id, type_id: type.id, uid_for_type: uid });
  const name = uniqueName('Second');
  await page.goto('/device_new');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  await input(page, 'Serial number').fill(uid);
  // Found while typing, as the name is: said under the field and in the list, nothing sent.
  await expect(page.getByText(messages.uidNotUniquePerType, { exact: true })).toHaveCount(2);
  await expectErrors(page, [messages.uidNotUniquePerType]);
  await button(page, messages.submit).click();
  await expectErrors(page, [messages.uidNotUniquePerType]);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/device_new$/);
  await expect(input(page, 'Name')).toHaveValue(name);
  await expect(input(page, 'Serial number')).toHaveValue(uid);
});

test('a device in a group follows its target firmware; changes are confirmed before saving', async ({ page, dialogs }) => {
  const firmware2 = await createObject(page.request, 'firmware', {
    name: uniqueName('dev fw2'),
    team_id: team.id,
    type_id: type.id,
    version: '2.0.0',
  });
  const group2 = await createObject(page.request, 'devices_group', {
    name: uniqueName('dev group2'),
    team_id: team.id,
    type_id: type.id,
    target_firmware_id: firmware2.id,
  });
  const device = await createObject(page.request, 'device', {
    name: uniqueName('Grouped'),
    team_id: team.id,
    type_id: type.id,
    group_id: group.id,
    uid_for_type: uniqueName('uid'),
  });
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(chosenOption(input(page, 'Target firmware'))).toHaveText(`${firmware.name} (1.0.0)`);
  await expect(input(page, 'Target firmware')).toBeDisabled();
  await expect(page.getByText(messages.individualFirmwareInGroup)).toBeVisible();

  await input(page, 'Group').selectOption({ label: group2.name });
  await expect(chosenOption(input(page, 'Target firmware'))).toHaveText(`${firmware2.name} (2.0.0)`);

  // Refused: nothing is saved and the form keeps the choice.
  const changes = [
    `Group: ${group.name} → ${group2.name}`,
    `Target firmware: ${firmware.name} (1.0.0) → ${firmware2.name} (2.0.0)`,
    messages.confirmChanges,
  ].join('\n');
  await button(page, messages.submit).click();
  await answerInPage(page, changes, messages.cancel);
  await expect(page).toHaveURL(/\/device_edit\?id=\d+$/);
  expect((await readObject(page.request, 'device', device.id)).group_id).toBe(group.id);

  await button(page, messages.submit).click();
  await answerInPage(page, changes);
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  const saved = await readObject(page.request, 'device', device.id);
  expect(saved.group_id).toBe(group2.id);
  expect(saved.target_firmware_id).toBe(firmware2.id);
  expect(dialogs).toEqual([]);
});

test('unsetting the target firmware of a device warns first', async ({ page, dialogs }) => {
  const device = await createObject(page.request, 'device', {
    name: uniqueName('Targeted'),
    team_id: team.id,
    type_id: type.id,
    target_firmware_id: firmware.id,
    uid_for_type: uniqueName('uid'),
  });
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(chosenOption(input(page, 'Target firmware'))).toHaveText(`${firmware.name} (1.0.0)`);
  await input(page, 'Target firmware').selectOption({ label: '' });
  await button(page, messages.submit).click();
  await answerInPage(page, messages.unsetTargetFirmware);
  await answerInPage(page, [`Target firmware: ${firmware.name} (1.0.0) → (none)`, messages.confirmChanges].join('\n'));
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  expect(dialogs).toEqual([]);
  expect((await readObject(page.request, 'device', device.id)).target_firmware_id).toBeNull();
});

test('a type created in a child form from the device form is selected there', async ({ page, dialogs }) => {
  await page.goto('/device_new');
  await input(page, 'Team').selectOption({ label: team.name });
  // A picker with its '+' spans the form like the other inputs (less the button).
  const nameBox = (await input(page, 'Name').boundingBox())!;
  const typeBox = (await input(page, 'Type').boundingBox())!;
  expect(typeBox.width).toBeGreaterThan(nameBox.width - 80);
  await button(page, messages.addHeading('type')).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: messages.addHeading('type') })).toBeVisible();
  await expect(chosenOption(input(dialog, 'Team'))).toHaveText(team.name);
  // Optional fields start hidden in a child form.
  await expect(input(dialog, messages.nameOfUidLabel)).toHaveCount(0);
  await button(dialog, messages.showHiddenFields).click();
  await expect(input(dialog, messages.nameOfUidLabel)).toHaveValue(messages.defaultNameOfUid);
  await input(dialog, messages.nameOfUidLabel).fill('MAC address');
  await expect(button(dialog, messages.hideOptionalFields)).toBeVisible();
  const typeName = uniqueName('Child type');
  await input(dialog, 'Name').fill(typeName);
  await button(dialog, messages.submit).click();

  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/device_new$/);
  await expect(chosenOption(input(page, 'Type'))).toHaveText(typeName);
  await expect(input(page, 'MAC address')).toBeVisible();
  expect(dialogs).toEqual([]);
});
