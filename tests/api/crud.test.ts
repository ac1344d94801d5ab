/**
 * The generic CRUD API as a client sees it: answers of every verb, the ?fields= projection,
 * expansions, reverse lists, lookups and counts, teams, roles, users and the small calls of
 * server/routes/misc.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { adminWithTeam, api, createTestApp, createUser, expectError, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let me: number;
let team: number;
let type: Record<string, unknown>;
let fw: Record<string, unknown>;
let group: Record<string, unknown>;
let device: Record<string, unknown>;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'crud');
  c = a.client;
  me = a.userId;
  team = a.teamId;
  type = await createOk(c, 'type', { name: 'Sensor', team_id: team });
  fw = await createOk(c, 'firmware', { name: 'core', version: '1.2.3', team_id: team, type_id: type.id });
  group = await createOk(c, 'devices_group', { name: 'Field', team_id: team, type_id: type.id, target_firmware_id: fw.id });
  device = await createOk(c, 'device', { name: 'd1', team_id: team, type_id: type.id, uid_for_type: 'SN1', group_id: group.id });
});
afterAll(() => t.close());

describe('POST', () => {
  it('answers 201 with the stored object: id, defaults, owner and date set by the server', () => {
    expect(typeof type.id).toBe('number');
    expect(type).toMatchObject({
      name: 'Sensor',
      team_id: team,
      name_of_uid: messages.defaultNameOfUid,
      custom_fields_devices: [],
      notes: '',
      icon: null,
      documents_collection_id: null,
      author_id: me,
    });
    expect(fw).toMatchObject({ is_disabled: 0, version: '1.2.3', author_id: me, custom_fields: [] });
    expect(fw.date).toMatch(ISO);
    expect(device).toMatchObject({ to_be_claimed: false, provisioning: null, target_firmware_id: fw.id });
  });

  it('never answers secret or write-only fields', () => {
    expect(device).not.toHaveProperty('claim_code');
  });

  it('stores JSON values as sent', async () => {
    const fields = [{ name: 'colour', type: 0, value: 'red' }];
    const ty = await createOk(c, 'type', { name: 'WithFields', team_id: team, custom_fields_devices: fields });
    expect((await c.get(`/api/type/${ty.id}`)).json().custom_fields_devices).toEqual(fields);
  });
});

describe('GET', () => {
  it('one object answers every public column', async () => {
    const res = await c.get(`/api/device/${device.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(device);
  });

  it('a list answers json_list in id order', async () => {
    const res = await c.get('/api/type');
    expect(res.statusCode).toBe(200);
    const list = res.json().json_list as { id: number }[];
    expect(list[0]).toEqual(type);
    expect(list.map((x) => x.id)).toEqual([...list.map((x) => x.id)].sort((a, b) => a - b));
  });

  it('?fields= answers only the fields asked', async () => {
    const list = (await c.get('/api/firmware?fields=id,name,team_id,type_id,version,is_disabled')).json().json_list;
    expect(list).toEqual([{ id: fw.id, name: 'core', team_id: team, type_id: type.id, version: '1.2.3', is_disabled: 0 }]);
    const names = (await c.get('/api/firmware?fields=name,team_id,version')).json().json_list;
    expect(names).toEqual([{ name: 'core', team_id: team, version: '1.2.3' }]);
    expect((await c.get(`/api/type/${type.id}?fields=icon`)).json()).toEqual({ icon: null });
  });

  it('filters lists by the filter fields', async () => {
    const other = await createOk(c, 'type', { name: 'Other', team_id: team });
    await createOk(c, 'device', { name: 'd-other', team_id: team, type_id: other.id, uid_for_type: 'X' });
    const list = (await c.get(`/api/device?fields=id,name&type_id=${type.id}`)).json().json_list;
    expect(list).toEqual([{ id: device.id, name: 'd1' }]);
  });
});

describe('GET /api/full', () => {
  it('a device carries its expansions with summary fields', async () => {
    const full = (await c.get(`/api/full/device/${device.id}`)).json();
    expect(full).toMatchObject({
      ...device,
      type: { name: 'Sensor', id: type.id, name_of_uid: messages.defaultNameOfUid },
      group: { name: 'Field', id: group.id },
      target_firmware: { name: 'core', version: '1.2.3', id: fw.id },
      current_firmware: null,
      author: { username: 'crud', id: me },
    });
    expect(full).not.toHaveProperty('claim_code');
  });

  it('a group carries its devices, count and type name', async () => {
    const full = (await c.get(`/api/full/devices_group/${group.id}`)).json();
    expect(full).toMatchObject({ devices: [{ name: 'd1', id: device.id }], number_of_devices: 1, type_name: 'Sensor' });
  });

  it('a firmware lists where it is the target and where it runs', async () => {
    await t.db.query('UPDATE device SET current_firmware_id = $1 WHERE id = $2', [fw.id, device.id]);
    const full = (await c.get(`/api/full/firmware/${fw.id}`)).json();
    expect(full).toMatchObject({
      is_target_of: [{ name: 'd1', id: device.id }],
      devices_group: [{ name: 'Field', id: group.id }],
      is_currently_on: [{ name: 'd1', id: device.id }],
      type: { id: type.id, name: 'Sensor' },
    });
    expect((await c.get(`/api/full/device/${device.id}?fields=current_firmware`)).json()).toEqual({
      current_firmware: { name: 'core', version: '1.2.3', id: fw.id },
    });
  });

  it("the spec's fields string selects lists and expansions by target category", async () => {
    const spec = 'device(name,id),devices_group(name,id),firmware(name,version,id),user(username,id),type(name,id,name_of_uid)';
    for (const prefix of ['/api/full', '/api']) {
      const res = (await c.get(`${prefix}/type/${type.id}?fields=${spec}`)).json();
      expect(res).toMatchObject({
        ...type,
        device: [{ name: 'd1', id: device.id }],
        devices_group: [{ name: 'Field', id: group.id }],
        firmware: [{ name: 'core', version: '1.2.3', id: fw.id }],
        author: { username: 'crud', id: me },
      });
    }
    const onDevice = (await c.get(`/api/full/device?fields=id,${spec}`)).json().json_list[0];
    expect(onDevice).toEqual({
      id: device.id,
      type: { name: 'Sensor', id: type.id, name_of_uid: messages.defaultNameOfUid },
      group: { name: 'Field', id: group.id },
      target_firmware: { name: 'core', version: '1.2.3', id: fw.id },
      current_firmware: { name: 'core', version: '1.2.3', id: fw.id },
      // The firmware of its last update, when it has sent one (docs/DEVICE_API.md 'Update states').
      update_firmware: null,
      author: { username: 'crud', id: me },
    });
  });

  it('sub-fields override the summary, and plain derived keys are accepted', async () => {
    const res = (await c.get(`/api/devices_group/${group.id}?fields=name,number_of_devices,device(uid_for_type)`)).json();
    expect(res).toEqual({ name: 'Field', number_of_devices: 1, devices: [{ uid_for_type: 'SN1' }] });
  });

  it('a team lists its roles', async () => {
    const full = (await c.get(`/api/full/team/${team}`)).json();
    expect(full.role).toEqual([expect.objectContaining({ team_id: team, user_id: me, role_id: ROLE.ADMIN })]);
  });

  it('a list of 2,000 devices with expansions takes a handful of queries, not one per row', async () => {
    const big = await createOk(c, 'type', { name: 'Bulk', team_id: team });
    await t.db.query(
      `INSERT INTO device (name, team_id, type_id, uid_for_type, group_id, target_firmware_id)
       SELECT 'bulk' || g, $1, $2, 'B' || g, NULL, $3 FROM generate_series(1, 2000) AS g`,
      [team, big.id, fw.id],
    );
    const query = t.db.query.bind(t.db);
    let queries = 0;
    t.db.query = ((sql: string, params?: unknown[]) => {
      queries++;
      return query(sql, params);
    }) as typeof t.db.query;
    try {
      const list = (await c.get(`/api/full/device?type_id=${big.id}`)).json().json_list;
      expect(list).toHaveLength(2000);
      expect(list[1999].target_firmware).toEqual({ name: 'core', version: '1.2.3', id: fw.id });
      const full = (await c.get(`/api/full/type/${big.id}`)).json();
      expect(full.device).toHaveLength(2000);
    } finally {
      t.db.query = query;
    }
    expect(queries).toBeLessThan(20);
  });
});

describe('PUT and DELETE', () => {
  it('PUT changes only the fields sent and answers the updated object', async () => {
    const res = await c.put(`/api/type/${type.id}`, { notes: 'updated' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...type, notes: 'updated' });
  });

  it('DELETE answers 200 with the object as it was; afterwards it is not found', async () => {
    const doc = await createOk(c, 'basic_document', { name: 'temp', team_id: team });
    const res = await c.del(`/api/basic_document/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(doc);
    expect((await c.get(`/api/basic_document/${doc.id}`)).statusCode).toBe(404);
  });

  it('deleting a referenced object clears or cascades as declared', async () => {
    const coll = await createOk(c, 'documents_collection', { name: 'docs', team_id: team });
    await c.put(`/api/type/${type.id}`, { documents_collection_id: coll.id });
    expect((await c.del(`/api/documents_collection/${coll.id}`)).statusCode).toBe(200);
    expect((await c.get(`/api/type/${type.id}`)).json().documents_collection_id).toBeNull();
  });
});

describe('teams and roles', () => {
  it('the creator of a team becomes its admin, and sees it among their admin teams', async () => {
    const newTeam = await createOk(c, 'team', { name: 'Fresh team' });
    const roles = (await c.get(`/api/role?team_id=${newTeam.id}`)).json().json_list;
    expect(roles).toEqual([expect.objectContaining({ user_id: me, role_id: ROLE.ADMIN })]);
    const admin = (await c.get('/api/get_teams_where_user_is_admin/')).json();
    expect(admin.json_list).toContainEqual({ id: newTeam.id, name: 'Fresh team' });
    expect(admin.json_list).toContainEqual({ id: team, name: 'crud_team' });
    // An empty team (only roles) can be deleted.
    expect((await c.del(`/api/team/${newTeam.id}`)).statusCode).toBe(200);
  });

  it('a team admin adds an existing user, who then sees the team', async () => {
    const eve = await createUser(t.db, 'eve', 'correct horse battery');
    const eveClient = api(t.app, await signIn(t.app, 'eve', 'correct horse battery'));
    expect((await eveClient.get(`/api/team/${team}`)).statusCode).toBe(404);
    const role = await createOk(c, 'role', { team_id: team, username: 'eve', role_id: ROLE.USER });
    expect((await eveClient.get(`/api/team/${team}`)).statusCode).toBe(200);
    expect((await eveClient.get('/api/get_teams_where_user_is_admin/')).json()).toEqual({ json_list: [] });
    const dup = await c.post('/api/role', { team_id: team, user_id: eve });
    expect(dup.statusCode).toBe(409);
    // A plain member cannot change roles.
    const promote = await eveClient.put(`/api/role/${role.id}`, { role_id: ROLE.ADMIN });
    expect(promote.statusCode).toBe(403);
    expect((await c.put(`/api/role/${role.id}`, { role_id: 2 })).json().role_id).toBe(2);
    await expectError(c.put(`/api/role/${role.id}`, { role_id: 7 }), 400, ownMessages.wrongFieldType('Role', '0, 1, 2 or 3'));
  });

  it('a team keeps at least one admin', async () => {
    const mine = (await c.get(`/api/role?team_id=${team}`)).json().json_list.find((r: { user_id: number }) => r.user_id === me);
    const demote = await c.put(`/api/role/${mine.id}`, { role_id: ROLE.USER });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ Description: ownMessages.lastAdmin });
    const del = await c.del(`/api/role/${mine.id}`);
    expect(del.json()).toEqual({ Description: ownMessages.lastAdmin });
    // With a second admin, the first may step down.
    const zed = await createUser(t.db, 'zed', 'correct horse battery');
    await createOk(c, 'role', { team_id: team, username: 'zed', role_id: ROLE.ADMIN });
    const other = await createOk(c, 'team', { name: 'Step down' });
    const zedRole = await createOk(c, 'role', { team_id: other.id, user_id: zed, role_id: ROLE.ADMIN });
    const myRole = (await c.get(`/api/role?team_id=${other.id}&fields=id,user_id`)).json().json_list.find((r: { user_id: number }) => r.user_id === me);
    expect((await c.put(`/api/role/${myRole.id}`, { role_id: ROLE.USER })).statusCode).toBe(200);
    expect(zedRole.role_id).toBe(ROLE.ADMIN);
  });
});

describe('users', () => {
  let root: Client;
  beforeAll(async () => {
    await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
    root = api(t.app, await signIn(t.app, 'root', 'correct horse battery'));
  });

  it('only the server administrator creates users; the password is stored hashed', async () => {
    const refused = await c.post('/api/user', { username: 'newbie', password: 'long enough pw' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ Description: ownMessages.serverAdminOnly });
    const res = await root.post('/api/user', { username: 'newbie', password: 'long enough pw' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'newbie', preferences: {}, is_server_admin: false, active: true, last_sign_in: null });
    const stored = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM "user" WHERE username = $1', ['newbie']);
    expect(stored.rows[0].password_hash).toMatch(/^scrypt\$/);
    await signIn(t.app, 'newbie', 'long enough pw');
  });

  it('validates username and password', async () => {
    const bad = await root.post('/api/user', { username: 'no spaces allowed', password: 'long enough pw' });
    expect(bad.json()).toEqual({ Description: ownMessages.usernameInvalid });
    // Without a password the user gets an invitation link (tests/api/userAdministration.test.ts).
    expect((await root.post('/api/user', { username: 'nopw', password: '' })).json()).toEqual({ Description: ownMessages.passwordTooShort(MIN_PASSWORD) });
    expect((await root.post('/api/user', { username: 'shortpw', password: 'short' })).json()).toEqual({ Description: ownMessages.passwordTooShort(MIN_PASSWORD) });
    const taken = await root.post('/api/user', { username: 'crud', password: 'long enough pw' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ Description: ownMessages.usernameTaken('crud') });
    expect((await root.post('/api/user', { username: 'x1', password: 'long enough pw', password_hash: 'x' })).statusCode).toBe(400);
  });

  it('a user changes their own record, not another one', async () => {
    const self = await c.put(`/api/user/${me}`, { preferences: { theme: 'dark' } });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ id: me, preferences: { theme: 'dark' } });
    const eve = (await c.get('/api/user?fields=id,username')).json().json_list.find((u: { username: string }) => u.username === 'eve');
    const other = await c.put(`/api/user/${eve.id}`, { preferences: {} });
    expect(other.statusCode).toBe(403);
    expect((await root.put(`/api/user/${eve.id}`, { password: 'a new password' })).statusCode).toBe(200);
    await signIn(t.app, 'eve', 'a new password');
  });

  it('PUT /api/user sets the caller preferences', async () => {
    const res = await c.put('/api/user', { preferences: { theme: 'dark' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me, username: 'crud', preferences: { theme: 'dark' } });
    expect((await c.put('/api/user', { username: 'renamed' })).json()).toEqual({ Description: ownMessages.unknownField('username') });
  });

  it('the server administrator sees every user', async () => {
    const all = (await root.get('/api/user?fields=username')).json().json_list.map((u: { username: string }) => u.username);
    expect(all).toEqual(expect.arrayContaining(['crud', 'eve', 'root', 'newbie', 'zed']));
    expect(all).not.toContain(undefined);
  });
});

describe('misc calls', () => {
  it('GET /api/issemver answers true or false', async () => {
    expect((await c.get('/api/issemver/1.2.3')).json()).toBe(true);
    expect((await c.get('/api/issemver/1.2')).json()).toBe(false);
    expect((await c.get('/api/issemver/v1.0.0-beta.1')).json()).toBe(true);
    expect((await api(t.app).get('/api/issemver/1.2.3')).statusCode).toBe(401);
  });
});
