/**
 * A device of a group that a rollout over chosen devices brought its firmware to (issue 30): its target
 * is the rollout's, not its group's. Its edit screen shows that target and a save of another field
 * (its notes) keeps it, with no question about a target change the user did not make: the form's
 * 'group choice sets the target' (spec section 4) follows a group the user chooses, not the one it has.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { messages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { signedInApi } from './listsApi';
import { signInByApi } from './signIn';
import { button, chosenOption, inPageDialog, input } from './objectScreen';

let api: APIRequestContext;
let groupFirmware: Obj;
let rolledOut: Obj;
let device: Obj;

test.beforeAll(async () => {
  api = await signedInApi();
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: uniqueName('grouped type'), team_id: team.id });
  groupFirmware = await createObject(api, 'firmware', { name: uniqueName('group fw'), version: '1.0.0', team_id: team.id, type_id: type.id });
  const bytes = randomBytes(512);
  rolledOut = await createObject(api, 'firmware', {
    name: uniqueName('rolled fw'),
    version: '2.0.0',
    team_id: team.id,
    type_id: type.id,
    firmware_hash: createHash('sha3-256').update(bytes).digest('hex'),
  });
  const upload = await api.post(`/api/upload/firmware/${rolledOut.id}`, {
    headers: HEADERS,
    multipart: { firmware: { name: 'fw.bin', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(upload.status()).toBe(200);
  const group = await createObject(api, 'devices_group', { name: uniqueName('grouped'), team_id: team.id, type_id: type.id, target_firmware_id: groupFirmware.id });
  const name = uniqueName('grouped device');
  device = await createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name, group_id: group.id });
  const rollout = await createObject(api, 'rollout', {
    name: uniqueName('Chosen'),
    team_id: team.id,
    firmware_id: rolledOut.id,
    device_ids: [device.id],
    phases: [{ percent: 100 }],
  });
  const start = await api.put(`/api/rollout/${rollout.id}/state`, { headers: HEADERS, data: { action: 'start' } });
  expect(start.status(), await start.text()).toBe(200);
  expect((await readObject(api, 'device', device.id)).target_firmware_id).toBe(rolledOut.id);
});

test.afterAll(async () => {
  await api.dispose();
});

test("the edit screen shows the rollout's target of a grouped device, and a save of its notes keeps it without asking", async ({ page }) => {
  await signInByApi(page);
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(chosenOption(input(page, 'Target firmware'))).toHaveText(messages.firmwareOption(rolledOut.name, '2.0.0'));
  await input(page, 'Notes').fill('checked after the rollout');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  await expect(inPageDialog(page)).toHaveCount(0);
  const saved = await readObject(api, 'device', device.id);
  expect(saved.notes).toBe('checked after the rollout');
  expect(saved.target_firmware_id).toBe(rolledOut.id);
});
