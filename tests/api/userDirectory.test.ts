/**
 * Usernames are not a directory (issue 12, item 2): a team admin adds by username (counted per
 * caller) or by the id of a user they already share a team with; any other id answers like an
 * unknown one. is_server_admin is seen by the user themself and the server administrator only.
 * Usernames are one per person to the eye: letter case and look-alikes are refused, and a name
 * signs in whatever its case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTeam, createUser, ROLE, signIn, type Client, type TestApp, createTestApp } from './helpers';
import { INVITATIONS_PER_HOUR } from '../../server/categories/role';
import { migrate } from '../../server/db/migrate';
import { usernameKey } from '../../server/auth/usernameKey';
import { CSRF_HEADER } from '../../src/csrf';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let captain: Client;
let captainTeam: number;
let root: Client;
let rootId: number;
let stranger: number;
let mate: number;
let mateClient: Client;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'captain');
  captain = a.client;
  captainTeam = a.teamId;
  rootId = await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', PASSWORD));
  stranger = await createUser(t.db, 'stranger', PASSWORD);
  // mate shares another team with the captain and with root.
  mate = await createUser(t.db, 'mate', PASSWORD);
  await createTeam(t.db, 'shared', [
    [a.userId, ROLE.USER],
    [mate, ROLE.USER],
    [rootId, ROLE.ADMIN],
  ]);
  mateClient = api(t.app, await signIn(t.app, 'mate', PASSWORD));
});
afterAll(() => t.close());

const answer = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });
const roleCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "role"')).rows[0].n;

describe('adding a member by id', () => {
  it("a user outside the admin's teams answers exactly like an id that does not exist, and nothing is added", async () => {
    const before = await roleCount();
    const unknown = answer(await captain.post('/api/role', { team_id: captainTeam, user_id: 999_999 }));
    expect(unknown.status).toBe(400);
    expect(answer(await captain.post('/api/role', { team_id: captainTeam, user_id: stranger }))).toEqual(unknown);
    expect(answer(await captain.post('/api/role', { team_id: captainTeam, user_id: rootId }))).not.toEqual(unknown);
    expect(await roleCount()).toBe(before + 1);
  });

  it('a user sharing a team with the admin is added by id', async () => {
    const res = await captain.post('/api/role', { team_id: captainTeam, user_id: mate, role_id: ROLE.USER });
    expect(res.statusCode).toBe(201);
  });

  it('moving a role to a user outside the teams answers like an unknown id too', async () => {
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM role WHERE team_id = $1 AND user_id = $2', [captainTeam, mate]);
    const unknown = answer(await captain.put(`/api/role/${rows[0].id}`, { user_id: 999_999 }));
    expect(unknown.status).toBe(400);
    expect(answer(await captain.put(`/api/role/${rows[0].id}`, { user_id: stranger }))).toEqual(unknown);
  });

  it('the server administrator adds any user by id', async () => {
    const team = (await root.post('/api/team', { name: 'root team' })).json().id as number;
    expect((await root.post('/api/role', { team_id: team, user_id: stranger })).statusCode).toBe(201);
  });
});

describe('adding members by username is counted per caller', () => {
  it(`allows ${INVITATIONS_PER_HOUR} an hour, unknown names included, then answers 429 with Retry-After`, async () => {
    const harvester = await adminWithTeam(t, 'harvester');
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      const res = await harvester.client.post('/api/role', { team_id: harvester.teamId, username: `guess${i}` });
      expect(res.json()).toEqual({ Description: ownMessages.noSuchUser });
    }
    const before = await roleCount();
    const limited = await harvester.client.post('/api/role', { team_id: harvester.teamId, username: 'stranger' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ Description: ownMessages.tooManyInvitations });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await roleCount()).toBe(before);
    // Another caller has a count of their own.
    expect((await captain.post('/api/role', { team_id: captainTeam, username: 'stranger' })).statusCode).toBe(201);
  });
});

describe('is_server_admin', () => {
  it('is seen by the user themself and the server administrator only', async () => {
    const asMate = (await mateClient.get(`/api/user/${rootId}`)).json();
    expect(asMate.username).toBe('root');
    expect(asMate.is_server_admin).toBeNull();
    const list = (await mateClient.get('/api/user')).json().json_list as { id: number; is_server_admin: unknown }[];
    expect(list.find((u) => u.id === rootId)?.is_server_admin).toBeNull();
    const full = (await mateClient.get('/api/full/user')).json().json_list as { id: number; is_server_admin: unknown }[];
    expect(full.find((u) => u.id === rootId)?.is_server_admin).toBeNull();
    expect(list.find((u) => u.id === mate)?.is_server_admin).toBe(false);
    expect((await root.get(`/api/user/${rootId}`)).json().is_server_admin).toBe(true);
    expect((await root.get(`/api/user/${mate}`)).json().is_server_admin).toBe(false);
  });
});

describe('usernames compared without regard to case or look-alikes', () => {
  it.each(['MATE', 'Mate', 'R00T', 'r0ot', 'CAPTAIN'])('refuses creating %s beside mate, root and captain', async (username) => {
    const res = await root.post('/api/user', { username, password: PASSWORD });
    expect(answer(res)).toEqual({ status: 409, body: { Description: ownMessages.usernameTaken(username) } });
  });

  it('refuses renaming to a look-alike of another user, and keeps a rename of one\'s own case', async () => {
    const res = await mateClient.put(`/api/user/${mate}`, { username: 'R00T' });
    expect(answer(res)).toEqual({ status: 409, body: { Description: ownMessages.usernameTaken('R00T') } });
    expect((await mateClient.put(`/api/user/${mate}`, { username: 'Mate' })).statusCode).toBe(200);
    expect((await mateClient.put(`/api/user/${mate}`, { username: 'mate' })).statusCode).toBe(200);
  });

  it('a user signs in whatever the case of the name, but not with a look-alike', async () => {
    await signIn(t.app, 'STRANGER', PASSWORD);
    const lookalike = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: CSRF_HEADER,
      payload: { username: 'strainger', password: PASSWORD },
    });
    expect(lookalike.statusCode).toBe(401);
  });

  it('rows older than the key get it at the next start; two old look-alikes both keep working', async () => {
    await t.db.query(`INSERT INTO "user" (username, password_hash) SELECT 'oldtimer', password_hash FROM "user" WHERE username = 'mate'`);
    await t.db.query(`INSERT INTO "user" (username, password_hash) SELECT 'OldTimer', password_hash FROM "user" WHERE username = 'stranger'`);
    const logged: string[] = [];
    await migrate(t.db, undefined, (line) => logged.push(line));
    expect(logged).toContain(ownMessages.usernameLookalikesKept(['OldTimer']));
    const { rows } = await t.db.query<{ username: string; username_key: string | null }>(
      `SELECT username, username_key FROM "user" WHERE lower(username) = 'oldtimer' ORDER BY id`,
    );
    expect(rows).toEqual([
      { username: 'oldtimer', username_key: usernameKey('oldtimer') },
      { username: 'OldTimer', username_key: null },
    ]);
    await signIn(t.app, 'oldtimer', PASSWORD);
    await signIn(t.app, 'OldTimer', PASSWORD);
    expect((await root.post('/api/user', { username: 'OLDTIMER', password: PASSWORD })).statusCode).toBe(409);
  });
});
