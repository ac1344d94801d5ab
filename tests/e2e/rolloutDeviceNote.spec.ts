/**
 * Why a device has its target (issue 30 item 3: 'say which on the device page'): beside the target of a
 * device whose phase started, the rollout that set it; beside that of a device the rollout holds whose
 * phase has not started, not that claim (its target is still its own) but when the rollout sets it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ownMessages } from '../../src/messages';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { signedInApi } from './listsApi';
import { signInByApi } from './signIn';

let api: APIRequestContext;
let firmware: Obj;
let rollout: Obj;
const devices: Obj[] = [];

test.beforeAll(async () => {
  api = await signedInApi();
  const team = await adminTeam(api);
  const type = await createObject(api, 'type', { name: uniqueName('note type'), team_id: team.id });
  const bytes = randomBytes(512);
  firmware = await createObject(api, 'firmware', {
    name: uniqueName('note fw'),
    version: '3.0.0',
    team_id: team.id,
    type_id: type.id,
    firmware_hash: createHash('sha3-256').update(bytes).digest('hex'),
  });
  const upload = await api.post(`/api/upload/firmware/${firmware.id}`, {
    headers: HEADERS,
    multipart: { firmware: { name: 'fw.bin', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(upload.status()).toBe(200);
  for (let i = 0; i < 2; i++) {
    const name = uniqueName(`noted ${i}`);
    devices.push(await createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name }));
  }
  rollout = await createObject(api, 'rollout', {
    name: uniqueName('Noted'),
    team_id: team.id,
    firmware_id: firmware.id,
    device_ids: devices.map((d) => d.id),
    phases: [{ count: 1 }, { percent: 100 }],
    advance: 'manual',
  });
  const start = await api.put(`/api/rollout/${rollout.id}/state`, { headers: HEADERS, data: { action: 'start' } });
  expect(start.status(), await start.text()).toBe(200);
});

test.afterAll(async () => {
  await api.dispose();
});

test("the device page says the rollout set the target only once the device's phase started", async ({ page }) => {
  await signInByApi(page);
  const note = page.getByTestId('held-target');
  await page.goto(`/device_view?id=${devices[0].id}`);
  await expect(note).toHaveText(ownMessages.targetSetByRollout(rollout.name, 1));

  // Phase 2 has not started: the device's target is still its own (none).
  expect((await readObject(api, 'device', devices[1].id)).target_firmware_id).toBeNull();
  await page.goto(`/device_view?id=${devices[1].id}`);
  await expect(note).toHaveText(ownMessages.targetHeldByRollout(rollout.name, 2));
});
