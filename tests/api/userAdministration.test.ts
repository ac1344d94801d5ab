/**
 * Users in the console, for server administrators (issue 29, item 1): creating a user without a
 * password answers a one-time invitation link; the link sets the password and signs in, once,
 * within PUCS_INVITATION_DAYS; the server administrator lists every user, deactivates and restores
 * them (their sessions end at once) and makes or unmakes server administrators, never the last one.
 * Members see no directory and change none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { adminWithTeam, api, createTestApp, createUser, expectError, ROLE, signIn, type Client, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';
import { INVITATION_ATTEMPTS } from '../../server/auth/invitations';
import { openDatabase } from '../../server/db/database';
import { buildApp } from '../../server/app';
import { createSession, loadSessionUser } from '../../server/auth/sessions';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let root: Client;
let rootId: number;
let captain: Awaited<ReturnType<typeof adminWithTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  rootId = await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', PASSWORD));
  captain = await adminWithTeam(t, 'captain');
});
afterAll(() => t.close());

/** The token of an invitation link ('http://localhost/invitation#TOKEN'). */
const tokenOf = (url: string) => new URL(url).hash.slice(1);

/** Uses a link: POST /api/invitation/{token} signed out, as the invitation page does. */
const accept = (token: string, password: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/invitation/${encodeURIComponent(token)}`, headers: CSRF_HEADER, payload: { password }, remoteAddress: ip });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'pucs_session');
  return c ? `${c.name}=${c.value}` : undefined;
};

async function invite(username: string, extra: Record<string, unknown> = {}) {
  const res = await root.post('/api/user', { username, ...extra });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { id: number; invitation_url: string };
  return { id: body.id, token: tokenOf(body.invitation_url), body };
}

describe('creating a user without a password', () => {
  it('answers 201 with the user and a one-time link of at least 128 random bits, stored only hashed', async () => {
    const res = await root.post('/api/user', { username: 'colleague' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(Number), username: 'colleague', is_server_admin: false, active: true, last_sign_in: null });
    expect(body.invitation_url).toMatch(/^http:\/\/localhost(:\d+)?\/invitation#[A-Za-z0-9_-]+$/);
    expect(new Date(body.invitation_expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
    const token = tokenOf(body.invitation_url);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const stored = await t.db.query<{ token_hash: string; days: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM invitations WHERE user_id = $1`,
      [body.id],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(stored.rows[0].days).toBe(7);
    const user = await t.db.query('SELECT password_hash FROM "user" WHERE id = $1', [body.id]);
    expect(user.rows[0]).toEqual({ password_hash: null });
  });

  it('creating a user with a password keeps working, without a link', async () => {
    const res = await root.post('/api/user', { username: 'withpassword', password: 'long enough pw' });
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation_url).toBeUndefined();
    await signIn(t.app, 'withpassword', 'long enough pw');
  });

  it('is for server administrators only, a server administrator included', async () => {
    await expectError(captain.client.post('/api/user', { username: 'sneaky' }), 403, ownMessages.serverAdminOnly);
    await expectError(captain.client.post('/api/user', { username: 'sneaky2', is_server_admin: true }), 403, ownMessages.serverAdminOnly);
    const admin = await invite('second_root', { is_server_admin: true });
    expect(admin.body).toMatchObject({ is_server_admin: true });
    const none = await t.db.query("SELECT 1 FROM \"user\" WHERE username LIKE 'sneaky%'");
    expect(none.rows).toHaveLength(0);
  });

  it('straight into a team, with a role', async () => {
    const { id } = await invite('into_team', { join_team_id: captain.teamId, join_role_id: ROLE.ADMIN });
    const roles = await t.db.query('SELECT team_id, role_id FROM role WHERE user_id = $1', [id]);
    expect(roles.rows).toEqual([{ team_id: captain.teamId, role_id: ROLE.ADMIN }]);
    const member = await invite('into_team_member', { join_team_id: captain.teamId });
    const memberRoles = await t.db.query('SELECT role_id FROM role WHERE user_id = $1', [member.id]);
    expect(memberRoles.rows).toEqual([{ role_id: ROLE.USER }]);
  });

  it('an unknown team or a role without a team is refused, and no user is made', async () => {
    await expectError(root.post('/api/user', { username: 'lost', join_team_id: 999_999 }), 400, ownMessages.joinTeamUnknown);
    await expectError(root.post('/api/user', { username: 'lost', join_role_id: ROLE.ADMIN }), 400, ownMessages.joinRoleNeedsTeam);
    await expectError(root.post('/api/user', { username: 'lost', join_team_id: captain.teamId, join_role_id: 9 }), 400, ownMessages.joinRoleInvalid);
    expect((await t.db.query(`SELECT 1 FROM "user" WHERE username = 'lost'`)).rows).toHaveLength(0);
  });

  it('team admins keep adding existing users by username', async () => {
    await invite('addable');
    const res = await captain.client.post('/api/role', { team_id: captain.teamId, username: 'addable', role_id: ROLE.USER });
    expect(res.statusCode).toBe(201);
  });
});

