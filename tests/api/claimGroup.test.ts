/**
 * The group a claim puts the device in (`group_id`, spec section 2: the claim form offers a group):
 * one of the claimant's team, of the device's type there; the device then has the group's target
 * firmware (spec section 4, 'Group choice'), so a different chosen firmware, a disabled one, a
 * group of another type or of another team are refused and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor } from './firmwareFilesHelpers';

let t: TestApp;
let owner: { client: Client; teamId: number };
let claimer: { client: Client; teamId: number };
let ownerType: number;
let claimerType: number;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'owner');
  claimer = await adminWithTeam(t, 'claimer');
  ownerType = (await createOk(owner.client, 'type', { name: 'board', team_id: owner.teamId })).id as number;
  claimerType = (await createOk(claimer.client, 'type', { name: 'their board', team_id: claimer.teamId })).id as number;
});
afterAll(() => t.close());

/** A device of the owner's team waiting to be claimed, with a target firmware of its own: its id, QR id and code. */
async function claimable() {
  made++;
  const target = await firmwareFor(owner.client, owner.teamId, ownerType, undefined);
  const body = { name: `d${made}`, team_id: owner.teamId, type_id: ownerType, uid_for_type: `u${made}`, target_firmware_id: target };
  const id = (await createOk(owner.client, 'device', body)).id as number;
  const qr = ((await owner.client.post(`/api/device_qr_code/${id}`)).json() as { id: string }).id;
  const code = ((await owner.client.put(`/api/set_device_claimed_status/${id}`, {})).json() as { claim_code: string }).claim_code;
  return { id, qr, code };
}

const group = async (c: Client, teamId: number, typeId: number, target?: number) =>
  (await createOk(c, 'devices_group', { name: `g${++made}`, team_id: teamId, type_id: typeId, ...(target ? { target_firmware_id: target } : {}) })).id as number;
const claim = (c: Client, id: number, body: Record<string, unknown>) => c.put(`/api/claim_device/${id}`, body);
const readDevice = async (c: Client, id: number) => (await c.get(`/api/device/${id}`)).json() as Record<string, unknown>;
const labels = () => t.app.registry.get('device').fields;

/** The device is still the owner's and its code still works. */
async function unchanged(id: number, qr: string, code: string) {
  expect(await readDevice(owner.client, id)).toMatchObject({ team_id: owner.teamId, group_id: null, to_be_claimed: true });
  expect((await claimer.client.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code: code })).json()).toMatchObject({ is_code_valid: true });
}

describe('a claim with a group', () => {
  it("puts the device in the team's group of its type, with the group's target firmware", async () => {
    const firmware = await firmwareFor(claimer.client, claimer.teamId, claimerType, undefined);
    const chosen = await group(claimer.client, claimer.teamId, claimerType, firmware);
    const { id, code } = await claimable();
    const res = await claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: chosen, should_firmware_be_copied: true });
    expect(res.statusCode, res.body).toBe(204);
    expect(await readDevice(claimer.client, id)).toMatchObject({ team_id: claimer.teamId, type_id: claimerType, group_id: chosen, target_firmware_id: firmware, current_firmware_id: null });
    expect((await claimer.client.get(`/api/full/devices_group/${chosen}`)).json()).toMatchObject({ number_of_devices: 1 });
  });

  it("takes the group's firmware when the same one is chosen, and none from a group without one (no copy)", async () => {
    const firmware = await firmwareFor(claimer.client, claimer.teamId, claimerType, undefined);
    const withFirmware = await group(claimer.client, claimer.teamId, claimerType, firmware);
    const first = await claimable();
    const body = { claim_code: first.code, team_id: claimer.teamId, type_id: claimerType, group_id: withFirmware, target_firmware_id: firmware };
    expect((await claim(claimer.client, first.id, body)).statusCode).toBe(204);
    expect(await readDevice(claimer.client, first.id)).toMatchObject({ group_id: withFirmware, target_firmware_id: firmware });

    const without = await group(claimer.client, claimer.teamId, claimerType);
    const second = await claimable();
    const copied = { claim_code: second.code, team_id: claimer.teamId, type_id: claimerType, group_id: without, should_firmware_be_copied: true };
    expect((await claim(claimer.client, second.id, copied)).statusCode).toBe(204);
    expect(await readDevice(claimer.client, second.id)).toMatchObject({ group_id: without, target_firmware_id: null });
  });

  it("uses the team's type of the device's type name for the group when no type is chosen", async () => {
    const team = await adminWithTeam(t, 'namesake');
    const sameName = (await createOk(team.client, 'type', { name: 'board', team_id: team.teamId })).id as number;
    const chosen = await group(team.client, team.teamId, sameName);
    const { id, code } = await claimable();
    expect((await claim(team.client, id, { claim_code: code, team_id: team.teamId, group_id: chosen })).statusCode).toBe(204);
    expect(await readDevice(team.client, id)).toMatchObject({ type_id: sameName, group_id: chosen });
  });

  it('is in no group with group_id left out, null or 0', async () => {
    for (const groupId of [undefined, null, 0]) {
      const { id, code } = await claimable();
      expect((await claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: groupId })).statusCode).toBe(204);
      expect((await readDevice(claimer.client, id)).group_id).toBeNull();
    }
  });
});

