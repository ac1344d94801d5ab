/**
 * Server-side validation: every message of spec section 5 the API can give, body hygiene, and
 * that a refused write stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas/index';
import { mapDbError } from '../../server/crud/dbErrors';
import { ApiError } from '../../server/http/errors';
import { adminWithTeam, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let otherTeam: number;
let type: number;
let type2: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'val');
  c = a.client;
  cookie = a.cookie;
  team = a.teamId;
  otherTeam = (await createOk(c, 'team', { name: 'second team' })).id as number;
  type = (await createOk(c, 'type', { name: 'T1', team_id: team })).id as number;
  type2 = (await createOk(c, 'type', { name: 'T2', team_id: team })).id as number;
});
afterAll(() => t.close());

async function count(table: string): Promise<number> {
  return (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n;
}

describe('body hygiene', () => {
  it('refuses a body that is not a JSON object', async () => {
    await expectError(c.post('/api/type', [1, 2]), 400, ownMessages.bodyNotObject);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/type',
      headers: { ...CSRF_HEADER, 'content-type': 'application/json', cookie },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
    expect(description(res)).toBe(ownMessages.bodyNotObject);
  });

  it('refuses unknown fields', async () => {
    await expectError(c.post('/api/type', { name: 'x', team_id: team, colour: 'red' }), 400, ownMessages.unknownField('colour'));
    await expectError(c.put(`/api/type/${type}`, { colour: 'red' }), 400, ownMessages.unknownField('colour'));
  });

  it('refuses system and secret fields', async () => {
    await expectError(c.post('/api/type', { name: 'x', team_id: team, author_id: 1 }), 400, ownMessages.readOnlyField('author_id'));
    await expectError(c.post('/api/type', { id: 5, name: 'x', team_id: team }), 400, ownMessages.readOnlyField('id'));
    await expectError(c.put(`/api/type/${type}`, { id: type + 1 }), 400, ownMessages.readOnlyField('id'));
    await expectError(
      c.post('/api/device', { name: 'd', team_id: team, type_id: type, uid_for_type: 'u', claim_code: 'x' }),
      400,
      ownMessages.readOnlyField('claim_code'),
    );
    await expectError(c.post('/api/firmware', { name: 'f', team_id: team, type_id: type, version: '1.0.0', date: '2020-01-01T00:00:00Z' }), 400, ownMessages.readOnlyField('date'));
  });

  it('accepts the object id sent back unchanged on update', async () => {
    const res = await c.put(`/api/type/${type}`, { id: type, notes: 'same id' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses values of the wrong JSON type', async () => {
    await expectError(c.post('/api/type', { name: 5, team_id: team }), 400, ownMessages.wrongFieldType('Name', 'a string'));
    await expectError(c.post('/api/type', { name: 'x', team_id: '1' }), 400, ownMessages.wrongFieldType('Team', 'an id'));
    await expectError(c.put(`/api/device/1`, {}), 404, ownMessages.notFound);
    const fw = { name: 'fwt', team_id: team, type_id: type, version: '1.0.0' };
    await expectError(c.post('/api/firmware', { ...fw, is_disabled: true }), 400, ownMessages.wrongFieldType('Disabled', 'a whole number'));
    await expectError(c.post('/api/firmware', { ...fw, is_disabled: 2 }), 400, ownMessages.wrongFieldType('Disabled', '0 or 1'));
    await expectError(c.post('/api/firmware', { ...fw, type_id: 1.5 }), 400, ownMessages.wrongFieldType('Type', 'an id'));
    await expectError(c.post('/api/firmware', { ...fw, type_id: 2 ** 40 }), 400, ownMessages.wrongFieldType('Type', 'an id'));
  });

  it('refuses text longer than the field allows', async () => {
    await expectError(c.post('/api/type', { name: 'x'.repeat(201), team_id: team }), 400, ownMessages.tooLong('Name', 200));
  });

  it('answers 404 for an id that is not a number', async () => {
    await expectError(c.get('/api/type/abc'), 404, ownMessages.notFound);
    await expectError(c.get('/api/type/99999999999'), 404, ownMessages.notFound);
  });
});

describe('required fields and checks (spec section 5)', () => {
  it('name', async () => {
    await expectError(c.post('/api/type', { team_id: team }), 400, messages.nameEmpty);
    await expectError(c.post('/api/type', { name: '', team_id: team }), 400, messages.nameEmpty);
    await expectError(c.post('/api/type', { name: '   ', team_id: team }), 400, messages.nameEmpty);
    await expectError(c.post('/api/type', { name: null, team_id: team }), 400, messages.nameEmpty);
    await expectError(c.put(`/api/type/${type}`, { name: '' }), 400, messages.nameEmpty);
    await expectError(c.post('/api/type', { name: 'bad/name', team_id: team }), 400, messages.nameNotValid);
    await expectError(c.post('/api/devices_group', { name: 'a<b', team_id: team, type_id: type }), 400, messages.nameNotValid);
    const ok = await c.post('/api/type', { name: 'Ünïcode name_1.2-3', team_id: team });
    expect(ok.statusCode).toBe(201);
  });

  it('firmware name and version', async () => {
    const fw = { team_id: team, type_id: type };
    await expectError(c.post('/api/firmware', { ...fw, name: 'bad/name', version: '1.0.0' }), 400, messages.firmwareNameChars);
    await expectError(c.post('/api/firmware', { ...fw, name: 'f' }), 400, messages.versionEmpty);
    await expectError(c.post('/api/firmware', { ...fw, name: 'f', version: '  ' }), 400, messages.versionEmpty);
    await expectError(c.post('/api/firmware', { ...fw, name: 'f', version: 'one' }), 400, messages.versionNotSemver);
  });

  it('team and type', async () => {
    await expectError(c.post('/api/type', { name: 'no team' }), 400, messages.teamRequired);
    await expectError(c.post('/api/type', { name: 'no team', team_id: null }), 400, messages.teamRequired);
    await expectError(c.post('/api/device', { name: 'd', team_id: team, uid_for_type: 'u' }), 400, messages.typeRequired);
    await expectError(c.post('/api/devices_group', { name: 'g', team_id: team }), 400, messages.typeRequired);
    await expectError(c.post('/api/firmware', { name: 'f', team_id: team, version: '1.0.0' }), 400, messages.typeRequired);
    await expectError(c.put(`/api/devices_group/${0}`, {}), 404, ownMessages.notFound);
  });

  it("device 'unique ID by type'", async () => {
    await expectError(c.post('/api/device', { name: 'd', team_id: team, type_id: type }), 400, messages.uidEmpty);
    await expectError(c.post('/api/device', { name: 'd', team_id: team, type_id: type, uid_for_type: ' ' }), 400, messages.uidEmpty);
  });

  it('configuration text must be JSON', async () => {
    await expectError(c.post('/api/config', { team_id: team, config: '{oops' }), 400, messages.configNotJson);
  });

  it('references must exist', async () => {
    await expectError(c.post('/api/device', { name: 'd', team_id: team, type_id: 424242, uid_for_type: 'u' }), 400, ownMessages.referenceNotFound('Type'));
  });
});

describe('uniqueness (409)', () => {
  it('a name is unique within the team and the category', async () => {
    await createOk(c, 'devices_group', { name: 'Same', team_id: team, type_id: type });
    await expectError(c.post('/api/devices_group', { name: 'Same', team_id: team, type_id: type }), 409, messages.nameNotUnique('Same'));
    // Another team, or another category, may use the name.
    await createOk(c, 'devices_group', { name: 'Same', team_id: otherTeam, type_id: (await createOk(c, 'type', { name: 'OT', team_id: otherTeam })).id });
    await createOk(c, 'basic_document', { name: 'Same', team_id: team });
  });

  it('an unchanged name is accepted on update, a taken one is not', async () => {
    const g = await createOk(c, 'devices_group', { name: 'Other', team_id: team, type_id: type });
    expect((await c.put(`/api/devices_group/${g.id}`, { name: 'Other', notes: 'n' })).statusCode).toBe(200);
    await expectError(c.put(`/api/devices_group/${g.id}`, { name: 'Same' }), 409, messages.nameNotUnique('Same'));
  });

  it('a firmware name and version pair is unique within the team', async () => {
    const fw = { name: 'pair', team_id: team, type_id: type };
    await createOk(c, 'firmware', { ...fw, version: '1.0.0' });
    await createOk(c, 'firmware', { ...fw, version: '1.0.1' });
    await expectError(c.post('/api/firmware', { ...fw, version: '1.0.0' }), 409, messages.firmwareNotUnique('pair', '1.0.0'));
  });

  it('a device uid is unique per type, and the Description names the constraint', async () => {
    const d = { team_id: team, type_id: type, uid_for_type: 'SN-1' };
    await createOk(c, 'device', { ...d, name: 'dev1' });
    const before = await count('device');
    const res = await c.post('/api/device', { ...d, name: 'dev2' });
    expect(res.statusCode).toBe(409);
    expect(description(res)).toContain('device_uid_per_type_key');
    expect(description(res)).toMatch(/uid_per_type/);
    expect(await count('device')).toBe(before);
    // The same uid under another type is fine.
    await createOk(c, 'device', { ...d, type_id: type2, name: 'dev3' });
  });

  it('database unique and foreign-key violations map to the same answers', () => {
    const device = mustGetCategory('device');
    const uid = mapDbError({ code: '23505', constraint: 'device_uid_per_type_key' }, device, 'create', {});
    expect(uid).toBeInstanceOf(ApiError);
    expect((uid as ApiError).status).toBe(409);
    expect((uid as ApiError).description).toContain('device_uid_per_type_key');
    const name = mapDbError({ code: '23505', constraint: 'device_name_per_team_key' }, device, 'create', { name: 'n1' });
    expect((name as ApiError).description).toBe(messages.nameNotUnique('n1'));
    const fk = mapDbError({ code: '23503', constraint: 'device_type_id_fkey' }, device, 'create', {});
    expect((fk as ApiError).description).toBe(ownMessages.referenceNotFound('Type'));
    const inUse = mapDbError({ code: '23503', constraint: 'firmware_type_id_fkey' }, mustGetCategory('type'), 'delete', { name: 'T' });
    expect((inUse as ApiError).status).toBe(409);
    expect((inUse as ApiError).description).toBe(ownMessages.inUse('T'));
  });
});

describe('rules of spec section 4', () => {
  it('the team of a type with content cannot change', async () => {
    const ty = await createOk(c, 'type', { name: 'Movable', team_id: team });
    // Without content it may move (the caller is admin of both teams).
    expect((await c.put(`/api/type/${ty.id}`, { team_id: otherTeam })).statusCode).toBe(200);
    expect((await c.put(`/api/type/${ty.id}`, { team_id: team })).statusCode).toBe(200);
    await createOk(c, 'devices_group', { name: 'pins it', team_id: team, type_id: ty.id });
    await expectError(c.put(`/api/type/${ty.id}`, { team_id: otherTeam }), 409, ownMessages.teamCannotChange);
  });

  it('the type or team of a firmware targeted by a device cannot change', async () => {
    const fw = await createOk(c, 'firmware', { name: 'locked', version: '2.0.0', team_id: team, type_id: type });
    expect((await c.put(`/api/firmware/${fw.id}`, { type_id: type2 })).statusCode).toBe(200);
    await createOk(c, 'device', { name: 'targets', team_id: team, type_id: type2, uid_for_type: 'L1', target_firmware_id: fw.id });
    await expectError(c.put(`/api/firmware/${fw.id}`, { type_id: type }), 409, ownMessages.typeCannotChange);
    await expectError(c.put(`/api/firmware/${fw.id}`, { team_id: otherTeam }), 409, ownMessages.teamCannotChange);
  });

  it('the type of a group with devices cannot change', async () => {
    const g = await createOk(c, 'devices_group', { name: 'has devices', team_id: team, type_id: type });
    await createOk(c, 'device', { name: 'in group', team_id: team, type_id: type, uid_for_type: 'G1', group_id: g.id });
    await expectError(c.put(`/api/devices_group/${g.id}`, { type_id: type2 }), 409, ownMessages.typeCannotChange);
  });

  it('a firmware cannot be disabled while it is the target of a device', async () => {
    const fw = await createOk(c, 'firmware', { name: 'target', version: '3.0.0', team_id: team, type_id: type });
    const d = await createOk(c, 'device', { name: 'aims', team_id: team, type_id: type, uid_for_type: 'F1', target_firmware_id: fw.id });
    await expectError(c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 }), 409, ownMessages.firmwareIsTarget);
    expect((await c.get(`/api/firmware/${fw.id}`)).json().is_disabled).toBe(0);
    await c.put(`/api/device/${d.id}`, { target_firmware_id: null });
    expect((await c.put(`/api/firmware/${fw.id}`, { is_disabled: 1 })).json().is_disabled).toBe(1);
  });

  it('a device in a group follows the group firmware and refuses an individual one', async () => {
    const fwA = await createOk(c, 'firmware', { name: 'grp', version: '1.0.0', team_id: team, type_id: type });
    const fwB = await createOk(c, 'firmware', { name: 'grp', version: '2.0.0', team_id: team, type_id: type });
    const g = await createOk(c, 'devices_group', { name: 'fleet', team_id: team, type_id: type, target_firmware_id: fwA.id });
    const before = await count('device');
    await expectError(
      c.post('/api/device', { name: 'indiv', team_id: team, type_id: type, uid_for_type: 'I1', group_id: g.id, target_firmware_id: fwB.id }),
      400,
      messages.individualFirmwareInGroup,
    );
    expect(await count('device')).toBe(before);
    const d = await createOk(c, 'device', { name: 'member', team_id: team, type_id: type, uid_for_type: 'I2', group_id: g.id });
    expect(d.target_firmware_id).toBe(fwA.id);
    await expectError(c.put(`/api/device/${d.id}`, { target_firmware_id: fwB.id }), 400, messages.individualFirmwareInGroup);
    // The group's firmware changes: its devices follow.
    await c.put(`/api/devices_group/${g.id}`, { target_firmware_id: fwB.id });
    expect((await c.get(`/api/device/${d.id}`)).json().target_firmware_id).toBe(fwB.id);
    // Out of the group, the device may have its own target firmware.
    const out = await c.put(`/api/device/${d.id}`, { group_id: null, target_firmware_id: fwA.id });
    expect(out.json()).toMatchObject({ group_id: null, target_firmware_id: fwA.id });
  });

  it('an object still referenced cannot be deleted (409), and nothing is deleted', async () => {
    const fw = await createOk(c, 'firmware', { name: 'inuse', version: '1.0.0', team_id: team, type_id: type });
    await createOk(c, 'device', { name: 'user of fw', team_id: team, type_id: type, uid_for_type: 'U1', target_firmware_id: fw.id });
    await expectError(c.del(`/api/firmware/${fw.id}`), 409, ownMessages.inUse('inuse'));
    expect((await c.get(`/api/firmware/${fw.id}`)).statusCode).toBe(200);
    await expectError(c.del(`/api/type/${type}`), 409, ownMessages.inUse('T1'));
    await expectError(c.del(`/api/team/${team}`), 409, ownMessages.inUse('val_team'));
    expect((await c.get(`/api/team/${team}`)).statusCode).toBe(200);
  });

  it('a document used in a collection or by a device cannot be deleted', async () => {
    const doc = await createOk(c, 'basic_document', { name: 'manual', team_id: team });
    const coll = await createOk(c, 'documents_collection', { name: 'manuals', team_id: team, basic_docs_list: [{ id: doc.id }] });
    await expectError(c.del(`/api/basic_document/${doc.id}`), 409, ownMessages.inUseIn('manual', "documents collection 'manuals'"));
    await c.put(`/api/documents_collection/${coll.id}`, { basic_docs_list: [] });
    await c.put(`/api/documents_collection/${coll.id}`, { basic_docs_list: [{ id: doc.id }] });
    const d = await createOk(c, 'device', { name: 'documented', team_id: team, type_id: type, uid_for_type: 'D1', documents_collection_id: coll.id });
    await expectError(c.del(`/api/basic_document/${doc.id}`), 409, ownMessages.inUseBy('manual', "device 'documented'"));
    await c.put(`/api/device/${d.id}`, { documents_collection_id: null });
    await c.put(`/api/documents_collection/${coll.id}`, { basic_docs_list: [] });
    expect((await c.del(`/api/basic_document/${doc.id}`)).statusCode).toBe(200);
  });

  it('configurations cannot be changed (405)', async () => {
    const cfg = await createOk(c, 'config', { team_id: team, config: '{}' });
    await expectError(c.put(`/api/config/${cfg.id}`, { config: '{"b":2}' }), 405, ownMessages.notAllowed);
  });
});

describe('the ?fields= parameter', () => {
  it('refuses unknown and secret names with 400', async () => {
    await expectError(c.get('/api/device?fields=id,nope'), 400, ownMessages.unknownField('nope'));
    await expectError(c.get('/api/device?fields=claim_code'), 400, ownMessages.unknownField('claim_code'));
    await expectError(c.get('/api/user?fields=password_hash'), 400, ownMessages.unknownField('password_hash'));
    await expectError(c.get('/api/full/type?fields=device(name,secret_sauce)'), 400, ownMessages.unknownField('device.secret_sauce'));
    await expectError(c.get('/api/full/type?fields=gizmo(name)'), 400, ownMessages.unknownField('gizmo'));
    const bad = await c.get('/api/type?fields=device(name');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a filter that is not an id', async () => {
    await expectError(c.get('/api/device?type_id=abc'), 400, ownMessages.badFilter('type_id'));
  });
});
