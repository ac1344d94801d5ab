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
import { ensureSupportUser } from '../../server/claim/supportUser';
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

describe('the username of a former member, who shares no team now', () => {
  it('is not named through an object they authored, read with its author expanded', async () => {
    const formerId = await createUser(t.db, 'rv_former_member', PASSWORD);
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [captainTeam, formerId, ROLE.ADMIN]);
    const former = api(t.app, await signIn(t.app, 'rv_former_member', PASSWORD));
    const type = (await former.post('/api/type', { name: 'rv type', team_id: captainTeam })).json() as { id: number };
    await t.db.query('DELETE FROM role WHERE user_id = $1', [formerId]);
    // The captain no longer sees the former member as a user...
    expect((await captain.get(`/api/user/${formerId}`)).statusCode).toBe(404);
    // ... nor should their name show through the type's author.
    const res = await captain.get(`/api/type/${type.id}?fields=id,user(username,id)`);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('rv_former_member');
  });

  it('is not read through the author in the full list of what they made, as GET /api/user/{id} already hides it', async () => {
    const alice = await adminWithTeam(t, 'former_alice');
    const formerId = await createUser(t.db, 'gone_former', 'correct horse battery');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, 3)', [alice.teamId, formerId]);
    const former = api(t.app, await signIn(t.app, 'gone_former', 'correct horse battery'));
    expect((await former.post('/api/type', { name: 'made by former', team_id: alice.teamId })).statusCode).toBe(201);
    const roles = (await alice.client.get('/api/role?fields=id,user_id')).json() as { json_list: { id: number; user_id: number }[] };
    expect((await alice.client.del(`/api/role/${roles.json_list.find((r) => r.user_id === formerId)!.id}`)).statusCode).toBe(200);
    // They share no team now: the user is unknown to alice...
    expect((await alice.client.get(`/api/user/${formerId}`)).statusCode).toBe(404);
    // ... nor is their username answered as the author of the type (nor of an object moved from another team).
    const full = await alice.client.get('/api/full/type');
    expect(full.body).not.toContain('gone_former');
  });
});

describe('the usernames that exist', () => {
  it('cannot be harvested by renaming oneself: a rename tells no more names than adding members does', async () => {
    const names = Array.from({ length: INVITATIONS_PER_HOUR + 10 }, (_, i) => `rv_target_${i}`);
    for (const name of names) await createUser(t.db, name, PASSWORD);
    const proberId = await createUser(t.db, 'rv_prober', PASSWORD);
    const prober = api(t.app, await signIn(t.app, 'rv_prober', PASSWORD));
    let told = 0;
    for (const name of names) {
      const res = await prober.put(`/api/user/${proberId}`, { username: name });
      if ((res.json() as { Description?: string }).Description === ownMessages.usernameTaken(name)) told++;
    }
    // Adding members by username tells at most INVITATIONS_PER_HOUR names an hour; a rename tells as many as asked.
    expect(told).toBeLessThanOrEqual(INVITATIONS_PER_HOUR);
  });
});

describe('usernames that look alike', () => {
  it("a PUCS_SUPPORT_USER whose look-alike is already a user does not stop the start with the database's unique violation", async () => {
    await createUser(t.db, 'RV_HelpDesk', PASSWORD);
    // server/start.ts runs this at every start (and the claim flow at 'add support user').
    const err = await ensureSupportUser(t.db, 'rv_helpdesk').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as { code?: string } | undefined)?.code).not.toBe('23505');
  });

  it("a user cannot rename themself to a teammate's name with capital I for l ('bIake14' beside 'blake14')", async () => {
    const blake = await adminWithTeam(t, 'blake14');
    const malloryId = await createUser(t.db, 'mallory14', PASSWORD);
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, 1)', [blake.teamId, malloryId]);
    const mallory = api(t.app, await signIn(t.app, 'mallory14', PASSWORD));
    // 1 folds to l, and so does capital I, which most sans-serif fonts draw as l.
    expect((await mallory.put(`/api/user/${malloryId}`, { username: 'b1ake14' })).statusCode).toBe(409);
    const res = await mallory.put(`/api/user/${malloryId}`, { username: 'bIake14' });
    expect(res.statusCode, res.body).toBe(409);
  });
});