describe('a claim with a group it may not have', () => {
  it("refuses another team's group like an unknown one, and a group of another of the caller's teams by name, changing nothing", async () => {
    const ownersGroup = await group(owner.client, owner.teamId, ownerType);
    const { id, qr, code } = await claimable();
    const label = labels().group_id.label;
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: ownersGroup }), 400, ownMessages.referenceNotFound(label));
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: 2 ** 30 }), 400, ownMessages.referenceNotFound(label));
    // The claimant administers a second team: its group is seen, and refused for this one.
    const second = (await claimer.client.post('/api/team', { name: `second ${++made}` })).json() as { id: number };
    const secondType = (await createOk(claimer.client, 'type', { name: 'board', team_id: second.id })).id as number;
    const secondGroup = await group(claimer.client, second.id, secondType);
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: secondGroup }), 400, ownMessages.referenceOtherTeam(label));
    await unchanged(id, qr, code);
  });

  it('refuses a group of another type than the device has in the team, a copied type included', async () => {
    const otherType = (await createOk(claimer.client, 'type', { name: `other ${++made}`, team_id: claimer.teamId })).id as number;
    const otherGroup = await group(claimer.client, claimer.teamId, otherType);
    const { id, qr, code } = await claimable();
    const mismatch = ownMessages.referenceMismatch(labels().group_id.label, labels().type_id.label);
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: otherGroup }), 400, mismatch);
    // No type chosen and none of the device's type name in the team: its type is copied, which no group has.
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, group_id: otherGroup }), 400, mismatch);
    const copies = await t.db.query('SELECT id FROM type WHERE team_id = $1 AND name = $2', [claimer.teamId, 'board']);
    expect(copies.rows).toEqual([]);
    await unchanged(id, qr, code);
  });

  it("refuses a target firmware other than the group's, and a group whose target firmware is disabled", async () => {
    const groupFirmware = await firmwareFor(claimer.client, claimer.teamId, claimerType, undefined);
    const otherFirmware = await firmwareFor(claimer.client, claimer.teamId, claimerType, undefined);
    const chosen = await group(claimer.client, claimer.teamId, claimerType, groupFirmware);
    const { id, qr, code } = await claimable();
    const body = { claim_code: code, team_id: claimer.teamId, type_id: claimerType, group_id: chosen };
    await expectError(claim(claimer.client, id, { ...body, target_firmware_id: otherFirmware }), 400, messages.individualFirmwareInGroup);
    // A disabled target held from before targets were checked is not given to the device.
    await t.db.query('UPDATE firmware SET is_disabled = 1 WHERE id = $1', [groupFirmware]);
    const name = ((await claimer.client.get(`/api/firmware/${groupFirmware}`)).json() as { name: string }).name;
    await expectError(claim(claimer.client, id, body), 400, ownMessages.firmwareDisabled(name, '1.0.0'));
    await unchanged(id, qr, code);
  });

  it('answers 400 naming the field for a group_id that is not an id', async () => {
    const { id, code } = await claimable();
    for (const groupId of ['1', -1, 1.5, 2 ** 31, true]) {
      await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, group_id: groupId }), 400, ownMessages.wrongFieldType('group_id', 'an id'));
    }
  });
});
