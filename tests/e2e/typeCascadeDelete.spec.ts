/**
 * Deleting a type with content through the UI: the button and question of the spec, then its
 * devices, groups and firmwares and the type itself are gone (checked through the API).
 */
import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, create, createDevice, createType, read, uniqueName } from './typeGroupApi';

test.use({ allowDialogs: true });

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a type with devices, a group and a firmware is deleted with all of them', async ({ page, dialogs }) => {
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
  await expect(page.getByRole('region', { name: 'Devices' }).getByRole('link')).toHaveCount(2);
  await page.getByRole('button', { name: messages.deleteTypeAndContent }).click();
  await expect(page).toHaveURL(/\/types$/);
  expect(dialogs).toEqual([messages.confirmDeleteType(type.name)]);

  for (const [cat, obj] of [['device', devices[0]], ['device', devices[1]], ['devices_group', group], ['firmware', firmware], ['type', type]] as const) {
    expect(await read(page.request, cat, obj.id), `${cat} ${obj.id}`).toBeUndefined();
  }
});

test("a type without content has the spec's Delete label and the plain question", async ({ page, dialogs }) => {
  const type = await createType(page.request, await adminTeamId(page.request));
  await page.goto(`/type_view?id=${type.id}`);
  await expect(page.getByRole('button', { name: messages.delete, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: messages.deleteTypeAndContent }).click();
  await expect(page).toHaveURL(/\/types$/);
  expect(dialogs).toEqual([messages.confirmDelete(type.name)]);
  expect(await read(page.request, 'type', type.id)).toBeUndefined();
});
