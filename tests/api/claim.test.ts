/**
 * Claiming a device through the API (spec sections 2, 4, 7): the owner marks it to be claimed and
 * hands over the code; a user of another team holding the QR id and the code checks it, then
 * claims the device into a team they administer, with its type, firmware (file included) and
 * configuration copied; the support user joins a team on request and cannot sign in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { CSRF_HEADER } from '../../src/csrf';
import { newClaimCode } from '../../server/claim/code';
import { listUsers, setPassword } from '../../server/cli/users';
import { adminWithTeam, api, createTestApp, expectError, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor, uploader } from './firmwareFilesHelpers';

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;
const FILE = Buffer.from('firmware bytes of the owner');
const OWN_FILE = Buffer.from('firmware bytes of one device, to be copied with its claim');

let t: TestApp;
let dataDir: string;
let owner: { client: Client; teamId: number; cookie: string };
let claimer: { client: Client; teamId: number; userId: number; cookie: string };
let typeId: number;
let firmwareId: number;
let made = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pucs-test-claim-'));
  t = await createTestApp({ PUCS_DATA_DIR: dataDir });
  owner = await adminWithTeam(t, 'owner');
  claimer = await adminWithTeam(t, 'claimer');
  typeId = (await createOk(owner.client, 'type', { name: 'board', team_id: owner.teamId, name_of_uid: 'Serial', custom_fields_devices: [{ name: 'colour', type: 0, value: 'red' }] })).id as number;
  firmwareId = await firmwareFor(owner.client, owner.teamId, typeId, FILE);
  expect((await uploader(t.app, owner.cookie)(firmwareId, FILE)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A device of the owner's team, with its QR id. */
async function newDevice(extra: Record<string, unknown> = {}) {
  made++;
  const device = await createOk(owner.client, 'device', { name: `dev${made}`, team_id: owner.teamId, type_id: typeId, uid_for_type: `uid${made}`, ...extra });
  const qr = ((await owner.client.post(`/api/device_qr_code/${String(device.id)}`)).json() as { id: string }).id;
  return { id: device.id as number, name: device.name as string, qr };
}

async function setClaimable(id: number): Promise<string> {
  const res = await owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: true });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { claim_code: string }).claim_code;
}

const check = (c: Client, qr: string, claim_code: unknown) => c.put(`/api/get_device_by_qr_and_claim_codes/${encodeURIComponent(qr)}`, { claim_code });
const claim = (c: Client, id: number, body: Record<string, unknown>) => c.put(`/api/claim_device/${id}`, body);
const storedCode = async (id: number) =>
  (await t.db.query<{ claim_code: string | null; to_be_claimed: boolean }>('SELECT claim_code, to_be_claimed FROM device WHERE id = $1', [id])).rows[0];

