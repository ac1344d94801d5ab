/**
 * What a rollout does to targets beyond its phases (docs/ROLLOUTS.md): an abort gives the devices that
 * did not succeed the target they had (with rollback_on_abort, those that did too); a rollout over a
 * group sets the group's target when it finishes; the devices are taken at the start (a filter's
 * matches of the team and type only); a device in a running rollout cannot join a second (409 naming
 * it); a start with no devices or a firmware without its file is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { expectError } from './helpers';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('abort', () => {
  it('gives back the previous target to the devices that did not succeed; a succeeded one keeps the new', async () => {
    const devices = await fleet(w, 3);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 2 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'succeeded');
    await report(w, devices[1], 'installing');
    await step(w, id);
    await actOk(w, id, 'abort');
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.oldFw, w.oldFw]);
    // Its devices are free: a new rollout may take them.
    const again = await draft(w, { device_ids: devices.map((d) => d.id) });
    await actOk(w, again, 'start');
    await actOk(w, again, 'abort');
  });

  it('with rollback_on_abort, the succeeded ones get their previous target back too', async () => {
    const devices = await fleet(w, 2);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }], rollback_on_abort: true });
    await actOk(w, id, 'start');
    await report(w, devices[0], 'succeeded');
    await step(w, id);
    await actOk(w, id, 'abort');
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.oldFw, w.oldFw]);
  });
});

describe('a rollout over a group', () => {
  it("takes the group's members; when finished, the group's target is its firmware and the group's devices follow it", async () => {
    const group = (await createOk(w.owner.client, 'devices_group', { name: 'greenhouses', team_id: w.owner.teamId, type_id: w.typeId, target_firmware_id: w.oldFw })).id as number;
    const members = await fleet(w, 2, { group_id: group });
    const id = await draft(w, { devices_group_id: group, phases: [{ count: 1 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    expect(await Promise.all(members.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.oldFw]);
    await report(w, members[0], 'succeeded');
    await step(w, id);
    await report(w, members[1], 'succeeded');
    await step(w, id);
    expect((await progress(w, id)).state).toBe('finished');
    expect(((await w.owner.client.get(`/api/devices_group/${group}`)).json() as { target_firmware_id: number }).target_firmware_id).toBe(w.newFw);
    // A device joining the group now gets the group's (the rollout's) firmware.
    const [late] = await fleet(w, 1, { group_id: group });
    expect(await targetOf(w, late.id)).toBe(w.newFw);
  });
});

describe('taking the devices at the start', () => {
  it("a filter takes the team's devices of the firmware's type that match it, no other", async () => {
    const tagged = await fleet(w, 2, { name: `kiln ${Math.random()}` });
    const otherType = (await createOk(w.owner.client, 'type', { name: 'kiln other type', team_id: w.owner.teamId })).id as number;
    await createOk(w.owner.client, 'device', { name: `kiln other ${Math.random()}`, team_id: w.owner.teamId, type_id: otherType, uid_for_type: 'KILN-X' });
    const id = await draft(w, { device_filter: { q: 'kiln' }, phases: [{ percent: 100 }] });
    const p = await actOk(w, id, 'start');
    expect(p.phases[0].devices).toBe(2);
    expect(await Promise.all(tagged.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw]);
    await actOk(w, id, 'abort');
  });

  it('a device in a running rollout cannot be taken by a second (409 naming it and the rollout); nothing of the second is kept', async () => {
    const [d] = await fleet(w, 1, { name: 'held device' });
    const first = await draft(w, { name: 'first rollout', device_ids: [d.id] });
    await actOk(w, first, 'start');
    const second = await draft(w, { device_ids: [d.id] });
    await expectError(act(w, second, 'start'), 409, ownMessages.rolloutDeviceHeld('held device', 'first rollout'));
    expect(await progress(w, second)).toMatchObject({ state: 'draft', phase: 0 });
    await actOk(w, first, 'pause');
    await expectError(act(w, second, 'start'), 409, ownMessages.rolloutDeviceHeld('held device', 'first rollout'));
    await actOk(w, first, 'abort');
    await actOk(w, second, 'start');
    await actOk(w, second, 'abort');
  });

  it('no device to take: 409, still a draft', async () => {
    const id = await draft(w, { device_filter: { q: 'no device is named so' } });
    await expectError(act(w, id, 'start'), 409, ownMessages.rolloutNoDevices);
    expect((await progress(w, id)).state).toBe('draft');
  });

  it('a firmware without its file, or disabled, cannot be rolled out (409)', async () => {
    const [d] = await fleet(w, 1);
    const id = (await createOk(w.owner.client, 'rollout', { name: 'no file', team_id: w.owner.teamId, firmware_id: w.oldFw, device_ids: [d.id] })).id as number;
    await expectError(act(w, id, 'start'), 409, ownMessages.rolloutFirmwareNoFile('ro-core', '1.0.0'));
    const fw = await uploadedFirmware(w);
    expect((await w.owner.client.put(`/api/firmware/${fw.id}`, { is_disabled: 1 })).statusCode).toBe(200);
    const disabled = await draft(w, { firmware_id: fw.id, device_ids: [d.id] });
    await expectError(act(w, disabled, 'start'), 409, ownMessages.firmwareDisabled(fw.name, fw.version));
    expect(await targetOf(w, d.id)).toBe(w.oldFw);
  });
});
