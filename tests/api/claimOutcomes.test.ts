/**
 * What a claim changes and what it refuses: a claim into the team the device is already in is
 * refused (it would drop the device's group, histories and certificate and duplicate its
 * configuration for nothing), the claimed device's owner is the claimant, a uid clash in the new
 * team changes nothing, bodies of the wrong types are a 400, the copied firmware's file stays in the
 * content-addressed store while either firmware holds it, and the support user is never a server
 * administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { cleanStore } from '../../server/files/cleanup';
import { adminWithTeam, createTestApp, description, expectError, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { claimable, ownerWithType, type Owner } from './claimHelpers';
import { ensureSupportUser } from '../../server/claim/supportUser';
import { firmwareFor, storeFiles, uploader } from './firmwareFilesHelpers';

let t: TestApp;
let owner: Owner;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, typeId } = await ownerWithType(t));
});
afterAll(() => t.close());

const claimableDevice = (extra: Record<string, unknown> = {}) => claimable(owner, typeId, extra);

const rowCount = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n;

describe('a claim into the team the device is already in', () => {
  it('is refused (409) and changes nothing: group, configuration, certificate and code stay', async () => {
    const config = (await createOk(owner.client, 'config', { team_id: owner.teamId, config: '{"a":1}' })).id as number;
    const group = (await createOk(owner.client, 'devices_group', { name: 'g-own', team_id: owner.teamId, type_id: typeId })).id as number;
    const { id, qr, code } = await claimableDevice({ config_id: config, group_id: group });
    expect((await owner.client.get(`/api/download/certificate/${id}`)).statusCode).toBe(200);
    const before = (await owner.client.get(`/api/device/${id}`)).json() as Record<string, unknown>;
    const configs = await rowCount('config');

    await expectError(owner.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: owner.teamId, should_firmware_be_copied: true }), 409, ownMessages.claimSameTeam);

    expect((await owner.client.get(`/api/device/${id}`)).json()).toEqual(before);
    expect(await rowCount('config')).toBe(configs);
    expect(await rowCount('device_certificate')).toBeGreaterThan(0);
    const { client: other } = await adminWithTeam(t, 'sameteamvisitor');
    expect((await other.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code: code })).json()).toMatchObject({ is_code_valid: true });
  });
});

describe('the claimed device', () => {
  it('has the claimant as its owner, not a user of the team it left', async () => {
    const { id, code } = await claimableDevice();
    const claimer = await adminWithTeam(t, 'newowner');
    expect((await claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId })).statusCode).toBe(204);
    expect((await claimer.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: claimer.teamId, author_id: claimer.userId });
  });

  it('whose uid the team\'s type of the same name already has: 409 and nothing changes', async () => {
    const { id, qr, code } = await claimableDevice();
    const uid = ((await owner.client.get(`/api/device/${id}`)).json() as { uid_for_type: string }).uid_for_type;
    const claimer = await adminWithTeam(t, 'uidclash');
    const board = (await createOk(claimer.client, 'type', { name: 'board', team_id: claimer.teamId })).id as number;
    await createOk(claimer.client, 'device', { name: 'mine', team_id: claimer.teamId, type_id: board, uid_for_type: uid });
    const types = await rowCount('type');
    const r = await claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId, should_firmware_be_copied: true });
    expect(r.statusCode).toBe(409);
    expect(description(r)).toBeTruthy();
    expect(await rowCount('type')).toBe(types);
    expect((await owner.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: owner.teamId, to_be_claimed: true });
    expect((await claimer.client.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, { claim_code: code })).json()).toMatchObject({ is_code_valid: true });
  });
});

describe('bodies of the wrong types', () => {
  it('answer 400 with a Description for every field of the wrong type, and change nothing', async () => {
    const { id, code } = await claimableDevice();
    const claimer = await adminWithTeam(t, 'badtypes');
    const ok = { claim_code: code, team_id: claimer.teamId };
    const bodies: Record<string, unknown>[] = [
      { claim_code: 5, team_id: claimer.teamId },
      { claim_code: [code], team_id: claimer.teamId },
      { claim_code: { a: 1 }, team_id: claimer.teamId },
      { ...ok, team_id: String(claimer.teamId) },
      { ...ok, team_id: [claimer.teamId] },
      { ...ok, team_id: 1e308 },
      { ...ok, team_id: -1 },
      { ...ok, team_id: 1.5 },
      { ...ok, team_id: 2 ** 31 },
      { ...ok, type_id: 2 ** 31 },
      { ...ok, type_id: 'x' },
      { ...ok, group_id: -2 },
      { ...ok, group_id: '1' },
      { ...ok, target_firmware_id: -3 },
      { ...ok, target_firmware_id: 2 ** 40 },
      { ...ok, should_firmware_be_copied: 'true' },
      { ...ok, should_firmware_be_copied: 1 },
    ];
    for (const b of bodies) {
      const r = await claimer.client.put(`/api/claim_device/${id}`, b);
      expect(r.statusCode, JSON.stringify(b)).toBe(400);
      expect(description(r)).toBeTruthy();
    }
    for (const b of [{ to_be_claimed: 'true' }, { to_be_claimed: 1 }, { to_be_claimed: [] }]) {
      expect((await owner.client.put(`/api/set_device_claimed_status/${id}`, b)).statusCode).toBe(400);
    }
    for (const b of [{ team_id: 'x' }, { team_id: 1e308 }, { team_id: [1] }, { team_id: 2 ** 31 }]) {
      expect((await claimer.client.put('/api/add_pucs_user_to_team/', b)).statusCode).toBe(400);
    }
    expect((await owner.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: owner.teamId, to_be_claimed: true });
    expect((await claimer.client.put(`/api/claim_device/${id}`, ok)).statusCode).toBe(204);
  });
});

describe('a copied firmware\'s file', () => {
  it('stays while the original or the copy refers to it, and goes with the last of them', async () => {
    const bytes = Buffer.from('firmware bytes shared by an original and its claimed copy');
    const original = await firmwareFor(owner.client, owner.teamId, typeId, bytes);
    expect((await uploader(t.app, owner.cookie)(original, bytes)).statusCode).toBe(200);
    const { id, code } = await claimableDevice({ target_firmware_id: original });
    const claimer = await adminWithTeam(t, 'filekeeper');
    expect((await claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId, should_firmware_be_copied: true })).statusCode).toBe(204);
    const copy = ((await claimer.client.get(`/api/device/${id}`)).json() as { target_firmware_id: number }).target_firmware_id;
    expect(copy).not.toBe(original);
    const files = storeFiles(t.config.filesDir).length;

    expect((await owner.client.del(`/api/firmware/${original}`)).statusCode).toBe(200);
    expect(storeFiles(t.config.filesDir)).toHaveLength(files);
    // The cleanup a start runs keeps it too.
    expect((await cleanStore(t.db, t.app.registry, t.app.files.store)).unreferenced).toBe(0);
    expect(storeFiles(t.config.filesDir)).toHaveLength(files);
    const download = await claimer.client.get(`/api/download/firmware/${copy}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    expect((await claimer.client.put(`/api/device/${id}`, { target_firmware_id: null })).statusCode).toBe(200);
    expect((await claimer.client.del(`/api/firmware/${copy}`)).statusCode).toBe(200);
    expect(storeFiles(t.config.filesDir)).toHaveLength(files - 1);
  });
});

describe('PUCS_SUPPORT_USER naming a server administrator', () => {
  it('is refused (the start stops with a clear line) instead of adding that account to teams', async () => {
    await t.db.query(`INSERT INTO "user" (username, password_hash, is_server_admin) VALUES ('boss', 'x', true)`);
    await expect(ensureSupportUser(t.db, 'boss')).rejects.toThrow(ownMessages.supportUserIsServerAdmin('boss'));
  });
});