describe('PUT /api/set_device_claimed_status/{id}', () => {
  it('gives a team admin a new code of 80 random bits in groups of four, keeping only its hash', async () => {
    const { id, qr } = await newDevice();
    const code = await setClaimable(id);
    expect(code).toMatch(CODE);
    const stored = await storedCode(id);
    expect(stored.to_be_claimed).toBe(true);
    expect(stored.claim_code).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.claim_code).not.toContain(code.replace(/-/g, ''));
    expect((await check(claimer.client, qr, code)).json()).toMatchObject({ is_code_valid: true });
  });

  it('replaces the code when set again: the former one stops working', async () => {
    const { id, qr } = await newDevice();
    const first = await setClaimable(id);
    const second = await setClaimable(id);
    expect(second).not.toBe(first);
    expect((await check(claimer.client, qr, first)).json()).toEqual({ is_code_valid: false });
    expect((await check(claimer.client, qr, second)).json()).toMatchObject({ is_code_valid: true });
  });

  it('sets by default (no body) and unsets with false: the code stops working, and its holder is told the device is not waiting', async () => {
    const { id, qr } = await newDevice();
    const res = await owner.client.put(`/api/set_device_claimed_status/${id}`);
    const code = (res.json() as { claim_code: string }).claim_code;
    expect(code).toMatch(CODE);
    const unset = await owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: false });
    expect(unset.statusCode).toBe(200);
    expect(unset.json()).toEqual({ claim_code: null });
    expect((await storedCode(id)).to_be_claimed).toBe(false);
    expect((await check(claimer.client, qr, code)).json()).toEqual({ is_code_valid: false });
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId }), 409, ownMessages.claimNotPending);
  });

  it('makes distinct codes every time', async () => {
    const { id } = await newDevice();
    const viaApi = new Set<string>();
    for (let i = 0; i < 30; i++) viaApi.add(await setClaimable(id));
    expect(viaApi.size).toBe(30);
    const many = Array.from({ length: 20_000 }, newClaimCode);
    expect(new Set(many).size).toBe(many.length);
    expect(many.every((c) => CODE.test(c))).toBe(true);
    // Every one of the 32 symbols turns up in every place: no position is fixed.
    for (let place = 0; place < 16; place++) expect(new Set(many.map((c) => c.replace(/-/g, '')[place])).size).toBe(32);
  });

  it('is refused to plain members (403), other teams and unknown ids (404), signed-out callers (401) and a non-boolean (400)', async () => {
    const { id } = await newDevice();
    const member = await memberOf(t, 'plainmember', [owner.teamId], ROLE.USER);
    await expectError(member.put(`/api/set_device_claimed_status/${id}`, {}), 403, messages.onlyAdminsCanModify);
    await expectError(claimer.client.put(`/api/set_device_claimed_status/${id}`, {}), 404, ownMessages.notFound);
    await expectError(owner.client.put('/api/set_device_claimed_status/999999', {}), 404, ownMessages.notFound);
    expect((await api(t.app).put(`/api/set_device_claimed_status/${id}`, {})).statusCode).toBe(401);
    await expectError(owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: 'yes' }), 400, ownMessages.wrongFieldType('to_be_claimed', 'true or false'));
    expect((await storedCode(id)).to_be_claimed).toBe(false);
  });
});

describe('PUT /api/get_device_by_qr_and_claim_codes/{qr id}', () => {
  it('answers the device for the right code, typed loosely (case, spaces, dashes, I/L/O)', async () => {
    const { id, name, qr } = await newDevice({ target_firmware_id: firmwareId });
    const code = await setClaimable(id);
    const loose = code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'O');
    const res = await check(claimer.client, qr, loose);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      is_code_valid: true,
      device: {
        id,
        name,
        team: 'owner_team',
        team_id: owner.teamId,
        type: 'board',
        type_id: typeId,
        uid_for_type: `uid${made}`,
        target_firmware: { name: expect.any(String) as string, version: '1.0.0' },
      },
    });
  });

  it('answers is_code_valid false for a wrong code or a device not to be claimed', async () => {
    const { id, qr } = await newDevice();
    expect((await check(claimer.client, qr, 'AAAA-BBBB-CCCC-DDDD')).json()).toEqual({ is_code_valid: false });
    const code = await setClaimable(id);
    expect((await check(claimer.client, qr, `${code}X`)).json()).toEqual({ is_code_valid: false });
  });

  it('refuses a missing or empty code (400), signed-out callers (401) and unknown QR ids (404)', async () => {
    const { qr } = await newDevice();
    await expectError(claimer.client.put(`/api/get_device_by_qr_and_claim_codes/${qr}`, {}), 400, ownMessages.claimCodeRequired);
    await expectError(check(claimer.client, qr, '  '), 400, ownMessages.claimCodeRequired);
    await expectError(check(claimer.client, qr, 42), 400, ownMessages.wrongFieldType('claim_code', 'a text'));
    expect((await check(api(t.app), qr, 'AAAA')).statusCode).toBe(401);
    await expectError(check(claimer.client, 'no-such-qr-id', 'AAAA'), 404, ownMessages.notFound);
  });
});

