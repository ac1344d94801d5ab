/**
 * A disabled firmware is never a new target (spec sections 2 and 4: the pickers hide it, and a
 * device's check-in would treat it as none): a device's or group's create and update, the bulk
 * 'Set target firmware...' (one PUT per device) and a claim's chosen firmware are refused it, while
 * a target already held is kept by writes that leave it unchanged. Disabling and targeting racing
 * each other never end with a disabled target. Every refused write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let typeId: number;
let enabled: number;
let disabled: number;
let made = 0;

const REFUSED = ownMessages.firmwareDisabled('retired', '1.0.0');

/** How many objects of the table bear the name. */
const stored = async (table: string, name: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE name = $1`, [name])).rows[0].n;
const read = async (key: string, id: number) => (await c.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;

async function newFirmware(name: string, isDisabled = 0): Promise<number> {
  return (await createOk(c, 'firmware', { name, version: '1.0.0', team_id: team, type_id: typeId, is_disabled: isDisabled })).id as number;
}

async function newDevice(extra: Record<string, unknown> = {}): Promise<number> {
  made++;
  return (await createOk(c, 'device', { name: `device ${made}`, team_id: team, type_id: typeId, uid_for_type: `uid-${made}`, ...extra })).id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'targeter');
  c = a.client;
  team = a.teamId;
  typeId = (await createOk(c, 'type', { name: 'board', team_id: team })).id as number;
  enabled = await newFirmware('current');
  disabled = await newFirmware('retired', 1);
});
afterAll(() => t.close());

describe('a device is never given a disabled target firmware', () => {
  it('on create', async () => {
    await expectError(
      c.post('/api/device', { name: 'refused', team_id: team, type_id: typeId, uid_for_type: 'refused', target_firmware_id: disabled }),
      400,
      REFUSED,
    );
    expect(await stored('device', 'refused')).toBe(0);
  });

  it('on update, as each device of a bulk change is updated', async () => {
    const id = await newDevice({ target_firmware_id: enabled });
    await expectError(c.put(`/api/device/${id}`, { target_firmware_id: disabled }), 400, REFUSED);
    expect((await read('device', id)).target_firmware_id).toBe(enabled);
  });

  it('keeps a disabled target it already holds while other fields change', async () => {
    const id = await newDevice();
    // Stored before targets were checked: the rule refuses new targets, it does not rewrite old ones.
    await t.db.query('UPDATE device SET target_firmware_id = $1 WHERE id = $2', [disabled, id]);
    const res = await c.put(`/api/device/${id}`, { name: 'renamed', target_firmware_id: disabled });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'renamed', target_firmware_id: disabled });
    expect((await c.put(`/api/device/${id}`, { target_firmware_id: enabled })).statusCode).toBe(200);
    await expectError(c.put(`/api/device/${id}`, { target_firmware_id: disabled }), 400, REFUSED);
  });
});

describe('a group is never given a disabled target firmware', () => {
  it('on create', async () => {
    await expectError(c.post('/api/devices_group', { name: 'refused group', team_id: team, type_id: typeId, target_firmware_id: disabled }), 400, REFUSED);
    expect(await stored('devices_group', 'refused group')).toBe(0);
  });

  it('on update, its devices keeping the target they follow', async () => {
    const group = (await createOk(c, 'devices_group', { name: 'fleet', team_id: team, type_id: typeId, target_firmware_id: enabled })).id as number;
    const member = await newDevice({ group_id: group });
    await expectError(c.put(`/api/devices_group/${group}`, { target_firmware_id: disabled }), 400, REFUSED);
    expect((await read('devices_group', group)).target_firmware_id).toBe(enabled);
    expect((await read('device', member)).target_firmware_id).toBe(enabled);
  });
});

describe('a device joining a group follows its target only when that is not disabled', () => {
  it('refuses the move into a group holding a disabled target, the device unchanged', async () => {
    const group = (await createOk(c, 'devices_group', { name: 'old fleet', team_id: team, type_id: typeId })).id as number;
    // Stored before targets were checked.
    await t.db.query('UPDATE devices_group SET target_firmware_id = $1 WHERE id = $2', [disabled, group]);
    const id = await newDevice({ target_firmware_id: enabled });
    await expectError(c.put(`/api/device/${id}`, { group_id: group }), 400, REFUSED);
    expect(await read('device', id)).toMatchObject({ group_id: null, target_firmware_id: enabled });
  });
});

/** A device of another team waiting to be claimed: its id, QR id and claim code. */
async function waitingDevice(name: string, target?: (owner: { client: Client; teamId: number }, ownerType: number) => Promise<number>) {
  const owner = await adminWithTeam(t, `owner of ${name}`);
  const theirType = (await createOk(owner.client, 'type', { name: 'their board', team_id: owner.teamId })).id as number;
  const device = (await createOk(owner.client, 'device', { name, team_id: owner.teamId, type_id: theirType, uid_for_type: name })).id as number;
  if (target) await t.db.query('UPDATE device SET target_firmware_id = $1 WHERE id = $2', [await target(owner, theirType), device]);
  const qr = ((await owner.client.post(`/api/device_qr_code/${device}`)).json() as { id: string }).id;
  const code = ((await owner.client.put(`/api/set_device_claimed_status/${device}`, { to_be_claimed: true })).json() as { claim_code: string }).claim_code;
  return { device, qr, code };
}

describe('a claim is never given a disabled target firmware', () => {
  it('refuses the chosen firmware and leaves the device waiting to be claimed', async () => {
    const { device, qr, code } = await waitingDevice('handed over');

    const body = { claim_code: code, team_id: team, type_id: typeId, target_firmware_id: disabled };
    await expectError(c.put(`/api/claim_device/${device}`, body), 400, REFUSED);
    expect((await c.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code: code })).json()).toMatchObject({ is_code_valid: true });
    expect((await c.put(`/api/claim_device/${device}`, { ...body, target_firmware_id: enabled })).statusCode).toBe(204);
    expect((await read('device', device)).target_firmware_id).toBe(enabled);
  });

  it('refuses to copy a disabled target it held, and claims without the copy', async () => {
    const { device, code } = await waitingDevice('legacy target', async (owner, ownerType) =>
      (await createOk(owner.client, 'firmware', { name: 'retired', version: '1.0.0', team_id: owner.teamId, type_id: ownerType, is_disabled: 1 })).id as number,
    );
    const body = { claim_code: code, team_id: team, type_id: typeId, should_firmware_be_copied: true };
    await expectError(c.put(`/api/claim_device/${device}`, body), 400, REFUSED);
    expect(await stored('firmware', 'retired')).toBe(2);
    expect((await c.put(`/api/claim_device/${device}`, { ...body, should_firmware_be_copied: false })).statusCode).toBe(204);
    expect((await read('device', device)).target_firmware_id).toBe(null);
  });

  it("refuses the team's own disabled firmware of that name and version as the copy", async () => {
    const { device, code } = await waitingDevice('same name', async (owner, ownerType) =>
      (await createOk(owner.client, 'firmware', { name: 'retired', version: '1.0.0', team_id: owner.teamId, type_id: ownerType })).id as number,
    );
    // The claimant's team holds 'retired 1.0.0' of the type claimed into, disabled: it would be used instead of a copy.
    const body = { claim_code: code, team_id: team, type_id: typeId, should_firmware_be_copied: true };
    await expectError(c.put(`/api/claim_device/${device}`, body), 400, REFUSED);
    expect((await read('device', device)).team_id).not.toBe(team);
  });

  it('refuses an id beyond the database integers with the field named', async () => {
    const { device, code } = await waitingDevice('big ids');
    for (const field of ['team_id', 'type_id', 'target_firmware_id']) {
      await expectError(c.put(`/api/claim_device/${device}`, { claim_code: code, team_id: team, [field]: 2 ** 31 }), 400, ownMessages.wrongFieldType(field, 'an id'));
    }
  });
});

describe('disabling a firmware while it is being made a target', () => {
  // Whichever write comes first, the other is refused: never a disabled target, never both refused.
  it.each([
    ['the disable first', true],
    ['the target first', false],
  ])('ends with an enabled target or a disabled firmware that is no target (%s)', async (_order, disableFirst) => {
    const firmware = await newFirmware(`raced ${String(disableFirst)}`);
    const device = await newDevice();
    const disable = () => c.put(`/api/firmware/${firmware}`, { is_disabled: 1 });
    const target = () => c.put(`/api/device/${device}`, { target_firmware_id: firmware });
    const [first, second] = await Promise.all(disableFirst ? [disable(), target()] : [target(), disable()]);
    const [disabling, targeting] = disableFirst ? [first, second] : [second, first];

    const isDisabled = (await read('firmware', firmware)).is_disabled === 1;
    const isTarget = (await read('device', device)).target_firmware_id === firmware;
    expect(isDisabled && isTarget).toBe(false);
    expect(isDisabled || isTarget).toBe(true);
    if (isDisabled) expect(targeting.json()).toEqual({ Description: ownMessages.firmwareDisabled(`raced ${String(disableFirst)}`, '1.0.0') });
    else expect(disabling.json()).toEqual({ Description: ownMessages.firmwareIsTarget });
  });
});
