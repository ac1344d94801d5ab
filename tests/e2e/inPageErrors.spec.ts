/**
 * Issue 13 item 5: errors and questions in the page, never in the browser's boxes. The fixture
 * fails a test on any browser dialog (alert, confirm): none of these tests allows one.
 * - a unique ID taken by another device between the live check and Submit: the server's refusal is
 *   said under the field and in the error list, the form keeps its values;
 * - Delete asks in the page, saying what happens to the object's devices;
 * - leaving a form with unsaved changes asks first, in the page;
 * - a refusal that concerns no field is an error snackbar.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamWithType, createObject, objectExists, readObject, uniqueName, type Obj } from './objectApi';
import { answerInPage, button, errorSnackbar, expectErrors, inPageDialog, input } from './objectScreen';

let team: { id: number; name: string };
let type: Obj;

test.beforeAll(async ({ browser }) => {
  ({ team, type } = await adminTeamWithType(browser, 'inpage'));
});

test.beforeEach(async ({ page }) => {
  // Each test walks a whole form with the server several times: generous on a busy machine.
  test.setTimeout(90_000);
  await signInByApi(page);
});

const uidLabel = messages.defaultNameOfUid;

test('a unique ID taken after the live check: the refusal after Submit is under the field and in the list', async ({ page, dialogs }) => {
  const uid = uniqueName('uid');
  const name = uniqueName('Second');
  await page.goto('/device_new');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  // The live check asks the server for the type's devices holding the typed text: none yet.
  const checked = page.waitForResponse((r) => r.url().includes('/api/full/device?') && (new URL(r.url()).searchParams.get('filter') ?? '').includes(uid));
  await input(page, uidLabel).fill(uid);
  await checked;
  await expect(page.getByText(messages.uidNotUniquePerType)).toHaveCount(0);

  // Meanwhile another device takes it.
  await createObject(page.request, 'device', { name: uniqueName('Holder'), team_id: team.id, type_id: type.id, uid_for_type: uid });
  await button(page, messages.submit).click();
  await expect(input(page, uidLabel)).toHaveAccessibleDescription(messages.uidNotUniquePerType);
  await expectErrors(page, [messages.uidNotUniquePerType]);
  await expect(errorSnackbar(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/device_new$/);
  await expect(input(page, 'Name')).toHaveValue(name);
  await expect(input(page, uidLabel)).toHaveValue(uid);

  // Another value: the refusal is gone, and the device is saved.
  await input(page, uidLabel).fill(`${uid}-2`);
  await expect(page.getByTestId('object-form-errors')).toHaveCount(0);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(/\/device_view\?id=\d+$/);
  expect(dialogs).toEqual([]);
});

test("Delete asks in the page what happens to the group's devices; Cancel keeps the group", async ({ page, dialogs }) => {
  const group = await createObject(page.request, 'devices_group', { name: uniqueName('Greenhouse'), team_id: team.id, type_id: type.id });
  const devices = [];
  for (let i = 0; i < 2; i++) {
    devices.push(await createObject(page.request, 'device', { name: uniqueName('In group'), team_id: team.id, type_id: type.id, group_id: group.id, uid_for_type: uniqueName('uid') }));
  }
  await page.goto(`/group_view?id=${group.id}`);
  const text = `${messages.confirmDelete(group.name)}\n${ownMessages.willLeave('2 devices', group.name)}`;
  await button(page, messages.delete).click();
  await answerInPage(page, text, messages.cancel);
  expect(await objectExists(page.request, 'devices_group', group.id)).toBe(true);

  await button(page, messages.delete).click();
  await answerInPage(page, text, messages.delete);
  await expect(page).toHaveURL(/\/groups$/);
  expect(await objectExists(page.request, 'devices_group', group.id)).toBe(false);
  expect((await readObject(page.request, 'device', devices[0].id)).group_id).toBeNull();
  expect(dialogs).toEqual([]);
});

test('leaving a form with unsaved changes asks first; Cancel stays with them, Leave goes', async ({ page, dialogs }) => {
  const device = await createObject(page.request, 'device', { name: uniqueName('Dirty'), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });
  await page.goto(`/device_edit?id=${device.id}`);
  await input(page, 'Notes').fill('typed, not saved');
  // Any way out of the form: here the app bar's link to the home page.
  const home = page.getByRole('link', { name: 'PUCS' });
  await home.click();
  await answerInPage(page, ownMessages.unsavedChanges, messages.cancel);
  await expect(page).toHaveURL(new RegExp(`/device_edit\\?id=${device.id}$`));
  await expect(input(page, 'Notes')).toHaveValue('typed, not saved');

  await home.click();
  await answerInPage(page, ownMessages.unsavedChanges, ownMessages.leaveForm);
  await expect(page).toHaveURL(/\/$/);
  expect((await readObject(page.request, 'device', device.id)).notes ?? '').toBe('');

  // A saved form leaves without asking.
  await page.goto(`/device_edit?id=${device.id}`);
  await input(page, 'Notes').fill('saved');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(inPageDialog(page)).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a refusal that concerns no field is an error snackbar in the page', async ({ page, dialogs }) => {
  const firmware = await createObject(page.request, 'firmware', { name: uniqueName('Aimed'), team_id: team.id, type_id: type.id, version: '1.0.0' });
  await createObject(page.request, 'device', { name: uniqueName('Aiming'), team_id: team.id, type_id: type.id, target_firmware_id: firmware.id, uid_for_type: uniqueName('uid') });
  await page.goto(`/firmware_view?id=${firmware.id}`);
  await button(page, messages.delete).click();
  await answerInPage(page, messages.confirmDelete(firmware.name), messages.delete);
  await expect(errorSnackbar(page)).not.toHaveText('');
  await expect(page).toHaveURL(new RegExp(`/firmware_view\\?id=${firmware.id}$`));
  expect(await objectExists(page.request, 'firmware', firmware.id)).toBe(true);
  expect(dialogs).toEqual([]);
});
