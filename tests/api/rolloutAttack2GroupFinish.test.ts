/**
 * A rollout over a group finishing with a device that joined the group after its start (issue 30,
 * second attack): no other rollout can hold that device (one over chosen devices that would take a
 * device of a group is refused: the group rule, docs/ROLLOUTS.md), and the finish sets the group's
 * target, which all the group's devices follow, the late one too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import { ownMessages } from '../../src/messages';
import { actOk, draft, fleet, report, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('a group rollout finishing', () => {
  it("gives the group's target to all its devices, one that joined after the start too, which no other rollout could take", async () => {
    const group = (await createOk(w.owner.client, 'devices_group', { name: 'finishing group', team_id: w.owner.teamId, type_id: w.typeId, target_firmware_id: w.oldFw })).id as number;
    const members = await fleet(w, 2, { group_id: group });
    const first = await draft(w, { devices_group_id: group, phases: [{ percent: 100 }] });
    await actOk(w, first, 'start');
    // Joins the group after the first's start (not in it), then a second rollout takes it.
    const [late] = await fleet(w, 1, { group_id: group });
    const other = await uploadedFirmware(w);
    const second = await w.owner.client.post('/api/rollout', { name: 'second', team_id: w.owner.teamId, firmware_id: other.id, device_ids: [late.id], phases: [{ percent: 100 }] });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().Description).toBe(ownMessages.rolloutGroupedDevices(1, ['finishing group'], 0));
    expect(await targetOf(w, late.id)).toBe(w.oldFw);
    for (const d of members) await report(w, d, 'succeeded');
    await step(w, first);
    const group1 = (await w.owner.client.get(`/api/devices_group/${group}`)).json() as { target_firmware_id: number };
    expect(group1.target_firmware_id).toBe(w.newFw);
    expect(await Promise.all(members.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw]);
    expect(await targetOf(w, late.id)).toBe(w.newFw);
  });
});
