/**
 * Sessions are kept in memory (server/auth/sessionCache.ts): a known session costs no query, and
 * any change of the user, their roles, a team's name or the session shows on the very next
 * request, whether the console, a shell command or another server process made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTestApp, createUser, ROLE, signIn, type Client, type TestApp, queriesDuring } from './helpers';
import { CHANGES_LOST, openDatabase, type Database } from '../../server/db/database';
import { SESSION_CACHE_BYTES, SessionCache } from '../../server/auth/sessionCache';
import type { SessionUser } from '../../server/auth/sessionUser';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createOk } from './crudFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const teamsOf = async (cookie: string) => (await api(t.app, cookie).get('/api/current_user')).json().teams;

describe('a known session', () => {
  it('answers GET /api/current_user without a query, with the profile the database holds', async () => {
    const a = await adminWithTeam(t, 'cache_reader');
    const first = (await a.client.get('/api/current_user')).json();
    expect(first).toEqual({ id: a.userId, username: 'cache_reader', preferences: {}, is_server_admin: false, teams: [{ id: a.teamId, name: 'cache_reader_team', role_id: ROLE.ADMIN }], audit_team_ids: [a.teamId] });
    expect(await queriesDuring(t, () => a.client.get('/api/current_user'))).toBe(0);
    // A list call costs its own queries only (its count and page), not the session's.
    await a.client.post('/api/type', { name: 'cached', team_id: a.teamId });
    expect(await queriesDuring(t, () => a.client.get('/api/type?range=[0,9]'))).toBe(2);
    expect((await a.client.get('/api/current_user')).json()).toEqual(first);
  });
});

describe('changes show on the next request', () => {
  it('a role changed by a team admin, then the membership removed', async () => {
    const admin = await adminWithTeam(t, 'cache_admin');
    await createUser(t.db, 'cache_member', 'correct horse battery');
    const role = (await admin.client.post('/api/role', { team_id: admin.teamId, username: 'cache_member', role_id: ROLE.USER })).json();
    const cookie = await signIn(t.app, 'cache_member', 'correct horse battery');
    expect(await teamsOf(cookie)).toEqual([{ id: admin.teamId, name: 'cache_admin_team', role_id: ROLE.USER }]);
    expect((await api(t.app, cookie).post('/api/type', { name: 'Not yet', team_id: admin.teamId })).statusCode).toBe(403);

    expect((await admin.client.put(`/api/role/${role.id}`, { role_id: ROLE.ADMIN })).statusCode).toBe(200);
    expect(await teamsOf(cookie)).toEqual([{ id: admin.teamId, name: 'cache_admin_team', role_id: ROLE.ADMIN }]);
    expect((await api(t.app, cookie).post('/api/type', { name: 'Now admin', team_id: admin.teamId })).statusCode).toBe(201);

    expect((await admin.client.del(`/api/role/${role.id}`)).statusCode).toBe(200);
    expect(await teamsOf(cookie)).toEqual([]);
    expect((await api(t.app, cookie).get(`/api/full/team/${admin.teamId}`)).statusCode).toBe(404);
  });

  it('a team renamed, preferences saved, a password changed, a sign-out', async () => {
    const a = await adminWithTeam(t, 'cache_owner');
    const other = await signIn(t.app, 'cache_owner', a.password);
    await teamsOf(other);
    expect((await a.client.put(`/api/team/${a.teamId}`, { name: 'Renamed team' })).statusCode).toBe(200);
    expect(await teamsOf(other)).toEqual([{ id: a.teamId, name: 'Renamed team', role_id: ROLE.ADMIN }]);

    expect((await a.client.put(`/api/user/${a.userId}`, { preferences: { theme: 'dark' } })).statusCode).toBe(200);
    expect((await api(t.app, other).get('/api/current_user')).json().preferences).toEqual({ theme: 'dark' });

    expect((await a.client.put(`/api/user/${a.userId}`, { password: 'another long password', current_password: a.password })).statusCode).toBe(200);
    expect((await api(t.app, other).get('/api/type')).statusCode).toBe(401);
    expect((await api(t.app, other).get('/api/current_user')).body).toBe('');
    expect((await a.client.get('/api/current_user')).json().username).toBe('cache_owner');

    expect((await a.client.post('/api/logout')).statusCode).toBeLessThan(300);
    expect((await a.client.get('/api/type')).statusCode).toBe(401);
  });

  it('a change made straight in the database (a shell command, another server process)', async () => {
    const a = await adminWithTeam(t, 'cache_shell');
    await teamsOf(a.cookie);
    // Another connection to the same database, as another process has; on PGlite the same one.
    const elsewhere = t.url ? await openDatabase({ url: t.url }) : t.db;
    await elsewhere.query('UPDATE role SET role_id = $1 WHERE user_id = $2', [ROLE.USER, a.userId]);
    await expect.poll(() => teamsOf(a.cookie)).toEqual([{ id: a.teamId, name: 'cache_shell_team', role_id: ROLE.USER }]);
    await elsewhere.query('UPDATE "user" SET is_server_admin = true WHERE id = $1', [a.userId]);
    await expect.poll(async () => (await a.client.get('/api/current_user')).json().is_server_admin).toBe(true);
    await elsewhere.query('DELETE FROM sessions WHERE user_id = $1', [a.userId]);
    await expect.poll(async () => (await a.client.get('/api/type')).statusCode).toBe(401);
    if (elsewhere !== t.db) await elsewhere.close();
  });
});

describe('SessionCache', () => {
  const user = (id: number): SessionUser => ({ id, username: `u${id}`, isServerAdmin: false, roles: new Map() });

  it('keeps the most recently used sessions up to its size, and forgets expired ones', () => {
    const cache = new SessionCache(2);
    const later = Date.now() + 60_000;
    cache.set('a', user(1), later);
    cache.set('b', user(2), later);
    expect(cache.get('a')?.id).toBe(1);
    cache.set('c', user(3), later);
    expect([cache.get('a')?.id, cache.get('b'), cache.get('c')?.id]).toEqual([1, undefined, 3]);
    cache.set('d', user(4), Date.now() - 1);
    expect(cache.get('d')).toBeUndefined();
  });

  it('forgets a user on their change notification, everyone on a team rename, and ignores other channels', () => {
    const cache = new SessionCache();
    const later = Date.now() + 60_000;
    cache.set('a', user(1), later);
    cache.set('a2', user(1), later);
    cache.set('b', user(2), later);
    cache.changed('something:1');
    expect(cache.generation).toBe(0);
    cache.changed('auth:1');
    expect([cache.get('a'), cache.get('a2'), cache.get('b')?.id]).toEqual([undefined, undefined, 2]);
    cache.changed('auth:*');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.generation).toBe(2);
    // The listening connection was lost: what was notified meanwhile is unknown.
    cache.set('c', user(3), later);
    cache.changed(CHANGES_LOST);
    expect(cache.get('c')).toBeUndefined();
  });
});

const PASSWORD = 'correct horse battery';
const teamsOfClient = async (client: Client) => (await client.get('/api/current_user')).json().teams as { id: number }[];
const teamIds = async (client: Client) => (await teamsOfClient(client)).map((team) => team.id);

/** Another connection to the test's database, as a shell or another server has; on PGlite the same one. */
async function elsewhere<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = t.url ? await openDatabase({ url: t.url }) : t.db;
  try {
    return await fn(db);
  } finally {
    if (db !== t.db) await db.close();
  }
}