describe('using an invitation link', () => {
  it('sets the password and signs in; the link then answers 404 and the password signs in', async () => {
    const { id, token } = await invite('newcomer');
    const res = await accept(token, 'my own new password');
    expect(res.statusCode).toBe(204);
    const cookie = cookieOf(res);
    expect(cookie).toBeDefined();
    const me = (await api(t.app, cookie).get('/api/current_user')).json();
    expect(me).toMatchObject({ id, username: 'newcomer' });
    await expectError(accept(token, 'my own new password'), 404, ownMessages.invitationUnknown);
    await signIn(t.app, 'newcomer', 'my own new password');
    const listed = (await root.get(`/api/user/${id}`)).json();
    expect(listed.last_sign_in).toEqual(expect.any(String));
  });

  it('a password breaking the rules is refused and the link still works', async () => {
    const { token } = await invite('ruled_by_the_rules');
    await expectError(accept(token, 'short'), 400, ownMessages.passwordTooShort(MIN_PASSWORD));
    await expectError(accept(token, 'Ruled_By_The_Rules'), 400, ownMessages.passwordIsUsername);
    await expectError(accept(token, '            '), 400, ownMessages.passwordOnlySpaces);
    await expectError(accept(token, 123), 400, ownMessages.passwordTooShort(MIN_PASSWORD));
    expect((await accept(token, 'a fine password')).statusCode).toBe(204);
  });

  it('an unknown or expired link answers 404 with what to do', async () => {
    await expectError(accept('not-a-token', 'a fine password'), 404, ownMessages.invitationUnknown);
    const { id, token } = await invite('late');
    await t.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    await expectError(accept(token, 'a fine password'), 404, ownMessages.invitationUnknown);
    expect((await t.db.query('SELECT password_hash FROM "user" WHERE id = $1', [id])).rows[0]).toEqual({ password_hash: null });
  });

  it('two uses of one link at once give one account', async () => {
    const { token } = await invite('racer');
    const answers = await Promise.all([accept(token, 'first racing password'), accept(token, 'second racing password')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    const won = answers[0].statusCode === 204 ? 'first racing password' : 'second racing password';
    const lost = won.startsWith('first') ? 'second racing password' : 'first racing password';
    await signIn(t.app, 'racer', won);
    expect((await api(t.app).post('/api/login', { username: 'racer', password: lost })).statusCode).toBe(401);
  });

  it(`is rate-limited per address like sign-in: beyond ${INVITATION_ATTEMPTS} failures, 429 with Retry-After`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < INVITATION_ATTEMPTS; i++) expect((await accept(`guess${i}`, 'a fine password', ip)).statusCode).toBe(404);
    const { token } = await invite('limited');
    const refused = await accept(token, 'a fine password', ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await accept(token, 'a fine password', '203.0.113.78')).statusCode).toBe(204);
  });

  it('the link is never written into the answers of the user calls', async () => {
    const { id, token } = await invite('quiet');
    expect((await root.get(`/api/full/user/${id}`)).body).not.toContain(token);
    expect((await root.get('/api/user')).body).not.toContain(token);
  });
});

