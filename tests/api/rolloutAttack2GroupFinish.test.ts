/**
 * A rollout over a group finishing while another rollout holds a device that joined the group after
 * its start (issue 30, second attack): the finish sets the group's target, and the group's devices
 * follow it, except a device another running rollout holds, whose target that rollout sets (as a
 * user's change of the group's target is refused while it holds one): before, the finish gave it the
 * first rollout's firmware under the second, whose abort then left it there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import { actOk, draft, fleet, report, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('a group rollout finishing', () => {
  it("leaves the target of a device of the group that another running rollout holds", async () => {
    const group = (await createOk(w.owner.client, 'devices_group', { name: 'finishing group', team_id: w.owner.teamId, type_id: w.typeId, target_firmware_id: w.oldFw })).id as number;
    const members = await fleet(w, 2, { group_id: group });
    const first = await draft(w, { devices_group_id: group, phases: [{ percent: 100 }] });
    await actOk(w, first, 'start');
    // Joins the group after the first's start (not in it), then a second rollout takes it.
    const [late] = await fleet(w, 1, { group_id: group });
    const other = await uploadedFirmware(w);
    const second = await draft(w, { firmware_id: other.id, device_ids: [late.id], phases: [{ percent: 100 }] });
    await actOk(w, second, 'start');
    expect(await targetOf(w, late.id)).toBe(other.id);
    for (const d of members) await report(w, d, 'succeeded');
    await step(w, first);
    const group1 = (await w.owner.client.get(`/api/devices_group/${group}`)).json() as { target_firmware_id: number };
    expect(group1.target_firmware_id).toBe(w.newFw);
    expect(await Promise.all(members.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.newFw]);
    expect(await targetOf(w, late.id)).toBe(other.id);
  });
});
