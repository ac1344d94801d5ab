/**
 * The group's devices-in-group block in Chromium against the real server: the 'Add devices'
 * dialog adds two devices with select-all, 'Delete from the group' takes one out again, and the
 * dialog's search box (read on the server) finds it to add it back, the group's own device shown
 * but not to be chosen.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, create, createDevice, createType, read, uniqueName } from './typeGroupApi';

test.beforeEach(async ({ page }) => {
  // Several browsers share two cores: room for a slow page, the waits being on what the user sees.
  test.setTimeout(90_000);
  await signInByApi(page);
});

test("'Add devices' adds two devices and 'Delete from the group' removes one", async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const group = await create(page.request, 'devices_group', { name: uniqueName('e2e group'), team_id: team, type_id: type.id });
  const other = await create(page.request, 'devices_group', { name: uniqueName('e2e other'), team_id: team, type_id: type.id });
  const free = await createDevice(page.request, type);
  const moving = await createDevice(page.request, type, { group_id: other.id });
  const otherType = await createType(page.request, team);
  const stranger = await createDevice(page.request, otherType);

  await page.goto(`/group_view?id=${group.id}`);
  const block = page.getByTestId('devices-in-group');
  await expect(block.getByText(ownMessages.noDevicesInGroup)).toBeVisible();
  await block.getByRole('button', { name: messages.addDevices }).click();

  const dialog = page.getByRole('dialog', { name: messages.selectDevicesForGroup(group.name) });
  await expect(dialog.getByText(messages.devicesOfType(type.name))).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: messages.currentGroupColumn })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: moving.name })).toContainText(other.name);
  await expect(dialog.getByText(stranger.name)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: messages.addSelectedDevices(0) })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: ownMessages.selectAllDevices }).check();
  await dialog.getByRole('button', { name: messages.addSelectedDevices(2) }).click();
  await expect(dialog).toHaveCount(0);

  await expect(block.getByRole('link')).toHaveText([free.name, moving.name].sort());
  expect((await read(page.request, 'device', free.id))?.group_id).toBe(group.id);
  expect((await read(page.request, 'device', moving.id))?.group_id).toBe(group.id);

  await block.getByRole('listitem').filter({ hasText: free.name }).getByRole('button', { name: messages.deleteFromGroup }).click();
  await expect(block.getByRole('link')).toHaveText([moving.name]);
  expect((await read(page.request, 'device', free.id))?.group_id).toBeNull();

  await block.getByRole('button', { name: messages.addDevices }).click();
  await expect(dialog.getByRole('checkbox', { name: moving.name })).toBeDisabled();
  await dialog.getByLabel(ownMessages.searchObjects('Devices')).fill(free.name);
  await expect(dialog.getByRole('checkbox', { name: moving.name })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: free.name }).check();
  await dialog.getByRole('button', { name: messages.addSelectedDevices(1) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(block.getByRole('link')).toHaveText([free.name, moving.name].sort());
});

test("'Close' leaves the group as it was", async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const group = await create(page.request, 'devices_group', { name: uniqueName('e2e group'), team_id: team, type_id: type.id });
  const device = await createDevice(page.request, type);

  await page.goto(`/group_edit?id=${group.id}`);
  await page.getByRole('button', { name: messages.addDevices }).click();
  const dialog = page.getByRole('dialog', { name: messages.selectDevicesForGroup(group.name) });
  await dialog.getByRole('checkbox', { name: device.name }).check();
  await expect(dialog.getByRole('button', { name: messages.addSelectedDevices(1) })).toBeEnabled();
  await dialog.getByRole('button', { name: messages.close }).click();
  await expect(dialog).toHaveCount(0);
  expect((await read(page.request, 'device', device.id))?.group_id).toBeNull();
});

test("'Add devices': a shift-click chooses every row from the last one clicked, and chosen devices of another group are named", async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team);
  const group = await create(page.request, 'devices_group', { name: uniqueName('e2e group'), team_id: team, type_id: type.id });
  const other = await create(page.request, 'devices_group', { name: uniqueName('e2e other'), team_id: team, type_id: type.id });
  const prefix = uniqueName('range');
  const five = [];
  for (let i = 1; i <= 5; i++) {
    const name = `${prefix} 0${i}`;
    five.push(await create(page.request, 'device', { name, team_id: team, type_id: type.id, uid_for_type: name, ...(i === 4 ? { group_id: other.id } : {}) }));
  }

  await page.goto(`/group_view?id=${group.id}`);
  await page.getByRole('button', { name: messages.addDevices }).click();
  const dialog = page.getByRole('dialog', { name: messages.selectDevicesForGroup(group.name) });
  await dialog.getByRole('checkbox', { name: five[0].name }).click();
  await dialog.getByRole('checkbox', { name: five[4].name }).click({ modifiers: ['Shift'] });
  for (const device of five) await expect(dialog.getByRole('checkbox', { name: device.name })).toBeChecked();
  await expect(dialog.getByRole('alert')).toHaveText(ownMessages.leaveOtherGroups([ownMessages.deviceInGroup(five[3].name, other.name)], 0));

  // A shift-click on a chosen row drops the range back to the last one clicked.
  await dialog.getByRole('checkbox', { name: five[2].name }).click({ modifiers: ['Shift'] });
  await expect(dialog.getByRole('button', { name: messages.addSelectedDevices(2) })).toBeEnabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: messages.addSelectedDevices(2) }).click();
  await expect(dialog).toHaveCount(0);
  expect((await read(page.request, 'device', five[0].id))?.group_id).toBe(group.id);
  expect((await read(page.request, 'device', five[1].id))?.group_id).toBe(group.id);
  expect((await read(page.request, 'device', five[2].id))?.group_id).toBeNull();
});
