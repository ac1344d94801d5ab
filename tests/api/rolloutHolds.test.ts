/**
 * A device a rollout holds keeps the target the rollout gave it (issue 30, docs/ROLLOUTS.md): a user's
 * change of its target firmware or group, or of the target of its group, is refused 409 naming the
 * rollout, through the one-object call and the batch alike; its other edits are allowed and keep the
 * rollout's target (a group's device is not re-derived from a group it stays in); once the rollout lets
 * it go (holds false) the same changes are allowed; a held device claimed by another team leaves its
 * rollout (the new team never meets the old team's rollout). The rollout's rows are written here with SQL, as
 * the engine would: this is the fleet's rule, not the engine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { batchPath } from '../../src/batch';
import { adminWithTeam, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let typeId: number;
let oldFw: number;
let newFw: number;
let otherFw: number;
let made = 0;

const ROLLOUT = 'greenhouses 2.1';

const read = async (key: string, id: number) => (await c.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;

async function newDevice(extra: Record<string, unknown> = {}): Promise<number> {
  made++;
  return (await createOk(c, 'device', { name: `held ${made}`, team_id: team, type_id: typeId, uid_for_type: `held-${made}`, ...extra })).id as number;
}

const newGroup = async (name: string) => (await createOk(c, 'devices_group', { name, team_id: team, type_id: typeId, target_firmware_id: oldFw })).id as number;

/**
 * A running rollout of newFw holding `devices` in phase 1, their target set to newFw as the engine does at a
 * phase's start. Made over a filter that matches nothing (a rollout over chosen devices of a group is refused:
 * rolloutGroupRule.test.ts); what it holds is its rollout_device rows, written here.
 */
async function runningRollout(name: string, devices: number[]): Promise<number> {
  const id = (await createOk(c, 'rollout', { name, team_id: team, firmware_id: newFw, device_filter: { q: 'matches no device' } })).id as number;
  await t.db.query(`UPDATE rollout SET state = 'running', phase = 1 WHERE id = $1`, [id]);
  for (const device of devices) {
    await t.db.query(
      `INSERT INTO rollout_device (rollout_id, device_id, phase, holds, targeted, previous_target_id, state)
       SELECT $1, d.id, 1, true, true, d.target_firmware_id, 'pending' FROM device d WHERE d.id = $2`,
      [id, device],
    );
    await t.db.query('UPDATE device SET target_firmware_id = $1 WHERE id = $2', [newFw, device]);
  }
  return id;
}

const release = (rollout: number) => t.db.query('UPDATE rollout_device SET holds = false WHERE rollout_id = $1', [rollout]);

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'holder');
  c = a.client;
  team = a.teamId;
  typeId = (await createOk(c, 'type', { name: 'held board', team_id: team })).id as number;
  const fw = async (version: string) => (await createOk(c, 'firmware', { name: 'core', version, team_id: team, type_id: typeId })).id as number;
  [oldFw, newFw, otherFw] = [await fw('1.0.0'), await fw('2.1.0'), await fw('3.0.0')];
});
afterAll(() => t.close());

