/**
 * Every validation message of spec section 5 the server gives, on update as well as on
 * create (an update sends only the changed fields, so each rule must run on a partial body).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let type: number;
let fw: number;
let device: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'valu');
  c = a.client;
  team = a.teamId;
  type = (await createOk(c, 'type', { name: 'VT', team_id: team })).id as number;
  fw = (await createOk(c, 'firmware', { name: 'vfw', version: '1.0.0', team_id: team, type_id: type })).id as number;
  await createOk(c, 'firmware', { name: 'vfw', version: '2.0.0', team_id: team, type_id: type });
  device = (await createOk(c, 'device', { name: 'vdev', team_id: team, type_id: type, uid_for_type: 'U-1' })).id as number;
  await createOk(c, 'device', { name: 'vdev2', team_id: team, type_id: type, uid_for_type: 'U-2' });
});
afterAll(() => t.close());

describe('on update, with the messages of spec section 5', () => {
  it('name: empty, blank, null, bad characters, taken', async () => {
    for (const name of ['', '   ', null]) await expectError(c.put(`/api/device/${device}`, { name }), 400, messages.nameEmpty);
    await expectError(c.put(`/api/device/${device}`, { name: 'a;b' }), 400, messages.nameNotValid);
    await expectError(c.put(`/api/firmware/${fw}`, { name: 'a;b' }), 400, messages.firmwareNameChars);
    await expectError(c.put(`/api/device/${device}`, { name: 'vdev2' }), 409, messages.nameNotUnique('vdev2'));
    // Unchanged is accepted.
    expect((await c.put(`/api/device/${device}`, { name: 'vdev' })).statusCode).toBe(200);
  });

  it('version: empty, not semver, pair taken', async () => {
    await expectError(c.put(`/api/firmware/${fw}`, { version: ' ' }), 400, messages.versionEmpty);
    await expectError(c.put(`/api/firmware/${fw}`, { version: null }), 400, messages.versionEmpty);
    await expectError(c.put(`/api/firmware/${fw}`, { version: '1.0' }), 400, messages.versionNotSemver);
    await expectError(c.put(`/api/firmware/${fw}`, { version: '2.0.0' }), 409, messages.firmwareNotUnique('vfw', '2.0.0'));
  });

  it("team and type can not be emptied; the uid can not be emptied or taken", async () => {
    await expectError(c.put(`/api/device/${device}`, { team_id: null }), 400, messages.teamRequired);
    await expectError(c.put(`/api/device/${device}`, { type_id: null }), 400, messages.typeRequired);
    await expectError(c.put(`/api/firmware/${fw}`, { type_id: null }), 400, messages.typeRequired);
    await expectError(c.put(`/api/device/${device}`, { uid_for_type: '' }), 400, messages.uidEmpty);
    await expectError(c.put(`/api/device/${device}`, { uid_for_type: null }), 400, messages.uidEmpty);
    const dup = await c.put(`/api/device/${device}`, { uid_for_type: 'U-2' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().Description).toContain('device_uid_per_type_key');
  });

  it('a configuration must be JSON', async () => {
    await expectError(c.post('/api/config', { team_id: team, config: 'not json' }), 400, messages.configNotJson);
  });

  it('the name is validated on create with the same messages, for every named category', async () => {
    for (const key of ['type', 'devices_group', 'firmware', 'device', 'basic_document', 'documents_collection', 'team']) {
      const teamOf = key === 'team' ? {} : { team_id: team };
      await expectError(c.post(`/api/${key}`, { name: '', ...teamOf }), 400, messages.nameEmpty);
      const bad = await c.post(`/api/${key}`, { name: 'x/y', ...teamOf });
      expect(bad.statusCode, key).toBe(400);
      expect([messages.nameNotValid, messages.firmwareNameChars]).toContain(bad.json().Description);
    }
    await expectError(c.post('/api/user', { username: 'valu', password: 'long enough password' }), 403, ownMessages.serverAdminOnly);
  });
});
