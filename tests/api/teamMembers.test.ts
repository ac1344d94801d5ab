/**
 * The teams page's server side: each team lists its members with username and role, and a team
 * admin adds an EXISTING user by username (POST /api/role with `username` instead of `user_id`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, createUser, ROLE, signIn, type Client, type TestApp } from './helpers';

let t: TestApp;
let c: Client;
let team: number;
let me: number;
let bob: number;
let bobClient: Client;
let strangerTeam: number;

const PASSWORD = 'correct horse battery';

interface TeamRow {
  id: number;
  role: { id: number; user_id: number; role_id: number; team_id: number; username: string }[];
}

const roleCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM "role"')).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'captain');
  c = a.client;
  team = a.teamId;
  me = a.userId;
  bob = await createUser(t.db, 'bob', PASSWORD);
  bobClient = api(t.app, await signIn(t.app, 'bob', PASSWORD));
  strangerTeam = (await adminWithTeam(t, 'stranger')).teamId;
});
afterAll(() => t.close());

describe('adding a member by username', () => {
  it('an unknown username is a 400 that only says there is no such user, and adds nothing', async () => {
    const before = await roleCount();
    // Letter case aside, but not a look-alike: 'b0b' is not bob.
    for (const username of ['nobody', 'b0b', 'bo', null]) {
      const res = await c.post('/api/role', { team_id: team, username, role_id: ROLE.USER });
      expect(res.statusCode, String(username)).toBe(400);
      expect(res.json()).toEqual({ Description: ownMessages.noSuchUser });
    }
    expect(await roleCount()).toBe(before);
  });

  it('refuses username together with user_id, and neither', async () => {
    const both = await c.post('/api/role', { team_id: team, username: 'bob', user_id: bob });
    expect(both.json()).toEqual({ Description: ownMessages.eitherField('user_id', 'username') });
    const neither = await c.post('/api/role', { team_id: team, role_id: ROLE.USER });
    expect(neither.statusCode).toBe(400);
  });

  it('only an admin of the team may add', async () => {
    const res = await bobClient.post('/api/role', { team_id: strangerTeam, username: 'bob', role_id: ROLE.ADMIN });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Description: messages.onlyAdminsCanModify });
    const notMine = await c.post('/api/role', { team_id: strangerTeam, username: 'bob' });
    expect(notMine.statusCode).toBe(403);
  });

  it('adds an existing user, letter case aside, with the role asked', async () => {
    const res = await c.post('/api/role', { team_id: team, username: 'BOB', role_id: ROLE.USER });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ team_id: team, user_id: bob, role_id: ROLE.USER });
    expect(res.json()).not.toHaveProperty('username');
  });

  it('a second add of the same member is a 409', async () => {
    const res = await c.post('/api/role', { team_id: team, username: 'bob' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Description: ownMessages.alreadyMember });
  });
});

describe('members and roles of each team', () => {
  it('GET /api/full/team lists every member with username and role_id', async () => {
    const teams = (await c.get('/api/full/team')).json().json_list as TeamRow[];
    const mine = teams.find((x) => x.id === team)!;
    const members = mine.role.map((r) => ({ username: r.username, user_id: r.user_id, role_id: r.role_id }));
    expect(members).toEqual([
      { username: 'captain', user_id: me, role_id: ROLE.ADMIN },
      { username: 'bob', user_id: bob, role_id: ROLE.USER },
    ]);
    expect(teams.some((x) => x.id === strangerTeam)).toBe(false);
  });

  it('the new member sees the team and its members too', async () => {
    const teams = (await bobClient.get('/api/full/team')).json().json_list as TeamRow[];
    expect(teams.map((x) => x.id)).toEqual([team]);
    expect(teams[0].role.map((r) => r.username)).toEqual(['captain', 'bob']);
  });

  it('the username can be asked by name, on teams and on roles', async () => {
    const teams = (await c.get('/api/full/team?fields=id,role(username,role_id)')).json().json_list as TeamRow[];
    expect(teams[0].role[0]).toEqual({ username: 'captain', role_id: ROLE.ADMIN });
    const roles = (await c.get(`/api/role?fields=user_id,username&team_id=${team}`)).json().json_list;
    expect(roles).toEqual([
      { user_id: me, username: 'captain' },
      { user_id: bob, username: 'bob' },
    ]);
    const full = (await c.get(`/api/full/role?team_id=${team}`)).json().json_list;
    expect(full[1]).toMatchObject({ user_id: bob, username: 'bob', user: { id: bob, username: 'bob' } });
  });

  it('an admin sets the role of a member; the last admin cannot be demoted', async () => {
    const roles = (await c.get(`/api/role?team_id=${team}`)).json().json_list as { id: number; user_id: number }[];
    const bobRole = roles.find((r) => r.user_id === bob)!;
    const mine = roles.find((r) => r.user_id === me)!;
    expect((await c.put(`/api/role/${bobRole.id}`, { role_id: ROLE.TEAMLEADER })).json().role_id).toBe(ROLE.TEAMLEADER);
    const demote = await c.put(`/api/role/${mine.id}`, { role_id: ROLE.USER });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ Description: ownMessages.lastAdmin });
  });
});
