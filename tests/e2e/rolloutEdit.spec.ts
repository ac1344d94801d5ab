/**
 * A draft rollout edited on the generic edit screen (issue 30 item 4: 'a draft can be edited'),
 * whichever way it names its devices (a group, the devices table's filter, chosen devices): changing
 * only its name saves, lands on its view, and leaves its devices as they were. The screen has no
 * input for the filter or the chosen devices, so what it sends must not clear or double them, and it
 * says how to change them (a new rollout); the group shows only for a rollout over a group. 'Wait (minutes)' shows only beside a wait, and a change
 * of 'After a phase' away from it clears it, so the save is not refused. A filter over the devices of no group
 * says so; over a group, 'Roll back on abort' is on and disabled, saying why.
 */
import type { APIRequestContext } from '@playwright/test';
import { messages, ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, readObject, uniqueName, type Obj } from './objectApi';
import { signedInApi } from './listsApi';
import { signInByApi } from './signIn';
import { button, errorSnackbar, expectScreen, input } from './objectScreen';

let api: APIRequestContext;
let teamId: number;
let firmware: Obj;
let group: Obj;
/** Of no group: a rollout over a filter or chosen devices takes no device of a group (docs/ROLLOUTS.md, "The group rule"). */
let loose: Obj;

test.beforeAll(async () => {
  api = await signedInApi();
  teamId = (await adminTeam(api)).id;
  const type = await createObject(api, 'type', { name: uniqueName('edit rollout type'), team_id: teamId });
  firmware = await createObject(api, 'firmware', { name: uniqueName('edit rollout fw'), version: '1.0.0', team_id: teamId, type_id: type.id });
  group = await createObject(api, 'devices_group', { name: uniqueName('edit rollout group'), team_id: teamId, type_id: type.id });
  const name = uniqueName('edit rollout device');
  await createObject(api, 'device', { name, team_id: teamId, type_id: type.id, uid_for_type: name, group_id: group.id });
  const looseName = uniqueName('edit rollout loose');
  loose = await createObject(api, 'device', { name: looseName, team_id: teamId, type_id: type.id, uid_for_type: looseName });
});

test.afterAll(async () => {
  await api.dispose();
});

const selections: [string, () => Record<string, unknown>][] = [
  ['a group', () => ({ devices_group_id: group.id })],
  ['a filter', () => ({ device_filter: { q: String(loose.name), last_seen: 'day' } })],
  ['a filter over the devices of no group', () => ({ device_filter: { q: String(loose.name), group_id: null } })],
  ['chosen devices', () => ({ device_ids: [loose.id] })],
];

for (const [how, selection] of selections) {
  test(`a draft over ${how} saves a new name from the edit screen, its devices unchanged`, async ({ page }) => {
    const rollout = await createObject(api, 'rollout', { name: uniqueName('Draft'), team_id: teamId, firmware_id: firmware.id, ...selection() });
    const before = await readObject(api, 'rollout', rollout.id);
    await signInByApi(page);
    await page.goto(`/rollout_edit?id=${rollout.id}`);
    await expectScreen(page, messages.editTitle('Rollout'), messages.editHeading('rollout'));
    await expect(input(page, 'Group')).toHaveCount(how === 'a group' ? 1 : 0);
    await expect(page.getByText(ownMessages.rolloutDevicesNotEditable)).toHaveCount(how === 'a group' ? 0 : 1);
    // Over a group, roll back on abort is on and cannot be turned off (its abort gives every device back).
    const rollback = page.getByRole('switch', { name: 'Roll back on abort' });
    if (how === 'a group') {
      await expect(rollback).toBeChecked();
      await expect(rollback).toBeDisabled();
      await expect(page.getByText(ownMessages.rolloutGroupAlwaysRollsBack)).toBeVisible();
    } else {
      await expect(rollback).toBeEnabled();
    }
    const renamed = uniqueName('Renamed');
    await input(page, 'Name').fill(renamed);
    await button(page, messages.submit).click();
    await expect(page).toHaveURL(new RegExp(`/rollout_view\\?id=${rollout.id}$`));
    await expect(errorSnackbar(page)).toHaveCount(0);
    const after = await readObject(api, 'rollout', rollout.id);
    expect(after.name).toBe(renamed);
    for (const field of ['devices_group_id', 'device_filter', 'device_ids', 'phases', 'firmware_id']) expect(after[field], field).toEqual(before[field]);
    await expect(page.getByText(renamed).first()).toBeVisible();
    await expect(input(page, 'Group')).toHaveCount(how === 'a group' ? 1 : 0);
    // The view shows the devices, without the edit screen's note.
    await expect(page.getByText(ownMessages.rolloutDevicesNotEditable)).toHaveCount(0);
    await expect(page.getByText(ownMessages.rolloutFilterNoGroup, { exact: true })).toHaveCount(how.includes('no group') ? 1 : 0);
  });
}

test("'Wait (minutes)' shows beside a wait only; choosing another way clears it and the draft saves", async ({ page }) => {
  const rollout = await createObject(api, 'rollout', { name: uniqueName('Waiting draft'), team_id: teamId, firmware_id: firmware.id, devices_group_id: group.id, advance: 'wait', wait_minutes: 30 });
  await signInByApi(page);
  await page.goto(`/rollout_edit?id=${rollout.id}`);
  await expectScreen(page, messages.editTitle('Rollout'), messages.editHeading('rollout'));
  await expect(input(page, 'Wait (minutes)')).toHaveValue('30');
  // A MUI select: its accessible name holds its label and its value.
  await page.getByRole('combobox', { name: 'After a phase' }).click();
  await page.getByRole('option', { name: ownMessages.rolloutAdvanceLabels.auto, exact: true }).click();
  await expect(input(page, 'Wait (minutes)')).toHaveCount(0);
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/rollout_view\\?id=${rollout.id}$`));
  await expect(errorSnackbar(page)).toHaveCount(0);
  const after = await readObject(api, 'rollout', rollout.id);
  expect([after.advance, after.wait_minutes]).toEqual(['auto', null]);
  await expect(input(page, 'Wait (minutes)')).toHaveCount(0);
});

test("'After a phase' switched away from a wait and back: the wait re-typed saves", async ({ page }) => {
  const rollout = await createObject(api, 'rollout', { name: uniqueName('Rewaiting draft'), team_id: teamId, firmware_id: firmware.id, devices_group_id: group.id, advance: 'wait', wait_minutes: 30 });
  await signInByApi(page);
  await page.goto(`/rollout_edit?id=${rollout.id}`);
  await expectScreen(page, messages.editTitle('Rollout'), messages.editHeading('rollout'));
  const advance = page.getByRole('combobox', { name: 'After a phase' });
  await advance.click();
  await page.getByRole('option', { name: ownMessages.rolloutAdvanceLabels.manual, exact: true }).click();
  await expect(input(page, 'Wait (minutes)')).toHaveCount(0);
  await advance.click();
  await page.getByRole('option', { name: ownMessages.rolloutAdvanceLabels.wait, exact: true }).click();
  await input(page, 'Wait (minutes)').fill('15');
  await expect(input(page, 'Wait (minutes)')).toHaveValue('15');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/rollout_view\\?id=${rollout.id}$`));
  await expect(errorSnackbar(page)).toHaveCount(0);
  const after = await readObject(api, 'rollout', rollout.id);
  expect([after.advance, after.wait_minutes]).toEqual(['wait', 15]);
  await expect(input(page, 'Wait (minutes)')).toHaveValue('15');
});
