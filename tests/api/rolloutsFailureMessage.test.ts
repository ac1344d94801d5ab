/**
 * A failed device's message in a rollout's progress when the device never reported a current
 * firmware (a new device, or one of an older client that sends only its update's state): found by
 * the console's e2e, where the failed devices' table showed the name without the message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkinOk, deviceWithKey } from './deviceApiHelpers';
import { actOk, draft, progress, rolloutWorld, step, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

it("keeps the message of a device's failure when the device never reported a current firmware", async () => {
  const device = await deviceWithKey(w.owner.client, w.owner.teamId, { type_id: w.typeId });
  const id = await draft(w, { device_ids: [device.id], phases: [{ percent: 100 }] });
  await actOk(w, id, 'start');
  await checkinOk(w.t.app, device, { update: { firmware_id: w.newFw, state: 'failed', message: 'checksum mismatch' } });
  await step(w, id);
  const p = await progress(w, id);
  expect(p.phases[0].failed).toBe(1);
  expect(p.failed_devices).toEqual([{ id: device.id, name: expect.any(String), phase: 1, message: 'checksum mismatch' }]);
});