describe('a new link', () => {
  it('replaces the old link, ends the password and the sessions', async () => {
    const created = await root.post('/api/user', { username: 'forgetful', password: 'my first password' });
    const id = created.json().id as number;
    const cookie = await signIn(t.app, 'forgetful', 'my first password');
    const first = await root.post(`/api/user_invitation/${id}`);
    expect(first.statusCode).toBe(201);
    const again = await root.post(`/api/user_invitation/${id}`);
    const oldToken = tokenOf(first.json().invitation_url);
    const newToken = tokenOf(again.json().invitation_url);
    expect(newToken).not.toBe(oldToken);
    expect((await api(t.app, cookie).get('/api/current_user')).body).toBe('');
    expect((await api(t.app).post('/api/login', { username: 'forgetful', password: 'my first password' })).statusCode).toBe(401);
    await expectError(accept(oldToken, 'my second password'), 404, ownMessages.invitationUnknown);
    expect((await accept(newToken, 'my second password')).statusCode).toBe(204);
  });

  it('is for server administrators only; an unknown user answers 404', async () => {
    await expectError(captain.client.post(`/api/user_invitation/${captain.userId}`), 403, ownMessages.serverAdminOnly);
    await expectError(root.post('/api/user_invitation/999999'), 404, ownMessages.notFound);
  });
});

