/**
 * Rules of spec sections 4 and 5 about types: a group's or device's target firmware and a
 * device's group are of the object's type; a firmware targeted by a group cannot be disabled;
 * the type and team of a firmware or group in use, and the team of a type with content, cannot
 * change. Every refused write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let team2: number;
let typeA: number;
let typeB: number;
let fwA: number;
let fwB: number;

const FW_MISMATCH = ownMessages.referenceMismatch('Target firmware', 'Type');
const GROUP_MISMATCH = ownMessages.referenceMismatch('Group', 'Type');

async function expectError(call: Promise<{ statusCode: number; json(): unknown }>, status: number, description: string) {
  const res = await call;
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ Description: description });
}

const get = async (path: string) => (await c.get(path)).json() as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'typist');
  c = a.client;
  team = a.teamId;
  team2 = (await createOk(c, 'team', { name: 'second team' })).id as number;
  typeA = (await createOk(c, 'type', { name: 'A', team_id: team })).id as number;
  typeB = (await createOk(c, 'type', { name: 'B', team_id: team })).id as number;
  fwA = (await createOk(c, 'firmware', { name: 'fa', version: '1.0.0', team_id: team, type_id: typeA })).id as number;
  fwB = (await createOk(c, 'firmware', { name: 'fb', version: '1.0.0', team_id: team, type_id: typeB })).id as number;
});
afterAll(() => t.close());

describe('the target firmware of a group is of the group type', () => {
  it('on create and on update', async () => {
    await expectError(c.post('/api/devices_group', { name: 'g1', team_id: team, type_id: typeA, target_firmware_id: fwB }), 400, FW_MISMATCH);
    const g = await createOk(c, 'devices_group', { name: 'g1', team_id: team, type_id: typeA, target_firmware_id: fwA });
    await expectError(c.put(`/api/devices_group/${g.id}`, { target_firmware_id: fwB }), 400, FW_MISMATCH);
    expect((await get(`/api/devices_group/${g.id}`)).target_firmware_id).toBe(fwA);
  });

  it('a type change of a group without devices must bring a matching firmware or none', async () => {
    const g = await createOk(c, 'devices_group', { name: 'g2', team_id: team, type_id: typeA, target_firmware_id: fwA });
    await expectError(c.put(`/api/devices_group/${g.id}`, { type_id: typeB }), 400, FW_MISMATCH);
    const moved = await c.put(`/api/devices_group/${g.id}`, { type_id: typeB, target_firmware_id: fwB });
    expect(moved.json()).toMatchObject({ type_id: typeB, target_firmware_id: fwB });
    expect((await c.put(`/api/devices_group/${g.id}`, { type_id: typeA, target_firmware_id: null })).statusCode).toBe(200);
  });
});

describe('a device: target firmware and group of its type', () => {
  it('refuses a target firmware of another type', async () => {
    await expectError(c.post('/api/device', { name: 'd1', team_id: team, type_id: typeA, uid_for_type: 'd1', target_firmware_id: fwB }), 400, FW_MISMATCH);
    const d = await createOk(c, 'device', { name: 'd1', team_id: team, type_id: typeA, uid_for_type: 'd1', target_firmware_id: fwA });
    await expectError(c.put(`/api/device/${d.id}`, { target_firmware_id: fwB }), 400, FW_MISMATCH);
    // Changing the type alone would leave a firmware of the old type.
    await expectError(c.put(`/api/device/${d.id}`, { type_id: typeB }), 400, FW_MISMATCH);
    expect((await c.put(`/api/device/${d.id}`, { type_id: typeB, target_firmware_id: fwB })).statusCode).toBe(200);
  });

  it('refuses a group of another type', async () => {
    const gB = await createOk(c, 'devices_group', { name: 'gB', team_id: team, type_id: typeB });
    await expectError(c.post('/api/device', { name: 'd2', team_id: team, type_id: typeA, uid_for_type: 'd2', group_id: gB.id }), 400, GROUP_MISMATCH);
    const d = await createOk(c, 'device', { name: 'd2', team_id: team, type_id: typeB, uid_for_type: 'd2', group_id: gB.id });
    await expectError(c.put(`/api/device/${d.id}`, { type_id: typeA }), 400, GROUP_MISMATCH);
    expect((await get(`/api/device/${d.id}`)).type_id).toBe(typeB);
    expect((await c.put(`/api/device/${d.id}`, { type_id: typeA, group_id: null })).statusCode).toBe(200);
  });
});

describe('firmware disabling and locks', () => {
  it('a firmware targeted by a group cannot be disabled', async () => {
    const fw = await createOk(c, 'firmware', { name: 'grouped', version: '1.0.0', team_id: team, type_id: typeA });
    const g = await createOk(c, 'devices_group', { name: 'g3', team_id: team, type_id: typeA, target_firmware_id: fw.id });
    await expectError(c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 }), 409, ownMessages.firmwareIsTarget);
    expect((await get(`/api/firmware/${fw.id}`)).is_disabled).toBe(0);
    await c.put(`/api/devices_group/${g.id}`, { target_firmware_id: null });
    expect((await c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 })).json().is_disabled).toBe(1);
  });

  it('the type and team of a firmware targeted by a group cannot change', async () => {
    const fw = await createOk(c, 'firmware', { name: 'pinned', version: '1.0.0', team_id: team, type_id: typeA });
    await createOk(c, 'devices_group', { name: 'g4', team_id: team, type_id: typeA, target_firmware_id: fw.id });
    await expectError(c.put(`/api/firmware/${fw.id}`, { type_id: typeB }), 409, ownMessages.typeCannotChange);
    await expectError(c.put(`/api/firmware/${fw.id}`, { team_id: team2 }), 409, ownMessages.teamCannotChange);
    expect(await get(`/api/firmware/${fw.id}`)).toMatchObject({ type_id: typeA, team_id: team });
  });

  it('the team of a group with devices cannot change', async () => {
    const g = await createOk(c, 'devices_group', { name: 'g5', team_id: team, type_id: typeA });
    await createOk(c, 'device', { name: 'd5', team_id: team, type_id: typeA, uid_for_type: 'd5', group_id: g.id });
    await expectError(c.put(`/api/devices_group/${g.id}`, { team_id: team2 }), 409, ownMessages.teamCannotChange);
    await expectError(c.put(`/api/devices_group/${g.id}`, { type_id: typeB }), 409, ownMessages.typeCannotChange);
  });

  it('the team of a type with only a firmware, or only a device, cannot change', async () => {
    const withFw = await createOk(c, 'type', { name: 'has fw', team_id: team });
    await createOk(c, 'firmware', { name: 'only', version: '1.0.0', team_id: team, type_id: withFw.id });
    await expectError(c.put(`/api/type/${withFw.id}`, { team_id: team2 }), 409, ownMessages.teamCannotChange);
    const withDevice = await createOk(c, 'type', { name: 'has device', team_id: team });
    await createOk(c, 'device', { name: 'only', team_id: team, type_id: withDevice.id, uid_for_type: 'only' });
    await expectError(c.put(`/api/type/${withDevice.id}`, { team_id: team2 }), 409, ownMessages.teamCannotChange);
    const empty = await createOk(c, 'type', { name: 'empty', team_id: team });
    expect((await c.put(`/api/type/${empty.id}`, { team_id: team2 })).json().team_id).toBe(team2);
  });
});