describe('a cached session after a change through the API', () => {
  it('loses a deleted team, a role moved to another team, and a deleted user', async () => {
    const admin = await adminWithTeam(t, 'cached_admin');
    const second = await createOk(admin.client, 'team', { name: 'cached_second' });
    const third = await createOk(admin.client, 'team', { name: 'cached_third' });
    const memberId = await createUser(t.db, 'cached_member', PASSWORD);
    const member = api(t.app, await signIn(t.app, 'cached_member', PASSWORD));
    const inFirst = (await admin.client.post('/api/role', { team_id: admin.teamId, username: 'cached_member', role_id: ROLE.USER })).json();
    await createOk(admin.client, 'role', { team_id: second.id, user_id: memberId, role_id: ROLE.USER });
    const secret = await createOk(admin.client, 'type', { name: 'cached secret', team_id: admin.teamId });
    expect(await teamIds(member)).toHaveLength(2);
    expect((await member.get(`/api/type/${String(secret.id)}`)).statusCode).toBe(200);

    // DELETE team cascades to its roles.
    expect((await admin.client.del(`/api/team/${String(second.id)}`)).statusCode).toBe(200);
    expect(await teamIds(member)).toEqual([admin.teamId]);

    // The member's role moved out of the first team into the third.
    expect((await admin.client.put(`/api/role/${String(inFirst.id)}`, { team_id: third.id })).statusCode).toBe(200);
    expect(await teamIds(member)).toEqual([third.id]);
    expect((await member.get(`/api/type/${String(secret.id)}`)).statusCode).toBe(404);

    await createUser(t.db, 'cached_root', PASSWORD, { serverAdmin: true });
    const root = api(t.app, await signIn(t.app, 'cached_root', PASSWORD));
    expect((await root.del(`/api/user/${memberId}`)).statusCode).toBe(200);
    expect((await member.get('/api/type')).statusCode).toBe(401);
  });

  it('never keeps a profile read while a role change was committed', async () => {
    const admin = await adminWithTeam(t, 'cached_racer');
    await createUser(t.db, 'cached_raced', PASSWORD);
    const role = (await admin.client.post('/api/role', { team_id: admin.teamId, username: 'cached_raced', role_id: ROLE.USER })).json();
    for (const roleId of [ROLE.ADMIN, ROLE.USER, ROLE.TEAMLEADER, ROLE.ADMIN]) {
      // A fresh session: its first request misses the cache and reads while the role changes.
      const member = api(t.app, await signIn(t.app, 'cached_raced', PASSWORD));
      await Promise.all([member.get('/api/current_user'), admin.client.put(`/api/role/${String(role.id)}`, { role_id: roleId })]);
      expect((await teamsOfClient(member))[0]).toMatchObject({ id: admin.teamId, role_id: roleId });
    }
  });
});

