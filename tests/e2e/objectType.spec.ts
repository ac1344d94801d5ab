import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createObject, objectExists, readObject, uniqueName } from './objectApi';
import { button, expectErrors, expectScreen, input, viewedId } from './objectScreen';

test.use({ allowDialogs: true });

let team: { id: number; name: string };

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
  team ??= await adminTeam(page.request);
});

test('a type: add, view, edit, cancel, delete', async ({ page, dialogs }) => {
  const name = uniqueName('Type');
  await page.goto('/type_new');
  await expectScreen(page, 'Type | Add', 'Add a new type');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await expect(input(page, messages.nameOfUidLabel)).toHaveValue(messages.defaultNameOfUid);
  await input(page, messages.nameOfUidLabel).fill('IMEI');
  await button(page, messages.submit).click();

  await expect(page).toHaveURL(/\/type_view\?id=\d+$/);
  await expectScreen(page, 'Type | View', 'View type');
  const id = viewedId(page);
  await expect(page.getByTestId('object-name')).toHaveText(name);
  await expect(input(page, 'Product ID')).toHaveValue(String(id));
  await expect(input(page, 'Owner')).toHaveValue('admin');
  // Spec: the creation date is shown for devices and firmwares only.
  await expect(input(page, 'Creation date')).toHaveCount(0);

  await button(page, messages.edit).click();
  await expectScreen(page, 'Type | Edit', 'Edit type');
  await input(page, messages.nameOfUidLabel).fill('not kept');
  await button(page, messages.cancel).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${id}$`));
  await expect(input(page, messages.nameOfUidLabel)).toHaveValue('IMEI');

  await button(page, messages.edit).click();
  await input(page, 'Notes').fill('kept');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${id}$`));
  await expect(input(page, 'Notes')).toHaveValue('kept');
  expect((await readObject(page.request, 'type', id)).notes).toBe('kept');

  await button(page, messages.deleteTypeAndContent).click();
  await expect(page.getByRole('dialog')).toContainText(messages.confirmDelete(name));
  await page.getByRole('dialog').getByRole('button', { name: messages.delete }).click();
  await expect(page).toHaveURL(/\/types$/);
  expect(dialogs).toEqual([]);
  expect(await objectExists(page.request, 'type', id)).toBe(false);
});

test('type validation: the name rules and a team to choose', async ({ page, dialogs }) => {
  const existing = await createObject(page.request, 'type', { name: uniqueName('Existing type'), team_id: team.id });
  await page.goto('/type_new');
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Name').fill(existing.name);
  await expectErrors(page, [messages.nameNotValid, messages.nameNotUnique(existing.name)]);
  await input(page, 'Name').fill('what?');
  await expectErrors(page, [messages.nameNotValid]);
  await input(page, 'Name').fill(uniqueName('Fine'));
  await input(page, 'Team').selectOption({ label: '' });
  await expectErrors(page, [messages.teamRequired]);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(/\/type_new$/);
  expect(dialogs).toEqual([]);
});

test('an unchanged name is accepted in edit; the team of a type with devices cannot change', async ({ page, dialogs }) => {
  const type = await createObject(page.request, 'type', { name: uniqueName('Used type'), team_id: team.id });
  await page.goto(`/type_edit?id=${type.id}`);
  await expect(input(page, 'Team')).toBeEnabled();
  await input(page, 'Name').fill(`${type.name}x`);
  await input(page, 'Name').fill(type.name);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));

  await createObject(page.request, 'device', { name: uniqueName('Of type'), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });
  await page.goto(`/type_edit?id=${type.id}`);
  await expect(input(page, 'Team')).toBeDisabled();
  expect(dialogs).toEqual([]);
});

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('an icon uploaded on a type is previewed, saved, and shown by the devices of the type', async ({ page, dialogs }) => {
  const type = await createObject(page.request, 'type', { name: uniqueName('Icon type'), team_id: team.id });
  const device = await createObject(page.request, 'device', { name: uniqueName('Iconic'), team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });
  await page.goto(`/type_edit?id=${type.id}`);
  await page.getByLabel(ownMessages.uploadIcon).setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
  const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
  await expect(page.getByRole('img', { name: 'Icon' })).toHaveAttribute('src', dataUrl);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));
  expect((await readObject(page.request, 'type', type.id)).icon).toBe(dataUrl);

  // A device shows its type's icon, read-only.
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(page.getByRole('img', { name: 'Icon' })).toHaveAttribute('src', dataUrl);
  await expect(page.getByLabel(ownMessages.uploadIcon)).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
