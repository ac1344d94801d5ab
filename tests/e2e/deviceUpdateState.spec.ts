/**
 * A device's update state in the console (issue 30 item 1): a device reports through the real device
 * API (signed with its own key, as a device maker's code would) that its update failed; its page shows
 * the state, the firmware (its name and version), the device's message, and the failure in its firmware history.
 */
import { createPrivateKey } from 'node:crypto';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { messages, ownMessages } from '../../src/messages';
import { device as deviceCategory } from '../../src/schemas/device';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, uniqueName, type Obj } from './objectApi';
import { signedInApi } from './listsApi';
import { signInByApi } from './signIn';

const MESSAGE = 'flash write error at 0x4000';
let device: Obj;
let firmware: Obj;

test.beforeAll(async () => {
  const api = await signedInApi();
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: uniqueName('update type'), team_id: team.id });
  firmware = await createObject(api, 'firmware', { name: uniqueName('upd'), version: '2.0.0', team_id: team.id, type_id: type.id });
  const name = uniqueName('Updating');
  device = await createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name, target_firmware_id: firmware.id });
  const key = createPrivateKey(await (await api.get(`/api/download/private_key/${device.id}`, { headers: HEADERS })).text());
  const report = await api.post('/device-api/v1/checkin', {
    headers: { authorization: `Bearer ${signDeviceJwt(device.id, key)}` },
    data: { update: { firmware_id: firmware.id, state: 'failed', message: MESSAGE } },
  });
  expect(report.status()).toBe(200);
  await api.dispose();
});

test('the device page shows its failed update with the message, and the failure in its firmware history', async ({ page }) => {
  await signInByApi(page);
  await page.goto(`/device_view?id=${device.id}`);
  const fact = (field: 'update_state' | 'update_firmware_id' | 'update_message') => page.getByRole('textbox', { name: deviceCategory.fields[field].label, exact: true });
  await expect(fact('update_state')).toHaveValue(ownMessages.updateStateLabels.failed);
  await expect(fact('update_message')).toHaveValue(MESSAGE);
  // The firmware as every picker names it: its name alone would not say which of its versions.
  await expect(fact('update_firmware_id')).toHaveValue(messages.firmwareOption(firmware.name, '2.0.0'));
  const history = page.getByRole('group', { name: deviceCategory.fields.firmware_history.label, exact: true });
  await expect(history).toContainText(ownMessages.updateFailedEntry(MESSAGE));
});