describe('the cached sessions', () => {
  it('hold a bounded memory however many sessions a user with big preferences opens', async () => {
    const a = await adminWithTeam(t, 'cached_hoarder');
    // Writes are bounded (src/schemas/preferences.ts), but a row stored before the bound may hold any
    // JSON: here 1.5 MB, 40 sessions, 60 MB if each kept its copy.
    await t.db.query('UPDATE "user" SET preferences = $1 WHERE id = $2', [JSON.stringify({ notes: 'x'.repeat(1_500_000) }), a.userId]);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 40; i++) {
      const session = api(t.app, await signIn(t.app, 'cached_hoarder', a.password));
      expect((await session.get('/api/current_user')).json().preferences.notes).toHaveLength(1_500_000);
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(SESSION_CACHE_BYTES);
  });
});

describe('a cached session after a change made straight in the database', () => {
  it('ends when its session is expired by an UPDATE', async () => {
    const a = await adminWithTeam(t, 'cached_expired');
    expect((await a.client.get('/api/type')).statusCode).toBe(200);
    await elsewhere((db) => db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [a.userId]));
    await expect.poll(async () => (await a.client.get('/api/type')).statusCode).toBe(401);
  });
});

// Last: these end every session and membership of the database.
describe('TRUNCATE straight in the database', () => {
  it('of role and of sessions reaches cached sessions', async () => {
    const a = await adminWithTeam(t, 'cached_truncate');
    expect(await teamIds(a.client)).toEqual([a.teamId]);
    await elsewhere((db) => db.exec('TRUNCATE role'));
    await expect.poll(() => teamIds(a.client)).toEqual([]);
    await elsewhere((db) => db.exec('TRUNCATE sessions'));
    await expect.poll(async () => (await a.client.get('/api/type')).statusCode).toBe(401);
  });
});
