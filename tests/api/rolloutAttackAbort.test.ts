/**
 * An abort meets previous targets that changed while the rollout ran (issue 30 attack): a firmware
 * disabled since is no target any more, as one deleted since is not: the device is given none, never a
 * disabled firmware (spec sections 2 and 4: a disabled firmware is no device's target).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOk, answeredTarget, draft, fleet, rolloutWorld, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('abort after the previous target was disabled or deleted', () => {
  it('gives the device no target rather than a disabled firmware; the firmware can then be enabled and disabled again', async () => {
    const c = w.owner.client;
    const disabled = await uploadedFirmware(w);
    const deleted = await uploadedFirmware(w);
    const devices = await fleet(w, 3);
    for (const [d, fw] of [[devices[0], disabled.id], [devices[1], deleted.id]] as const) {
      expect((await c.put(`/api/device/${d.id}`, { target_firmware_id: fw })).statusCode).toBe(200);
    }
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }] });
    await actOk(w, id, 'start');
    // The rollout's firmware is their target now: the old ones are no one's and may be disabled or deleted.
    expect((await c.put(`/api/firmware/${disabled.id}`, { is_disabled: 1 })).statusCode).toBe(200);
    expect((await c.del(`/api/firmware/${deleted.id}`)).statusCode).toBe(200);
    await actOk(w, id, 'abort');
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([null, null, w.oldFw]);
    expect(await answeredTarget(w, devices[0])).toBeNull();
    // No device names the disabled firmware: enabling and disabling it again works as for any other.
    expect((await c.put(`/api/firmware/${disabled.id}`, { is_disabled: 0 })).statusCode).toBe(200);
    expect((await c.put(`/api/firmware/${disabled.id}`, { is_disabled: 1 })).statusCode).toBe(200);
  });
});