describe('PUT /api/claim_device/{id}', () => {
  it('moves the device into the claimant\'s team with copies of its type, firmware (same file) and configuration', async () => {
    const original = await firmwareFor(owner.client, owner.teamId, typeId, OWN_FILE);
    expect((await uploader(t.app, owner.cookie)(original, OWN_FILE)).statusCode).toBe(200);
    const group = await createOk(owner.client, 'devices_group', { name: 'batch', team_id: owner.teamId, type_id: typeId, target_firmware_id: original });
    const config = (await owner.client.post('/api/config', { config: '{"rate":5}', team_id: owner.teamId })).json() as { id: number };
    const { id, qr } = await newDevice({ group_id: group.id, config_id: config.id });
    await t.db.query(`UPDATE device SET current_firmware_id = target_firmware_id, config_state = 'synchronized' WHERE id = $1`, [id]);
    const oldKey = (await owner.client.get(`/api/download/private_key/${id}`)).body;
    const code = await setClaimable(id);

    const res = await claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, should_firmware_be_copied: true });
    expect(res.statusCode, res.body).toBe(204);

    const device = (await claimer.client.get(`/api/full/device/${id}`)).json() as Record<string, unknown>;
    expect(device).toMatchObject({ team_id: claimer.teamId, group_id: null, to_be_claimed: false, documents_collection_id: null, basic_docs_list: [] });
    expect(device.type_id).not.toBe(typeId);
    const type = (await claimer.client.get(`/api/type/${String(device.type_id)}`)).json() as Record<string, unknown>;
    expect(type).toMatchObject({ name: 'board', team_id: claimer.teamId, author_id: claimer.userId, name_of_uid: 'Serial', custom_fields_devices: [{ name: 'colour', type: 0, value: 'red' }] });
    const copy = (await claimer.client.get(`/api/firmware/${String(device.target_firmware_id)}`)).json() as Record<string, unknown>;
    expect(copy.id).not.toBe(original);
    expect(copy).toMatchObject({ team_id: claimer.teamId, type_id: device.type_id, version: '1.0.0', author_id: claimer.userId, size: OWN_FILE.length });
    expect(device.current_firmware_id).toBe(copy.id);
    const configCopy = (await claimer.client.get(`/api/config/${String(device.config_id)}`)).json() as Record<string, unknown>;
    expect(configCopy).toMatchObject({ team_id: claimer.teamId, config: '{"rate":5}' });
    expect(configCopy.id).not.toBe(config.id);
    expect(device).toMatchObject({ config_state: 'waiting_to_be_send', config_history: [] });
    expect((await storedCode(id)).to_be_claimed).toBe(false);

    // The owner no longer sees it; the QR id stays (the printed label stays on the device).
    expect((await owner.client.get(`/api/device/${id}`)).statusCode).toBe(404);
    expect(((await claimer.client.get(`/api/device_qr_code/${id}`)).json() as { id: string }).id).toBe(qr);
    // The key the old team downloaded is not the new owner's.
    const newKey = await claimer.client.get(`/api/download/private_key/${id}`);
    expect(newKey.statusCode).toBe(200);
    expect(newKey.body).toMatch(/BEGIN PRIVATE KEY/);
    expect(newKey.body).not.toBe(oldKey);

    // The copy shares the stored file, which outlives the original firmware.
    expect((await claimer.client.get(`/api/download/firmware/${String(copy.id)}`)).rawPayload.equals(OWN_FILE)).toBe(true);
    expect((await owner.client.del(`/api/devices_group/${String(group.id)}`)).statusCode).toBe(200);
    expect((await owner.client.del(`/api/firmware/${original}`)).statusCode).toBe(200);
    const download = await claimer.client.get(`/api/download/firmware/${String(copy.id)}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(OWN_FILE)).toBe(true);

    // The code is spent.
    expect((await check(claimer.client, qr, code)).json()).toEqual({ is_code_valid: false });
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId }), 409, ownMessages.claimNotPending);
  });

  it('reuses the team\'s type and firmware of the same name (and version), and leaves a current firmware other than the target unset', async () => {
    const { id } = await newDevice({ target_firmware_id: firmwareId });
    const code = await setClaimable(id);
    const team = await adminWithTeam(t, 'reuser');
    const theirs = (await createOk(team.client, 'type', { name: 'board', team_id: team.teamId })).id as number;
    expect((await claim(team.client, id, { claim_code: code, team_id: team.teamId, should_firmware_be_copied: true })).statusCode).toBe(204);
    const device = (await team.client.get(`/api/device/${id}`)).json() as Record<string, unknown>;
    expect(device.type_id).toBe(theirs);
    expect(device.current_firmware_id).toBeNull();

    const second = await newDevice({ target_firmware_id: firmwareId });
    const code2 = await setClaimable(second.id);
    expect((await claim(team.client, second.id, { claim_code: code2, team_id: team.teamId, should_firmware_be_copied: true })).statusCode).toBe(204);
    const again = (await team.client.get(`/api/device/${second.id}`)).json() as Record<string, unknown>;
    expect(again.target_firmware_id).toBe(device.target_firmware_id);
  });

  it('takes a chosen type and target firmware of the team, and none without the copy flag', async () => {
    const team = await adminWithTeam(t, 'chooser');
    const theirType = (await createOk(team.client, 'type', { name: 'their board', team_id: team.teamId })).id as number;
    const theirFw = await firmwareFor(team.client, team.teamId, theirType, undefined);
    const { id } = await newDevice({ target_firmware_id: firmwareId });
    const code = await setClaimable(id);
    expect((await claim(team.client, id, { claim_code: code, team_id: team.teamId, type_id: theirType, target_firmware_id: theirFw })).statusCode).toBe(204);
    expect((await team.client.get(`/api/device/${id}`)).json()).toMatchObject({ type_id: theirType, target_firmware_id: theirFw });

    const plain = await newDevice({ target_firmware_id: firmwareId });
    const plainCode = await setClaimable(plain.id);
    expect((await claim(team.client, plain.id, { claim_code: plainCode, team_id: team.teamId, type_id: theirType })).statusCode).toBe(204);
    expect((await team.client.get(`/api/device/${plain.id}`)).json()).toMatchObject({ type_id: theirType, target_firmware_id: null });
  });

  it('refuses a type or firmware of another team, or a firmware of another type, and changes nothing', async () => {
    const team = await adminWithTeam(t, 'refused');
    const otherType = (await createOk(team.client, 'type', { name: 'other', team_id: team.teamId })).id as number;
    const otherFw = await firmwareFor(team.client, team.teamId, otherType, undefined);
    const { id, qr } = await newDevice();
    const code = await setClaimable(id);
    const deviceLabels = t.app.registry.get('device').fields;
    await expectError(claim(team.client, id, { claim_code: code, team_id: team.teamId, type_id: typeId }), 400, ownMessages.referenceNotFound(deviceLabels.type_id.label));
    await expectError(claim(team.client, id, { claim_code: code, team_id: team.teamId, target_firmware_id: firmwareId }), 400, ownMessages.referenceNotFound(deviceLabels.target_firmware_id.label));
    const mine = (await createOk(team.client, 'type', { name: 'mine', team_id: team.teamId })).id as number;
    await expectError(
      claim(team.client, id, { claim_code: code, team_id: team.teamId, type_id: mine, target_firmware_id: otherFw }),
      400,
      ownMessages.referenceMismatch(deviceLabels.target_firmware_id.label, deviceLabels.type_id.label),
    );
    expect((await storedCode(id)).to_be_claimed).toBe(true);
    expect((await check(team.client, qr, code)).json()).toMatchObject({ is_code_valid: true });
  });

  it('refuses a wrong code (400), a team the caller cannot see (404) or only belongs to (403), and a missing team (400)', async () => {
    const { id } = await newDevice();
    const code = await setClaimable(id);
    await expectError(claim(claimer.client, id, { claim_code: 'AAAA-BBBB-CCCC-DDDD', team_id: claimer.teamId }), 400, messages.wrongClaimCode);
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: owner.teamId }), 404, ownMessages.notFound);
    const member = await memberOf(t, 'claimmember', [claimer.teamId], ROLE.USER);
    await expectError(claim(member, id, { claim_code: code, team_id: claimer.teamId }), 403, messages.onlyAdminsCanModify);
    await expectError(claim(claimer.client, id, { claim_code: code }), 400, messages.teamRequired);
    await expectError(claim(claimer.client, id, { team_id: claimer.teamId }), 400, ownMessages.claimCodeRequired);
    expect((await claim(api(t.app), id, { claim_code: code, team_id: claimer.teamId })).statusCode).toBe(401);
    expect((await storedCode(id)).to_be_claimed).toBe(true);
  });

  it('refuses a device whose name the team already uses (409) and changes nothing', async () => {
    const team = await adminWithTeam(t, 'namesake');
    const { id, name, qr } = await newDevice();
    const theirType = (await createOk(team.client, 'type', { name: 'x', team_id: team.teamId })).id as number;
    await createOk(team.client, 'device', { name, team_id: team.teamId, type_id: theirType, uid_for_type: 'theirs' });
    const code = await setClaimable(id);
    await expectError(claim(team.client, id, { claim_code: code, team_id: team.teamId }), 409, messages.nameNotUnique(name));
    expect((await owner.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: owner.teamId, type_id: typeId, to_be_claimed: true });
    expect((await team.client.get('/api/type')).json()).toEqual({ json_list: [expect.objectContaining({ id: theirType })] });
    expect((await check(team.client, qr, code)).json()).toMatchObject({ is_code_valid: true });
  });
});

describe('the claim code is never read back', () => {
  it('is absent from reads, lists and the CSV export', async () => {
    const { id } = await newDevice();
    const code = await setClaimable(id);
    const hash = (await storedCode(id)).claim_code as string;
    for (const url of [`/api/device/${id}`, `/api/full/device/${id}`, '/api/device', '/api/full/device', '/api/download/csv_export/device']) {
      const res = await owner.client.get(url);
      expect(res.body, url).not.toContain(hash);
      expect(res.body, url).not.toContain(code);
      expect(res.body, url).not.toMatch(/claim_code"?[:,]/);
    }
    expect((await owner.client.get(`/api/full/device/${id}?fields=claim_code`)).statusCode).toBe(400);
  });
});

describe('PUT /api/add_pucs_user_to_team/', () => {
  const supportRole = async (team: number) =>
    (await t.db.query<{ role_id: number }>('SELECT r.role_id FROM role r JOIN "user" u ON u.id = r.user_id WHERE u.username = $1 AND r.team_id = $2', ['pucs-support', team])).rows;

  it('adds the support user to the team as a user, once however often it is called', async () => {
    const team = await adminWithTeam(t, 'helped');
    for (let i = 0; i < 2; i++) expect((await team.client.put('/api/add_pucs_user_to_team/', { team_id: team.teamId })).statusCode).toBe(204);
    expect(await supportRole(team.teamId)).toEqual([{ role_id: ROLE.USER }]);
  });

  it('is refused to plain members (403), other teams (404), signed-out callers (401) and without a team (400)', async () => {
    const member = await memberOf(t, 'supportmember', [owner.teamId], ROLE.USER);
    await expectError(member.put('/api/add_pucs_user_to_team/', { team_id: owner.teamId }), 403, messages.onlyAdminsCanModify);
    await expectError(claimer.client.put('/api/add_pucs_user_to_team/', { team_id: owner.teamId }), 404, ownMessages.notFound);
    expect((await api(t.app).put('/api/add_pucs_user_to_team/', { team_id: owner.teamId })).statusCode).toBe(401);
    await expectError(claimer.client.put('/api/add_pucs_user_to_team/', {}), 400, messages.teamRequired);
    expect(await supportRole(owner.teamId)).toEqual([]);
  });

  it('makes a support user that cannot sign in until an operator sets its password', async () => {
    await claimer.client.put('/api/add_pucs_user_to_team/', { team_id: claimer.teamId });
    for (const password of ['', 'pucs-support', 'correct horse battery', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username: 'pucs-support', password } });
      expect(res.statusCode).not.toBe(204);
    }
    expect((await listUsers(t.db)).some((line) => /\bpucs-support\b.*claimer_team/.test(line))).toBe(true);
    await setPassword(t.db, 'pucs-support', 'a support password');
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username: 'pucs-support', password: 'a support password' } });
    expect(signedIn.statusCode).toBe(204);
  });
});

describe('a claim body its schema refuses', () => {
  const bare = (url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: { cookie, ...CSRF_HEADER }, ...(payload === undefined ? {} : { payload: payload as string }) });

  it('answers the spec\'s words for a missing code or team, and names the field of a wrong type', async () => {
    const { id, qr } = await newDevice();
    const code = await setClaimable(id);
    const url = `/api/claim_device/${id}`;
    await expectError(bare(url, claimer.cookie), 400, ownMessages.claimCodeRequired);
    await expectError(claim(claimer.client, id, { claim_code: '  ', team_id: claimer.teamId }), 400, ownMessages.claimCodeRequired);
    await expectError(claim(claimer.client, id, { claim_code: 5, team_id: claimer.teamId }), 400, ownMessages.wrongFieldType('claim_code', 'a text'));
    for (const team_id of [undefined, null, 0]) await expectError(claim(claimer.client, id, { claim_code: code, team_id }), 400, messages.teamRequired);
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: -1 }), 400, ownMessages.wrongFieldType('team_id', 'an id'));
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, type_id: 'x' }), 400, ownMessages.wrongFieldType('type_id', 'an id'));
    await expectError(
      claim(claimer.client, id, { claim_code: code, team_id: claimer.teamId, should_firmware_be_copied: 'true' }),
      400,
      ownMessages.wrongFieldType('should_firmware_be_copied', 'true or false'),
    );
    await expectError(check(claimer.client, qr, undefined), 400, ownMessages.claimCodeRequired);
    await expectError(claim(claimer.client, 0, { claim_code: code, team_id: claimer.teamId }), 404, ownMessages.notFound);
    expect((await storedCode(id)).to_be_claimed).toBe(true);
  });

  it('checks the body before the team: a wrong field answers 400 even for a team the caller cannot see (it used to be 404)', async () => {
    const { id } = await newDevice();
    const code = await setClaimable(id);
    await expectError(claim(claimer.client, id, { claim_code: code, team_id: owner.teamId, type_id: 'x' }), 400, ownMessages.wrongFieldType('type_id', 'an id'));
  });

  it('refuses a body that is not a JSON object (it used to read as an empty one), and takes no body as an empty one', async () => {
    const { id } = await newDevice();
    for (const payload of ['[]', '"text"', '5']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/claim_device/${id}`, headers: { cookie: claimer.cookie, ...CSRF_HEADER, 'content-type': 'application/json' }, payload });
      await expectError(Promise.resolve(res), 400, ownMessages.bodyNotObject);
    }
    const set = await bare(`/api/set_device_claimed_status/${id}`, owner.cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as { claim_code: string }).claim_code).toMatch(CODE);
  });
});
