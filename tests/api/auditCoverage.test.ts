/**
 * Changes made as a consequence of another change write their entries too, in the same transaction
 * (issue 29 item 3, "no change without its entry"): followers taking a group's new target firmware,
 * custom field values pruned by their type's definitions, references cleared by a delete, roles
 * removed with their user, a configuration copied with a device moved to another team, the user
 * command's writes, the start's first administrator and support user, a configuration a device
 * reports; and a device's credentials are made only with their download's entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, setPassword } from '../../server/cli/users';
import { grantRole } from '../../server/cli/memberships';
import { api, createTeam, createUser, ROLE, signIn, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';
import { checkinOk, deviceWithKey } from './deviceApiHelpers';
import { ensureAdmin } from '../../server/auth/bootstrap';
import { ensureSupportUser } from '../../server/claim/supportUser';

type Entry = { device_id?: number | null; user_id: number | null; username: string | null; team_id: number | null; category: string; object_id: number | null; object_name: string | null; action: string; changes: Record<string, unknown> | null };

let t: TestApp;
let root: Client;
let alice: Client;
let aliceId: number;
let teamA: number;
let teamB: number;

const entries = async (filter: Record<string, unknown>): Promise<Entry[]> => {
  const res = await root.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', 'correct horse battery'));
  aliceId = await createUser(t.db, 'alice', 'correct horse battery');
  teamA = await createTeam(t.db, 'Team A', [[aliceId, ROLE.ADMIN]]);
  teamB = await createTeam(t.db, 'Team B', [[aliceId, ROLE.ADMIN]]);
  alice = api(t.app, await signIn(t.app, 'alice', 'correct horse battery'));
});
afterAll(() => t.close());

async function typeWithFirmwares(tag: string, extra: Record<string, unknown> = {}) {
  const type = (await createOk(alice, 'type', { name: `T ${tag}`, team_id: teamA, ...extra })).id as number;
  const fw = async (name: string) => (await createOk(alice, 'firmware', { name, version: '1.0.0', team_id: teamA, type_id: type })).id as number;
  return { type, one: await fw(`one ${tag}`), two: await fw(`two ${tag}`) };
}
const device = async (tag: string, body: Record<string, unknown>) =>
  (await createOk(alice, 'device', { name: `device ${tag}`, team_id: teamA, uid_for_type: tag, ...body })).id as number;

describe('changes that follow another change', () => {
  it("a group's new target firmware: each device of the group gets its entry, by the user, in its team", async () => {
    const { type, one, two } = await typeWithFirmwares('follow');
    const group = (await createOk(alice, 'devices_group', { name: 'G follow', team_id: teamA, type_id: type, target_firmware_id: one })).id as number;
    const devices = [await device('f-1', { type_id: type, group_id: group }), await device('f-2', { type_id: type, group_id: group })];
    const outside = await device('f-3', { type_id: type, target_firmware_id: one });
    expect((await alice.put(`/api/devices_group/${group}`, { target_firmware_id: two })).statusCode).toBe(200);
    for (const id of devices) {
      expect(await entries({ category: 'device', object_id: id, action: 'follow' })).toEqual([
        expect.objectContaining({ username: 'alice', team_id: teamA, object_name: expect.stringMatching(/^device f-/), changes: { target_firmware_id: { before: one, after: two } } }),
      ]);
    }
    expect(await entries({ category: 'device', object_id: outside, action: 'follow' })).toEqual([]);
  });

  it("a type's dropped custom field: each device whose values lost it gets its entry", async () => {
    const definitions = [
      { name: 'colour', type: 0, value: 'red' },
      { name: 'floor', type: 2, value: 0 },
    ];
    const type = (await createOk(alice, 'type', { name: 'T prune', team_id: teamA, custom_fields_devices: definitions })).id as number;
    const values = [
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'floor', type: 2, value: 3 },
    ];
    const id = await device('p-1', { type_id: type, custom_fields_from_type: values });
    expect((await alice.put(`/api/type/${type}`, { custom_fields_devices: [definitions[0]] })).statusCode).toBe(200);
    expect(await entries({ category: 'device', object_id: id, action: 'prune' })).toEqual([
      expect.objectContaining({ username: 'alice', team_id: teamA, changes: { custom_fields_from_type: { before: values, after: [values[0]] } } }),
    ]);
  });

  it("a deleted group: its devices' group is cleared, each with its entry", async () => {
    const { type } = await typeWithFirmwares('clear');
    const group = (await createOk(alice, 'devices_group', { name: 'G clear', team_id: teamA, type_id: type })).id as number;
    const id = await device('c-1', { type_id: type, group_id: group });
    expect((await alice.del(`/api/devices_group/${group}`)).statusCode).toBe(200);
    expect((await alice.get(`/api/device/${id}`)).json()).toMatchObject({ group_id: null });
    expect(await entries({ category: 'device', object_id: id, action: 'clear_reference' })).toEqual([
      expect.objectContaining({ username: 'alice', team_id: teamA, changes: { group_id: { before: group, after: null } } }),
    ]);
  });

  it('a deleted user: the objects they made lose their owner and their teams see their roles go, each with its entry', async () => {
    const carolId = await createUser(t.db, 'carol', 'correct horse battery');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $3, $4), ($2, $3, $5)', [teamA, teamB, carolId, ROLE.ADMIN, ROLE.USER]);
    const carol = api(t.app, await signIn(t.app, 'carol', 'correct horse battery'));
    const type = (await createOk(carol, 'type', { name: 'T by carol', team_id: teamA })).id as number;
    const roles = (await t.db.query<{ id: number; team_id: number }>('SELECT id, team_id FROM role WHERE user_id = $1 ORDER BY team_id', [carolId])).rows;
    expect((await root.del(`/api/user/${carolId}`)).statusCode).toBe(200);
    expect(await entries({ category: 'type', object_id: type, action: 'clear_reference' })).toEqual([
      expect.objectContaining({ username: 'root', team_id: teamA, changes: { author_id: { before: carolId, after: null } } }),
    ]);
    for (const role of roles) {
      expect(await entries({ category: 'role', object_id: role.id, action: 'delete' })).toEqual([
        expect.objectContaining({ username: 'root', team_id: role.team_id, changes: expect.objectContaining({ user_id: { before: carolId, after: null } }) }),
      ]);
    }
    // Alice, admin of both teams, reads both removals.
    const seen = await alice.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify({ category: 'role', action: 'delete' }))}`);
    expect((seen.json() as Entry[]).filter((e) => roles.some((r) => r.id === e.object_id)).map((e) => e.team_id).sort()).toEqual([teamA, teamB].sort());
  });

  it("a deleted user's API tokens go with an entry each, as a revoke has (the token's secret never in it)", async () => {
    const daveId = await createUser(t.db, 'dave', 'correct horse battery');
    const dave = api(t.app, await signIn(t.app, 'dave', 'correct horse battery'));
    const made = await dave.post('/api/tokens', { name: 'pipeline of dave', expires_in_days: 30 });
    expect(made.statusCode, made.body).toBe(201);
    const { id, token } = made.json() as { id: number; token: string };
    expect((await root.del(`/api/user/${daveId}`)).statusCode).toBe(200);
    const gone = await entries({ category: 'token', object_id: id, action: 'delete' });
    expect(gone).toEqual([expect.objectContaining({ username: 'root', object_name: 'pipeline of dave' })]);
    expect(JSON.stringify(gone)).not.toContain(token);
  });

  it("a device moved to another team: its configuration's copy in the new team has its entry", async () => {
    const { type } = await typeWithFirmwares('move');
    const typeB = (await createOk(alice, 'type', { name: 'T move B', team_id: teamB })).id as number;
    const config = (await createOk(alice, 'config', { team_id: teamA, config: '{"mode":"moved"}' })).id as number;
    const id = await device('m-1', { type_id: type, config_id: config });
    const res = await alice.put(`/api/device/${id}`, { team_id: teamB, type_id: typeB });
    expect(res.statusCode, res.body).toBe(200);
    const copy = (res.json() as { config_id: number }).config_id;
    expect(copy).not.toBe(config);
    expect(await entries({ category: 'config', object_id: copy })).toEqual([
      expect.objectContaining({ username: 'alice', team_id: teamB, action: 'copy_for_move', changes: expect.objectContaining({ config: { before: null, after: '{"mode":"moved"}' } }) }),
    ]);
  });
});

describe('the user command', () => {
  it('adding a user into a team, granting a role and changing a password write their entries, by nobody signed in, never the password', async () => {
    await addUser(t.db, { username: 'dave', password: 'dave password 123', team: 'Team A', role: 'user' });
    const daveId = (await t.db.query<{ id: number }>('SELECT id FROM "user" WHERE username = $1', ['dave'])).rows[0].id;
    const [made] = await entries({ category: 'user', object_id: daveId, action: 'create' });
    expect(made).toMatchObject({ user_id: null, username: null, team_id: null, object_name: 'dave' });
    expect(made.changes).toMatchObject({ username: { before: null, after: 'dave' }, password_hash: { secret: true } });
    const roleA = (await entries({ category: 'role', team_id: teamA })).filter((e) => (e.changes?.user_id as { after?: unknown } | undefined)?.after === daveId);
    expect(roleA).toEqual([expect.objectContaining({ action: 'create', user_id: null, changes: expect.objectContaining({ role_id: { before: null, after: ROLE.USER } }) })]);

    await grantRole(t.db, 'dave', ['Team A', 'Team B'], 'admin');
    const roles = (await t.db.query<{ id: number; team_id: number }>('SELECT id, team_id FROM role WHERE user_id = $1 ORDER BY team_id', [daveId])).rows;
    const granted = [];
    for (const role of roles) granted.push(...(await entries({ category: 'role', object_id: role.id })).map((e) => [e.action, e.team_id, e.user_id, e.changes?.role_id]));
    expect(granted).toEqual([
      ['update', teamA, null, { before: ROLE.USER, after: ROLE.ADMIN }],
      ['create', teamA, null, { before: null, after: ROLE.USER }],
      ['create', teamB, null, { before: null, after: ROLE.ADMIN }],
    ]);

    await setPassword(t.db, 'dave', 'another dave password');
    expect(await entries({ category: 'user', object_id: daveId, action: 'update' })).toEqual([
      expect.objectContaining({ user_id: null, changes: { password_hash: { secret: true } } }),
    ]);
    const all = JSON.stringify(await entries({ category: 'user', object_id: daveId }));
    expect(all).not.toContain('another dave password');
    expect(all).not.toContain('$');
  });
});

describe("a device's credentials and their entry", () => {
  it('credentials are not made when their entry cannot be written', async () => {
    const { type } = await typeWithFirmwares('cert');
    const id = await device('k-1', { type_id: type });
    await t.db.query(`CREATE FUNCTION test_refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.action = 'download_certificate' THEN RAISE EXCEPTION 'entry refused'; END IF; RETURN NEW; END $$`);
    await t.db.query('CREATE TRIGGER test_refuse_entry BEFORE INSERT ON audit_entry FOR EACH ROW EXECUTE FUNCTION test_refuse_entry()');
    try {
      expect((await alice.get(`/api/download/certificate/${id}`)).statusCode).toBe(500);
      expect((await t.db.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [id])).rows).toEqual([]);
    } finally {
      await t.db.query('DROP TRIGGER test_refuse_entry ON audit_entry');
      await t.db.query('DROP FUNCTION test_refuse_entry()');
    }
    expect((await alice.get(`/api/download/certificate/${id}`)).statusCode).toBe(200);
    expect(await entries({ category: 'device', object_id: id, action: 'download_certificate' })).toHaveLength(1);
  });

  it('a key download that fails writes no entry', async () => {
    const { type } = await typeWithFirmwares('key');
    const id = await device('k-2', { type_id: type });
    expect((await alice.get(`/api/download/certificate/${id}`)).statusCode).toBe(200);
    await t.db.query(`UPDATE device_certificate SET private_key_sealed = 'damaged' WHERE device_id = $1`, [id]);
    expect((await alice.get(`/api/download/private_key/${id}`)).statusCode).toBe(500);
    expect(await entries({ category: 'device', object_id: id, action: 'download_private_key' })).toEqual([]);
  });
});

describe("the server's own writes", () => {
  it('the first start: the administrator, the first team and the role, each with its entry by nobody signed in', async () => {
    const fresh = await createTestApp();
    try {
      const made = await ensureAdmin(fresh.db, { adminUser: 'admin', adminPassword: 'a first admin password' });
      expect(made.created).toBe(true);
      const { rows } = await fresh.db.query<Entry & { object_id: number }>('SELECT user_id, team_id, category, object_id, action, changes FROM audit_entry ORDER BY id');
      expect(rows.map((e) => [e.category, e.action, e.user_id])).toEqual([
        ['user', 'create', null],
        ['team', 'create', null],
        ['role', 'create', null],
      ]);
      expect(rows[0].changes).toMatchObject({ username: { after: 'admin' }, password_hash: { secret: true } });
      expect(rows[2].team_id).toBe(rows[1].object_id);
    } finally {
      await fresh.close();
    }
  });

  it('the support user, made when missing, has its entry once', async () => {
    const id = await t.db.transaction((tx) => ensureSupportUser(tx, 'pucs-helper'));
    await t.db.transaction((tx) => ensureSupportUser(tx, 'pucs-helper'));
    expect(await entries({ category: 'user', object_id: id })).toEqual([expect.objectContaining({ action: 'create', user_id: null, object_name: 'pucs-helper' })]);
  });

  it('a configuration a device reports is made with its entry, by the device, in its team', async () => {
    const config = (await createOk(alice, 'config', { team_id: teamA, config: '{"rate":1}' })).id as number;
    const device = await deviceWithKey(alice, teamA, { config_id: config });
    await checkinOk(t.app, device, { config_id: config });
    await checkinOk(t.app, device, { config_id: config, config: { rate: 3 } });
    const history = ((await alice.get(`/api/device/${device.id}`)).json() as { config_history: { config_id: number }[] }).config_history;
    const reported = history.at(-1)!.config_id;
    expect(reported).not.toBe(config);
    expect(await entries({ category: 'config', object_id: reported })).toEqual([
      expect.objectContaining({ action: 'create', user_id: null, device_id: device.id, team_id: teamA, changes: expect.objectContaining({ config: { before: null, after: '{"rate":3}' } }) }),
    ]);
  });
});
