/**
 * A rollout's firmware changed under it (issue 30, second attack): while a rollout is running or
 * paused, its firmware stays what its start checked (enabled, of its type), even once no device has
 * it as target (the first phase's devices deleted): disabled, the next phase would give its devices
 * a disabled target (spec: a disabled firmware is no device's target); retyped, the rollout's type
 * would follow and every later device would fail as gone from the type. Both are refused 409 naming
 * the rollout, and allowed again once it is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { expectError } from './helpers';
import { actOk, draft, fleet, progress, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const firmwareRow = async (id: number) => (await w.owner.client.get(`/api/firmware/${id}`)).json() as { is_disabled: number; type_id: number };

describe("a running rollout's firmware", () => {
  it('cannot be disabled or change its type, even when no device has it as target; the next phase gets it enabled', async () => {
    const c = w.owner.client;
    const fw = await uploadedFirmware(w);
    const otherType = (await createOk(c, 'type', { name: 'attack2 other type', team_id: w.owner.teamId })).id as number;
    const devices = await fleet(w, 3, { name: 'fwattack' });
    const name = 'firmware under attack';
    const id = await draft(w, { name, firmware_id: fw.id, device_filter: { q: 'fwattack' }, phases: [{ count: 1 }, { percent: 100 }], advance: 'manual' });
    await actOk(w, id, 'start');
    // Phase 1's one device goes: no device names the firmware as its target any more.
    expect((await c.del(`/api/device/${devices[0].id}`)).statusCode).toBe(200);
    await step(w, id);
    expect((await progress(w, id)).waits_for_continue).toBe(true);
    for (const state of ['running', 'paused'] as const) {
      if (state === 'paused') await actOk(w, id, 'pause');
      await expectError(c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 }), 409, ownMessages.firmwareInRollout(name));
      await expectError(c.put(`/api/firmware/${fw.id}`, { type_id: otherType }), 409, ownMessages.firmwareInRollout(name));
      expect(await firmwareRow(fw.id)).toMatchObject({ is_disabled: 0, type_id: w.typeId });
    }
    await actOk(w, id, 'resume');
    await actOk(w, id, 'continue');
    expect(await Promise.all(devices.slice(1).map((d) => targetOf(w, d.id)))).toEqual([fw.id, fw.id]);
    expect((await progress(w, id)).phases[1]).toMatchObject({ devices: 2, failed: 0 });
    // Over: the firmware is the rollout's no more (its devices given their previous target back).
    await actOk(w, id, 'abort');
    expect((await c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 })).statusCode).toBe(200);
  });
});
