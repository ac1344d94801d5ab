/**
 * A group deleted while a rollout holds its devices (issue 30, second attack): the delete would move
 * every held device out of its group (their group cleared) and clear the running rollout's own group,
 * the changes a user's edit of a held device's group is refused for. It is refused the same way, 409
 * naming a held device and the rollout, and allowed again once the rollout is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { expectError } from './helpers';
import { actOk, draft, fleet, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe('deleting a group a rollout holds devices of', () => {
  it('is refused naming the rollout; the group, its devices and the rollout unchanged', async () => {
    const c = w.owner.client;
    const group = (await createOk(c, 'devices_group', { name: 'held group', team_id: w.owner.teamId, type_id: w.typeId, target_firmware_id: w.oldFw })).id as number;
    const devices = await fleet(w, 2, { group_id: group, name: 'grouped' });
    const name = 'rollout over the held group';
    const id = await draft(w, { name, devices_group_id: group, phases: [{ count: 1 }, { percent: 100 }], advance: 'manual' });
    await actOk(w, id, 'start');
    await expectError(c.del(`/api/devices_group/${group}`), 409, ownMessages.groupDeviceHeldByRollout('grouped 0', name));
    expect((await c.get(`/api/devices_group/${group}`)).statusCode).toBe(200);
    for (const d of devices) expect(((await c.get(`/api/device/${d.id}`)).json() as { group_id: number }).group_id).toBe(group);
    expect(((await c.get(`/api/rollout/${id}`)).json() as { devices_group_id: number }).devices_group_id).toBe(group);
    await actOk(w, id, 'abort');
    expect((await c.del(`/api/devices_group/${group}`)).statusCode).toBe(200);
  });
});
