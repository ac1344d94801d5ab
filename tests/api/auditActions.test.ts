/**
 * The audit entries of the special actions (beyond the generic writes, auditGeneric.test.ts):
 * sign-ins, claim codes, claims, the support user, QR codes, label sheets, certificate and key
 * downloads, uploads, configuration conflicts (a device's report, a user's resolution) and type
 * cascades. Each entry is read back through GET /api/audit, the way an admin reads it, and no
 * entry carries a secret (a code, a QR id, a key, a password).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/csrf';
import { api, adminWithTeam, createUser, signIn, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';
import { claimable, ownerWithType, type Owner } from './claimHelpers';
import { checkinOk, deviceWithKey } from './deviceApiHelpers';
import { firmwareFor, uploader } from './firmwareFilesHelpers';

let t: TestApp;
let owner: Owner;
let typeId: number;
let root: Client;

type Entry = { user_id: number | null; username: string | null; device_id: number | null; team_id: number | null; category: string; object_id: number | null; object_name: string | null; action: string; changes: Record<string, unknown> | null };

const entries = async (client: Client, filter: Record<string, unknown>): Promise<Entry[]> => {
  const res = await client.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, typeId } = await ownerWithType(t));
  await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', 'correct horse battery'));
});
afterAll(() => t.close());

describe('sign-ins', () => {
  it('a sign-in and a failed one of a known account are recorded for the server administrators; an unknown name is not named', async () => {
    await signIn(t.app, 'owner', 'correct horse battery');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username: 'owner', password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username: 'my secret words', password: 'x' } });
    const ok = await entries(root, { category: 'user', object_id: owner.userId, action: 'sign_in' });
    expect(ok[0]).toMatchObject({ user_id: owner.userId, username: 'owner', object_name: 'owner', team_id: null });
    const failed = await entries(root, { action: 'sign_in_failed' });
    expect(failed.map((e) => [e.user_id, e.object_id, e.object_name])).toEqual([
      [null, null, null],
      [null, owner.userId, 'owner'],
    ]);
    expect(JSON.stringify(failed)).not.toContain('my secret words');
    // A team admin reads no sign-ins: they belong to no team.
    expect(await entries(owner.client, { action: 'sign_in' })).toEqual([]);
  });
});

describe('claims', () => {
  it('offering a device for claiming, its QR code and the claim itself, in both teams, never a code or QR id', async () => {
    const { id, qr, code } = await claimable(owner, typeId);
    const claimant = await adminWithTeam(t, 'claimant');
    const res = await claimant.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimant.teamId });
    expect(res.statusCode, res.body).toBe(204);
    const mine = await entries(owner.client, { category: 'device', object_id: id });
    expect(mine.map((e) => e.action)).toEqual(['claim', 'set_claimable', 'generate_qr_code', 'create']);
    expect(mine[1].changes).toEqual({ to_be_claimed: { before: false, after: true }, claim_code: { secret: true } });
    expect(mine[2].changes).toEqual({ qr_code_id: { secret: true } });
    const theirs = await entries(claimant.client, { category: 'device', object_id: id });
    expect(theirs.map((e) => [e.action, e.username, e.team_id])).toEqual([['claim', 'claimant', claimant.teamId]]);
    // Each team sees only its own: the claimant what the device is now, never what the owner's team kept
    // (its author, its types and histories); the owner's team that it left, not who took it nor where.
    expect(theirs[0].changes).toMatchObject({ team_id: { before: null, after: claimant.teamId }, to_be_claimed: { before: null, after: false } });
    expect(JSON.stringify(theirs[0].changes)).not.toContain(`"before":${owner.userId}`);
    expect(Object.values(theirs[0].changes ?? {}).every((c) => (c as { before?: unknown }).before === null || 'secret' in (c as object))).toBe(true);
    expect(mine[0]).toMatchObject({ action: 'claim', user_id: null, username: null, team_id: owner.teamId, changes: null });
    // The type copied into the claimant's team for it.
    expect((await entries(claimant.client, { category: 'type', action: 'copy_for_claim' })).length).toBe(1);
    const all = JSON.stringify(await entries(root, {}));
    expect(all).not.toContain(code);
    expect(all).not.toContain(qr);
  });

  it('adding the support user to a team is a membership entry', async () => {
    expect((await owner.client.put('/api/add_pucs_user_to_team/', { team_id: owner.teamId })).statusCode).toBe(204);
    const [entry] = await entries(owner.client, { category: 'role', action: 'create' });
    expect(entry).toMatchObject({ username: 'owner', team_id: owner.teamId, changes: { role_id: { before: null, after: 1 } } });
  });
});

describe('files, labels and keys', () => {
  it('an upload records the file fields it set', async () => {
    const bytes = Buffer.from('firmware bytes for the audit');
    const id = await firmwareFor(owner.client, owner.teamId, typeId, bytes);
    const res = await uploader(t.app, owner.cookie)(id, bytes, 'fw-1.bin');
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(owner.client, { category: 'firmware', object_id: id, action: 'upload' });
    expect(entry.changes).toMatchObject({ filename: { before: null, after: 'fw-1.bin' }, size: { before: null, after: bytes.length } });
  });

  it('a label sheet records each device printed and the QR codes it made', async () => {
    const a = await createOk(owner.client, 'device', { name: 'sheet a', team_id: owner.teamId, type_id: typeId, uid_for_type: 'sa' });
    const res = await owner.client.post('/api/download/label_sheet', { device_ids: [a.id] });
    expect(res.statusCode, res.body).toBe(200);
    const actions = (await entries(owner.client, { category: 'device', object_id: a.id })).map((e) => e.action);
    expect(actions).toEqual(['print_label_sheet', 'generate_qr_code', 'create']);
  });

  it('certificate and private key downloads are recorded, the key never', async () => {
    const device = await deviceWithKey(owner.client, owner.teamId);
    expect((await owner.client.get(`/api/download/certificate/${device.id}`)).statusCode).toBe(200);
    const actions = (await entries(owner.client, { category: 'device', object_id: device.id })).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['download_certificate', 'download_private_key']);
    expect(JSON.stringify(await entries(root, {}))).not.toContain('PRIVATE KEY');
  });
});

describe('configuration conflicts', () => {
  it("the device's report that makes a conflict is the device's entry; the user's resolution is 'resolve_conflict'", async () => {
    const config = async (value: unknown) => (await createOk(owner.client, 'config', { config: JSON.stringify(value), team_id: owner.teamId })).id as number;
    const L = await config({ rate: 1 });
    const device = await deviceWithKey(owner.client, owner.teamId, { config_id: L });
    await checkinOk(t.app, device, { config_id: L });
    const P = await config({ rate: 2 });
    expect((await owner.client.put(`/api/device/${device.id}`, { config_id: P })).statusCode).toBe(200);
    await checkinOk(t.app, device, { config_id: L, config: { rate: 3 } });
    const [report] = await entries(owner.client, { category: 'device', object_id: device.id, action: 'device_report' });
    expect(report).toMatchObject({ device_id: device.id, user_id: null, changes: { config_state: { before: 'waiting_to_be_send', after: 'conflict' } } });
    expect((await owner.client.put(`/api/device/${device.id}`, { config_state: 'waiting_to_be_send' })).statusCode).toBe(200);
    const [resolved] = await entries(owner.client, { category: 'device', object_id: device.id, action: 'resolve_conflict' });
    expect(resolved).toMatchObject({ username: 'owner', changes: { config_state: { before: 'conflict', after: 'waiting_to_be_send' } } });
  });
});

describe('type cascades', () => {
  it("deleting a type with its content records the type's cascade and each object it took", async () => {
    const type = await createOk(owner.client, 'type', { name: 'doomed', team_id: owner.teamId });
    const device = await createOk(owner.client, 'device', { name: 'doomed device', team_id: owner.teamId, type_id: type.id, uid_for_type: 'dd' });
    const other = await createOk(owner.client, 'device', { name: 'doomed too', team_id: owner.teamId, type_id: type.id, uid_for_type: 'dd2' });
    const res = await owner.client.del(`/api/type/${String(type.id)}?cascade=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await entries(owner.client, { category: 'type', object_id: type.id, action: 'delete_with_content' })).length).toBe(1);
    const [gone] = await entries(owner.client, { category: 'device', object_id: device.id, action: 'delete' });
    expect(gone).toMatchObject({ object_name: 'doomed device', team_id: owner.teamId, changes: { type_id: { before: type.id, after: null } } });
    const [too] = await entries(owner.client, { category: 'device', object_id: other.id, action: 'delete' });
    expect(too).toMatchObject({ object_name: 'doomed too', username: 'owner', team_id: owner.teamId });
  });
});