describe('a device held by a running rollout', () => {
  it("refuses a change of its target firmware or group, naming the rollout, and changes nothing", async () => {
    const device = await newDevice({ target_firmware_id: oldFw });
    await runningRollout(ROLLOUT, [device]);
    const group = await newGroup('held devices join no group');
    const refused = ownMessages.deviceHeldByRollout(`held ${made}`, ROLLOUT);
    await expectError(c.put(`/api/device/${device}`, { target_firmware_id: otherFw }), 409, refused);
    await expectError(c.put(`/api/device/${device}`, { target_firmware_id: null }), 409, refused);
    await expectError(c.put(`/api/device/${device}`, { group_id: group }), 409, refused);
    expect(await read('device', device)).toMatchObject({ target_firmware_id: newFw, group_id: null });
  });

  it('allows its other edits, which keep the rollout’s target, also when its group and target are sent as stored', async () => {
    const group = await newGroup('greenhouse');
    const device = await newDevice({ group_id: group });
    await runningRollout('greenhouse rollout', [device]);
    const renamed = await c.put(`/api/device/${device}`, { name: 'renamed held' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'renamed held', group_id: group, target_firmware_id: newFw });
    // A client that writes back the group it read: the device stays in it, its target is not the group's again.
    const sameGroup = await c.put(`/api/device/${device}`, { name: 'renamed again', group_id: group });
    expect(sameGroup.statusCode, sameGroup.body).toBe(200);
    expect(await read('device', device)).toMatchObject({ name: 'renamed again', group_id: group, target_firmware_id: newFw });
    // And one that writes back both as it read them.
    const both = await c.put(`/api/device/${device}`, { notes: 'checked', group_id: group, target_firmware_id: newFw });
    expect(both.statusCode, both.body).toBe(200);
    expect(await read('device', device)).toMatchObject({ notes: 'checked', group_id: group, target_firmware_id: newFw });
  });

  it('refuses it through the batch call, naming the device and the rollout, and the batch changes nothing', async () => {
    const free = await newDevice({ target_firmware_id: oldFw });
    const held = await newDevice({ target_firmware_id: oldFw });
    await runningRollout('batch rollout', [held]);
    const res = await c.put(batchPath('device'), { ids: [free, held], data: { target_firmware_id: otherFw } });
    expect(res.statusCode, res.body).toBe(409);
    expect(description(res)).toBe(
      ownMessages.batchRefused(ownMessages.batchObjectNamed('Device', `held ${made}`, held), ownMessages.deviceHeldByRollout(`held ${made}`, 'batch rollout')),
    );
    expect((await read('device', free)).target_firmware_id).toBe(oldFw);
  });
});

describe('a group holding a device of a running rollout', () => {
  it('refuses a change of its target firmware, naming the device and the rollout; other edits are allowed', async () => {
    const group = await newGroup('orchard');
    await newDevice({ group_id: group });
    const held = await newDevice({ group_id: group });
    await runningRollout('orchard rollout', [held]);
    await expectError(
      c.put(`/api/devices_group/${group}`, { target_firmware_id: otherFw }),
      409,
      ownMessages.groupDeviceHeldByRollout(`held ${made}`, 'orchard rollout'),
    );
    expect((await read('devices_group', group)).target_firmware_id).toBe(oldFw);
    expect((await read('device', held)).target_firmware_id).toBe(newFw);
    const renamed = await c.put(`/api/devices_group/${group}`, { name: 'orchard east' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read('device', held)).target_firmware_id).toBe(newFw);
  });
});

describe('a device the rollout let go (holds false)', () => {
  it('takes a new target and group again, and its group’s target again', async () => {
    const group = await newGroup('vineyard');
    const inGroup = await newDevice({ group_id: group });
    const alone = await newDevice({ target_firmware_id: oldFw });
    const rollout = await runningRollout('vineyard rollout', [inGroup, alone]);
    await release(rollout);
    const target = await c.put(`/api/device/${alone}`, { target_firmware_id: otherFw });
    expect(target.statusCode, target.body).toBe(200);
    const grouped = await c.put(`/api/devices_group/${group}`, { target_firmware_id: otherFw });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect((await read('device', inGroup)).target_firmware_id).toBe(otherFw);
    const moved = await c.put(`/api/device/${alone}`, { group_id: group });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a held device claimed by another team', () => {
  it('leaves the rollout: its new team sets its target, and is never told of the old team’s rollout', async () => {
    const device = await newDevice({ target_firmware_id: oldFw });
    await runningRollout('claimed rollout', [device]);
    const code = ((await c.put(`/api/set_device_claimed_status/${device}`, {})).json() as { claim_code: string }).claim_code;
    const claimer = await adminWithTeam(t, 'held_claimer');
    const theirType = (await createOk(claimer.client, 'type', { name: 'their board', team_id: claimer.teamId })).id as number;
    const theirFw = (await createOk(claimer.client, 'firmware', { name: 'theirs', version: '1.0.0', team_id: claimer.teamId, type_id: theirType })).id as number;
    const claimed = await claimer.client.put(`/api/claim_device/${device}`, { claim_code: code, team_id: claimer.teamId, type_id: theirType, should_firmware_be_copied: false });
    expect(claimed.statusCode, claimed.body).toBe(204);
    const res = await claimer.client.put(`/api/device/${device}`, { target_firmware_id: theirFw });
    expect(res.statusCode, res.body).toBe(200);
    expect((await claimer.client.get(`/api/device/${device}/rollouts`)).json()).toEqual([]);
  });
});