describe('the list of users', () => {
  it('a server administrator lists every user with search, paging, last sign-in and active', async () => {
    const res = await root.get('/api/user?fields=id,username,is_server_admin,active,last_sign_in&range=[0,1]&sort=["username","ASC"]&filter={"q":"capt"}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: captain.userId, username: 'captain', is_server_admin: false, active: true, last_sign_in: expect.any(String) }]);
    expect(res.headers['content-range']).toBe('user 0-0/1');
    const all = (await root.get('/api/user?fields=id,username')).json().json_list as { username: string }[];
    expect(all.map((u) => u.username)).toEqual(expect.arrayContaining(['root', 'captain', 'colleague']));
  });

  it('a member sees no directory: only themself and their teammates', async () => {
    const loner = await adminWithTeam(t, 'loner');
    const seen = (await loner.client.get('/api/user?fields=id,username')).json().json_list as { username: string }[];
    expect(seen.map((u) => u.username)).toEqual(['loner']);
    const searched = (await loner.client.get('/api/user?fields=id,username&range=[0,9]&filter={"q":"root"}')).json();
    expect(searched).toEqual([]);
  });
});

describe('deactivating a user', () => {
  it('ends their sessions at once and refuses sign-in; true restores', async () => {
    const id = await createUser(t.db, 'leaver', PASSWORD);
    const cookie = await signIn(t.app, 'leaver', PASSWORD);
    const leaver = api(t.app, cookie);
    expect((await leaver.get('/api/current_user')).json().username).toBe('leaver');
    const off = await root.put(`/api/user/${id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await leaver.get('/api/current_user')).body).toBe('');
    expect((await leaver.get('/api/type')).statusCode).toBe(401);
    await expectError(api(t.app).post('/api/login', { username: 'leaver', password: PASSWORD }), 403, ownMessages.accountDeactivated);
    // Whatever way a request's user is loaded (a session, a token's user), a deactivated user is nobody.
    const made = await createSession(t.db, id);
    expect(await loadSessionUser(t.db, made)).toBeNull();
    expect((await root.put(`/api/user/${id}`, { active: true })).statusCode).toBe(200);
    await signIn(t.app, 'leaver', PASSWORD);
  });

  it('ends their sessions on every process: another app on the same database forgets its cached session', async () => {
    const id = await createUser(t.db, 'far_leaver', PASSWORD);
    // Another process has its own connection and its own session cache; on PGlite, the same database.
    const db = t.url ? await openDatabase({ url: t.url }) : t.db;
    const other = await buildApp({ db, config: t.config });
    try {
      await other.ready();
      const there = api(other, await signIn(other, 'far_leaver', PASSWORD));
      expect((await there.get('/api/current_user')).json().username).toBe('far_leaver');
      expect((await root.put(`/api/user/${id}`, { active: false })).statusCode).toBe(200);
      await expect.poll(async () => (await there.get('/api/type')).statusCode).toBe(401);
    } finally {
      await other.close();
      if (db !== t.db) await db.close();
    }
  });

  it('a deactivated user cannot use an invitation link', async () => {
    const { id, token } = await invite('inactive_invitee');
    await root.put(`/api/user/${id}`, { active: false });
    await expectError(accept(token, 'a fine password'), 404, ownMessages.invitationUnknown);
  });

  it('only a server administrator deactivates, themself included', async () => {
    await expectError(captain.client.put(`/api/user/${captain.userId}`, { active: false }), 403, ownMessages.serverAdminOnly);
    const mate = await createUser(t.db, 'mate_of_captain', PASSWORD);
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [captain.teamId, mate, ROLE.USER]);
    await expectError(captain.client.put(`/api/user/${mate}`, { active: false }), 403, ownMessages.serverAdminOnly);
  });
});

describe('server administrators', () => {
  it('a server administrator makes and unmakes another; a member cannot make themself one', async () => {
    await expectError(captain.client.put(`/api/user/${captain.userId}`, { is_server_admin: true }), 403, ownMessages.serverAdminOnly);
    const id = await createUser(t.db, 'deputy', PASSWORD);
    const deputy = api(t.app, await signIn(t.app, 'deputy', PASSWORD));
    expect((await root.put(`/api/user/${id}`, { is_server_admin: true })).json().is_server_admin).toBe(true);
    expect((await deputy.get('/api/current_user')).json().is_server_admin).toBe(true);
    expect((await root.put(`/api/user/${id}`, { is_server_admin: false })).json().is_server_admin).toBe(false);
    expect((await deputy.get('/api/current_user')).json().is_server_admin).toBe(false);
  });

  it('never the last active server administrator: 409 with a clear message', async () => {
    // Every other server administrator of this file is taken down first.
    await t.db.query('UPDATE "user" SET is_server_admin = false WHERE id <> $1', [rootId]);
    await expectError(root.put(`/api/user/${rootId}`, { is_server_admin: false }), 409, ownMessages.lastServerAdminKept);
    await expectError(root.put(`/api/user/${rootId}`, { active: false }), 409, ownMessages.lastServerAdminKept);
    // An inactive server administrator does not count.
    const sleeper = await createUser(t.db, 'sleeper', PASSWORD, { serverAdmin: true });
    await t.db.query('UPDATE "user" SET active = false WHERE id = $1', [sleeper]);
    await expectError(root.put(`/api/user/${rootId}`, { is_server_admin: false }), 409, ownMessages.lastServerAdminKept);
    expect((await root.get('/api/current_user')).json().is_server_admin).toBe(true);
  });

  it('two administrators unmaking each other at once leave one', async () => {
    const a = await createUser(t.db, 'twin_a', PASSWORD, { serverAdmin: true });
    const b = await createUser(t.db, 'twin_b', PASSWORD, { serverAdmin: true });
    await t.db.query('UPDATE "user" SET is_server_admin = false WHERE id NOT IN ($1, $2)', [a, b]);
    const asA = api(t.app, await signIn(t.app, 'twin_a', PASSWORD));
    const asB = api(t.app, await signIn(t.app, 'twin_b', PASSWORD));
    const answers = await Promise.all([asA.put(`/api/user/${b}`, { is_server_admin: false }), asB.put(`/api/user/${a}`, { is_server_admin: false })]);
    // The one that loses answers 409 (still an administrator when its change was weighed: the last one is kept) or,
    // on PostgreSQL when the other's change committed before its own turn, 404 (no longer an administrator, another
    // user's account is hidden from it like an unknown one). Either way one administrator is left.
    const codes = answers.map((r) => r.statusCode).sort();
    expect([[200, 404], [200, 409]], answers.map((r) => r.body).join('\n')).toContainEqual(codes);
    const left = await t.db.query('SELECT count(*)::int AS n FROM "user" WHERE is_server_admin AND active');
    expect(left.rows[0]).toEqual({ n: 1 });
  });
});
