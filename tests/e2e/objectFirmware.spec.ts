import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamWithType, createObject, objectExists, readObject, uniqueName, type Obj } from './objectApi';
import { answerInPage, button, chosenOption, errorList, expectErrors, expectScreen, input, viewedId } from './objectScreen';

let team: { id: number; name: string };
let type: Obj;

test.beforeAll(async ({ browser }) => {
  ({ team, type } = await adminTeamWithType(browser, 'fw'));
});

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a firmware: add, view, edit, cancel, delete', async ({ page, dialogs }) => {
  const name = uniqueName('Firmware');
  await page.goto('/firmware_new');
  await expectScreen(page, 'Firmware | Add', 'Add a new firmware');
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });
  await input(page, 'Version').fill('1.2.3');
  // A new firmware is enabled: its switch on, reading 'Enabled'.
  await expect(page.getByRole('switch', { name: ownMessages.enabled })).toBeChecked();
  await expect(page.getByText(ownMessages.enabled, { exact: true })).toBeVisible();
  // A firmware requires its file (firmwareFiles.spec.ts follows it further).
  await page.getByTestId('file-input').setInputFiles({ name: 'fw.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('firmware') });
  await expect(page.getByTestId('file-hash')).toBeVisible();
  await button(page, messages.submit).click();

  await expect(page).toHaveURL(/\/firmware_view\?id=\d+$/);
  await expectScreen(page, 'Firmware | View', 'View firmware');
  const id = viewedId(page);
  await expect(page.getByTestId('object-name')).toHaveText(name);
  await expect(input(page, 'Product ID')).toHaveValue(String(id));
  await expect(input(page, 'Owner')).toHaveValue('admin');
  await expect(input(page, 'Creation date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}/);
  await expect(input(page, 'Version')).toHaveValue('1.2.3');

  await button(page, messages.edit).click();
  await expectScreen(page, 'Firmware | Edit', 'Edit firmware');
  await input(page, 'Notes').fill('not kept');
  await button(page, messages.cancel).click();
  await expect(page).toHaveURL(new RegExp(`/firmware_view\\?id=${id}$`));
  await expect(input(page, 'Notes')).toHaveValue('');

  // The Enabled/Disabled switch, turned off, stores is_disabled 1; a version change asks for confirmation.
  await button(page, messages.edit).click();
  await page.getByRole('switch', { name: ownMessages.enabled }).click();
  await expect(page.getByRole('switch', { name: ownMessages.enabled })).not.toBeChecked();
  await expect(page.getByText(ownMessages.disabled, { exact: true })).toBeVisible();
  await input(page, 'Version').fill('1.2.4');
  await button(page, messages.submit).click();
  await answerInPage(page, [`Version: 1.2.3 → 1.2.4`, messages.confirmChanges].join('\n'));
  await expect(page).toHaveURL(new RegExp(`/firmware_view\\?id=${id}$`));
  const saved = await readObject(page.request, 'firmware', id);
  expect(saved.is_disabled).toBe(1);
  expect(saved.version).toBe('1.2.4');
  await expect(page.getByRole('switch', { name: ownMessages.enabled })).not.toBeChecked();
  await expect(page.getByText(ownMessages.disabled, { exact: true })).toBeVisible();

  await button(page, messages.delete).click();
  await answerInPage(page, messages.confirmDelete(name), messages.delete);
  await expect(page).toHaveURL(/\/firmwares$/);
  expect(dialogs).toEqual([]);
  expect(await objectExists(page.request, 'firmware', id)).toBe(false);
});

test('firmware validation messages: name, version, semver through the server, name + version pair', async ({ page, dialogs }) => {
  const existing = await createObject(page.request, 'firmware', {
    name: uniqueName('Existing fw'),
    team_id: team.id,
    type_id: type.id,
    version: '3.0.0',
  });
  await page.goto('/firmware_new');
  await input(page, 'Team').selectOption({ label: team.name });
  await input(page, 'Type').selectOption({ label: type.name });

  await input(page, 'Name').fill('');
  await expectErrors(page, [messages.nameNotValid, messages.nameEmpty]);
  await input(page, 'Name').fill('bad/name');
  await expectErrors(page, [messages.nameNotValid, messages.firmwareNameChars]);
  await input(page, 'Name').fill(existing.name);
  await expect(errorList(page)).toHaveCount(0);

  await input(page, 'Version').fill('x');
  await input(page, 'Version').fill('  ');
  await expectErrors(page, [messages.versionEmpty]);
  await input(page, 'Version').fill('1.0');
  await expectErrors(page, [messages.versionNotSemver]);

  // A valid version is confirmed by the server's semver check.
  const semverCall = page.waitForRequest((r) => r.url().includes('/api/issemver/3.0.0'));
  await input(page, 'Version').fill('3.0.0');
  await semverCall;
  await expectErrors(page, [messages.firmwareNotUnique(existing.name, '3.0.0')]);
  await input(page, 'Version').fill('3.0.1');
  await expect(errorList(page)).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the team and type of a firmware that is a target cannot change', async ({ page }) => {
  const firmware = await createObject(page.request, 'firmware', { name: uniqueName('Target fw'), team_id: team.id, type_id: type.id, version: '1.0.0' });
  await page.goto(`/firmware_edit?id=${firmware.id}`);
  await expect(chosenOption(input(page, 'Type'))).toHaveText(type.name);
  await expect(input(page, 'Type')).toBeEnabled();
  await expect(input(page, 'Team')).toBeEnabled();

  await createObject(page.request, 'device', {
    name: uniqueName('Aimed'),
    team_id: team.id,
    type_id: type.id,
    target_firmware_id: firmware.id,
    uid_for_type: uniqueName('uid'),
  });
  await page.reload();
  await expect(chosenOption(input(page, 'Type'))).toHaveText(type.name);
  await expect(input(page, 'Type')).toBeDisabled();
  await expect(input(page, 'Team')).toBeDisabled();
});

test("a firmware's view heads its lists of devices as the spec does: 'Is the target of', 'Is currently on'", async ({ page }) => {
  const firmware = await createObject(page.request, 'firmware', { name: uniqueName('Listed fw'), team_id: team.id, type_id: type.id, version: '1.0.0' });
  const aimed = await createObject(page.request, 'device', {
    name: uniqueName('Aimed'),
    team_id: team.id,
    type_id: type.id,
    target_firmware_id: firmware.id,
    uid_for_type: uniqueName('uid'),
  });

  await page.goto(`/firmware_view?id=${firmware.id}`);
  // The two lists of devices are tables of their own (firmwareFiles.spec.ts); the groups stay in the generic panel.
  const regions = page.getByTestId('reverse-lists').getByRole('region');
  await expect(regions).toHaveCount(1);
  expect(await regions.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label')))).toEqual(['Groups']);
  const tables = page.getByTestId('reverse-list-tables').getByRole('region');
  expect(await tables.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label')))).toEqual([messages.isTargetOf, messages.isCurrentlyOn]);
  await expect(page.getByRole('region', { name: messages.isTargetOf }).getByRole('link', { name: aimed.name })).toBeVisible();
  // A device's current firmware is the device's to report, never set by a client: none is on this one.
  await expect(page.getByRole('region', { name: messages.isCurrentlyOn }).getByText(ownMessages.noObjects)).toBeVisible();
});
