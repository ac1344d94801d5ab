/**
 * Sessions are kept in memory (server/auth/sessionCache.ts): a known session costs no query, and
 * any change of the user, their roles, a team's name or the session shows on the very next
 * request, whether the console, a shell command or another server process made it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTestApp, createUser, ROLE, signIn, type TestApp, queriesDuring } from './helpers';
import { CHANGES_LOST, openDatabase } from '../../server/db/database';
import { SessionCache } from '../../server/auth/sessionCache';
import type { SessionUser } from '../../server/auth/sessionUser';

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
    expect(first).toEqual({ id: a.userId, username: 'cache_reader', preferences: {}, is_server_admin: false, teams: [{ id: a.teamId, name: 'cache_reader_team', role_id: ROLE.ADMIN }] });
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
