/**
 * Deleting a type with content through the UI (issue 13 item 6): the spec's label and question in
 * the page, with the counts and the type's name to type, then ONE call (DELETE ?cascade=true), and
 * its devices, groups and firmwares and the type itself are gone (checked through the API). The
 * counts are binding: a device added while the question is open makes the server delete nothing,
 * and the page says so and asks again with the new counts.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, create, createDevice, createType, read, uniqueName } from './typeGroupApi';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a type with devices, a group and a firmware is deleted with all of them in one call, its name typed', async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const firmware = await create(page.request, 'firmware', { name: uniqueName('e2e fw'), team_id: team, type_id: type.id, version: '1.0.0' });
  const group = await create(page.request, 'devices_group', {
    name: uniqueName('e2e group'),
    team_id: team,
    type_id: type.id,
    target_firmware_id: firmware.id,
  });
  const devices = [await createDevice(page.request, type, { group_id: group.id }), await createDevice(page.request, type, { target_firmware_id: firmware.id })];

  await page.goto(`/type_view?id=${type.id}`);
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('link')).toHaveCount(2, { timeout: 30_000 });
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  await page.getByRole('button', { name: messages.deleteTypeAndContent }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(messages.confirmDeleteType(type.name));
  await expect(dialog).toContainText(ownMessages.willBeDeleted('2 devices, 1 group and 1 firmware'));
  const confirm = dialog.getByRole('button', { name: messages.delete });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(ownMessages.typeToConfirm(type.name)).fill(type.name);
  await confirm.click();
  await expect(page).toHaveURL(/\/types$/);
  expect(deletes).toEqual([`/api/type/${type.id}?cascade=true&expect_device=2&expect_devices_group=1&expect_firmware=1`]);

  for (const [cat, obj] of [['device', devices[0]], ['device', devices[1]], ['devices_group', group], ['firmware', firmware], ['type', type]] as const) {
    expect(await read(page.request, cat, obj.id), `${cat} ${obj.id}`).toBeUndefined();
  }
});

test('a device added while the question is open: nothing is deleted, the page says so and asks again with the new counts', async ({ page, dialogs }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const first = await createDevice(page.request, type);
  await page.goto(`/type_view?id=${type.id}`);
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('link')).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: messages.deleteTypeAndContent }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(ownMessages.willBeDeleted('1 device'));

  // Someone adds a device meanwhile.
  const late = await createDevice(page.request, type);
  await dialog.getByLabel(ownMessages.typeToConfirm(type.name)).fill(type.name);
  await dialog.getByRole('button', { name: messages.delete }).click();

  await expect(dialog).toContainText(ownMessages.contentNotAsCounted('type', type.name, [ownMessages.countNotExpected('Devices', 2, 1)]));
  await expect(dialog).toContainText(ownMessages.willBeDeleted('2 devices'));
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));
  for (const device of [first, late]) expect(await read(page.request, 'device', device.id)).toBeDefined();
  expect(await read(page.request, 'type', type.id)).toBeDefined();

  // The name is typed again for the new counts; then everything goes.
  await expect(dialog.getByRole('button', { name: messages.delete })).toBeDisabled();
  await dialog.getByLabel(ownMessages.typeToConfirm(type.name)).fill(type.name);
  await dialog.getByRole('button', { name: messages.delete }).click();
  await expect(page).toHaveURL(/\/types$/);
  for (const [cat, obj] of [['device', first], ['device', late], ['type', type]] as const) {
    expect(await read(page.request, cat, obj.id), `${cat} ${obj.id}`).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});

test("a type without content has the spec's Delete label and the plain question", async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request));
  await page.goto(`/type_view?id=${type.id}`);
  await expect(page.getByRole('button', { name: messages.delete, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: messages.deleteTypeAndContent }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(messages.confirmDelete(type.name));
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: messages.delete }).click();
  await expect(page).toHaveURL(/\/types$/);
  expect(await read(page.request, 'type', type.id)).toBeUndefined();
});
