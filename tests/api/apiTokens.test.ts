/**
 * API tokens for integrations (issue 29 item 2): made, listed and revoked by a signed-in session;
 * `Authorization: Bearer` acts as the token's user on every /api call, without the CSRF header
 * (which protects cookies only), limited to the token's teams (another team's objects answer 404
 * like unknown ids) and to reads when read-only, never more than the user may, and dead once
 * expired, revoked or its user gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { messages, ownMessages } from '../../src/messages';
import { TOKEN_MAX_DAYS } from '../../src/apiTokens';
import { DEFAULT_LABEL_TEMPLATE } from '../../src/custom/labels';
import { openDatabase } from '../../server/db/database';
import { adminWithTeam, api, createTeam, createTestApp, createUser, expectError, queriesDuring, ROLE, signIn, type Client, type TestApp } from './helpers';

let t: TestApp;
let owner: Awaited<ReturnType<typeof adminWithTeam>>;
let teamB: number;
let typeA: number;
let typeB: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminWithTeam(t, 'tok-owner', 'Tok A');
  teamB = await createTeam(t.db, 'Tok B', [[owner.userId, ROLE.ADMIN]]);
  typeA = (await owner.client.post('/api/type', { name: 'type-a', team_id: owner.teamId })).json().id;
  typeB = (await owner.client.post('/api/type', { name: 'type-b', team_id: teamB })).json().id;
});
afterAll(() => t.close());

/** A client holding only the token: no cookie, no CSRF header. */
function bearer(token: string): Client {
  const headers = { authorization: `Bearer ${token}` };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { get: (url) => call('GET', url), post: (url, body) => call('POST', url, body ?? {}), put: (url, body) => call('PUT', url, body ?? {}), del: (url) => call('DELETE', url) };
}

async function makeToken(client: Client, body: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
  const res = await client.post('/api/tokens', { name: 'pipeline', expires_in_days: 30, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const names = (res: LightMyRequestResponse) => (res.json() as { json_list: { name: string }[] }).json_list.map((r) => r.name).sort();

describe('POST /api/tokens', () => {
  it('answers the token once; only its hash is stored', async () => {
    const res = await owner.client.post('/api/tokens', { name: 'build', expires_in_days: 7 });
    expect(res.statusCode).toBe(201);
    const { id, token } = res.json();
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'token']);
    // At least 128 random bits: 32 bytes of base64url after the prefix and id.
    expect(token).toMatch(new RegExp(`^pucs_${id}_[A-Za-z0-9_-]{43}$`));
    const stored = await t.db.query('SELECT * FROM api_token WHERE id = $1', [id]);
    expect(JSON.stringify(stored.rows)).not.toContain(token.split('_').slice(2).join('_'));
    const listed = await owner.client.get('/api/tokens');
    expect(listed.body).not.toContain(token.slice(-43));
  });

  it('refuses bad input with a clear message and makes nothing', async () => {
    const before = (await owner.client.get('/api/tokens')).json().length;
    await expectError(owner.client.post('/api/tokens', { expires_in_days: 7 }), 400, messages.nameEmpty);
    await expectError(owner.client.post('/api/tokens', { name: '  ', expires_in_days: 7 }), 400, messages.nameEmpty);
    await expectError(owner.client.post('/api/tokens', { name: 'x' }), 400, ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 0 }), 400, ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: TOKEN_MAX_DAYS + 1 }), 400, ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1.5 }), 400, ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1, read_only: 'yes' }), 400, ownMessages.wrongFieldType('read_only', 'true or false'));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1, scope: 'all' }), 400, ownMessages.unknownField('scope'));
    // A text PostgreSQL cannot store (a NUL) or would store changed (an unpaired surrogate, as U+FFFD): refused as every field's.
    for (const name of ['a\u0000b', 'x\ud800']) await expectError(owner.client.post('/api/tokens', { name, expires_in_days: 1 }), 400, ownMessages.unstorableText('name'));
    expect((await owner.client.get('/api/tokens')).json()).toHaveLength(before);
  });

  it('takes only teams the user is in: another team is an unknown one', async () => {
    const stranger = await adminWithTeam(t, 'tok-stranger', 'Tok S');
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1, team_ids: [stranger.teamId] }), 400, ownMessages.referenceNotFound('team_ids'));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1, team_ids: [999_999] }), 400, ownMessages.referenceNotFound('team_ids'));
    await expectError(owner.client.post('/api/tokens', { name: 'x', expires_in_days: 1, team_ids: [] }), 400, ownMessages.tokenTeamIds);
  });

  it('needs a session', async () => {
    await expectError(api(t.app).post('/api/tokens', { name: 'x', expires_in_days: 1 }), 401, ownMessages.signInRequired);
  });
});

describe('GET and DELETE /api/tokens', () => {
  it("lists the caller's own tokens with teams, read-only, expiry and last use, never a secret", async () => {
    const other = await adminWithTeam(t, 'tok-lister', 'Tok L');
    await makeToken(other.client, { name: 'not mine' });
    const { id } = await makeToken(owner.client, { name: 'scoped', team_ids: [owner.teamId], read_only: true, expires_in_days: 10 });
    const list = (await owner.client.get('/api/tokens')).json() as Record<string, unknown>[];
    expect(list.map((x) => x.name)).not.toContain('not mine');
    const mine = list.find((x) => x.id === id);
    expect(mine).toMatchObject({ name: 'scoped', read_only: true, teams: [{ id: owner.teamId, name: 'Tok A' }], last_used_at: null });
    expect(Object.keys(mine!).sort()).toEqual(['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'read_only', 'teams']);
    const days = (Date.parse(mine!.expires_at as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);
  });

  it("revokes the caller's token: the next call with it is 401; another user's token is 404 like an unknown id", async () => {
    const { id, token } = await makeToken(owner.client);
    expect((await bearer(token).get('/api/type?fields=id,name,team_id')).statusCode).toBe(200);
    const other = await adminWithTeam(t, 'tok-revoker', 'Tok R');
    await expectError(other.client.del(`/api/tokens/${id}`), 404, ownMessages.notFound);
    expect((await bearer(token).get('/api/type?fields=id,name,team_id')).statusCode).toBe(200);
    expect((await owner.client.del(`/api/tokens/${id}`)).statusCode).toBe(204);
    await expectError(bearer(token).get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
    await expectError(owner.client.del(`/api/tokens/${id}`), 404, ownMessages.notFound);
    await expectError(owner.client.del('/api/tokens/abc'), 404, ownMessages.notFound);
  });
});

describe('Authorization: Bearer', () => {
  it("reads and writes as its user, without the CSRF header; a cookie still needs it", async () => {
    const { token } = await makeToken(owner.client);
    expect(names(await bearer(token).get('/api/type?fields=id,name,team_id'))).toEqual(['type-a', 'type-b']);
    const created = await bearer(token).post('/api/type', { name: 'by-token', team_id: owner.teamId });
    expect(created.statusCode, created.body).toBe(201);
    const cookieOnly = await t.app.inject({ method: 'POST', url: '/api/type', headers: { cookie: owner.cookie }, payload: { name: 'no-csrf', team_id: owner.teamId } });
    await expectError(Promise.resolve(cookieOnly), 403, ownMessages.csrfRejected);
    // Another scheme than Bearer is no token: the cookie's rules apply.
    const basic = await t.app.inject({ method: 'POST', url: '/api/type', headers: { cookie: owner.cookie, authorization: 'Basic dG9rOm93bmVy' }, payload: { name: 'basic', team_id: owner.teamId } });
    await expectError(Promise.resolve(basic), 403, ownMessages.csrfRejected);
    const profile = (await bearer(token).get('/api/current_user')).json();
    expect(profile).toMatchObject({ id: owner.userId, username: 'tok-owner' });
  });

  it("a token limited to team A sees team B's objects as unknown ones, and cannot write there", async () => {
    const { token } = await makeToken(owner.client, { team_ids: [owner.teamId] });
    const client = bearer(token);
    expect(names(await client.get('/api/type?fields=id,name,team_id'))).not.toContain('type-b');
    expect((await client.get(`/api/type/${typeA}`)).statusCode).toBe(200);
    await expectError(client.get(`/api/type/${typeB}`), 404, ownMessages.notFound);
    await expectError(client.put(`/api/type/${typeB}`, { notes: 'x' }), 404, ownMessages.notFound);
    await expectError(client.del(`/api/type/${typeB}`), 404, ownMessages.notFound);
    await expectError(client.post('/api/type', { name: 'in-b', team_id: teamB }), 403, messages.onlyAdminsCanModify);
    expect((await client.get('/api/current_user')).json().teams.map((x: { id: number }) => x.id)).toEqual([owner.teamId]);
    expect((await client.get('/api/team?fields=id,name')).json().json_list.map((x: { id: number }) => x.id)).toEqual([owner.teamId]);
  });

  it('a token limited to teams cannot make a team outside them; one of all the user\'s teams can', async () => {
    const limited = await makeToken(owner.client, { team_ids: [owner.teamId] });
    await expectError(bearer(limited.token).post('/api/team', { name: 'Tok limited new' }), 403, ownMessages.tokenLimitedToTeams);
    expect((await owner.client.get('/api/team?fields=id,name')).json().json_list.map((x: { name: string }) => x.name)).not.toContain('Tok limited new');
    const whole = await makeToken(owner.client);
    const made = await bearer(whole.token).post('/api/team', { name: 'Tok whole new' });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('a read-only token reads, and a write answers 403 saying so', async () => {
    const { token } = await makeToken(owner.client, { read_only: true });
    const client = bearer(token);
    expect((await client.get(`/api/type/${typeA}`)).statusCode).toBe(200);
    await expectError(client.post('/api/type', { name: 'ro', team_id: owner.teamId }), 403, ownMessages.tokenReadOnly);
    await expectError(client.put(`/api/type/${typeA}`, { notes: 'ro' }), 403, ownMessages.tokenReadOnly);
    await expectError(client.del(`/api/type/${typeA}`), 403, ownMessages.tokenReadOnly);
    expect((await owner.client.get(`/api/type/${typeA}`)).json().notes ?? '').not.toBe('ro');
  });

  it('a read-only token may post what changes nothing (a custom label), not what may make a QR code (a label sheet)', async () => {
    const device = (await owner.client.post('/api/device', { name: 'ro-dev', team_id: owner.teamId, type_id: typeA, uid_for_type: 'ro-1' })).json().id;
    const { token } = await makeToken(owner.client, { read_only: true });
    await expectError(bearer(token).post('/api/download/label_sheet', { device_ids: [device] }), 403, ownMessages.tokenReadOnly);
    expect((await owner.client.post(`/api/device_qr_code/${device}`)).statusCode).toBe(200);
    const label = await bearer(token).post(`/api/download/custom_label/${device}`, { template_str: DEFAULT_LABEL_TEMPLATE });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.body).toContain('ro-dev');
  });

  it('never does more than its user: a plain member cannot modify, a team the user leaves is gone', async () => {
    const password = 'correct horse battery';
    const memberId = await createUser(t.db, 'tok-member', password);
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [owner.teamId, memberId, ROLE.USER]);
    const member = api(t.app, await signIn(t.app, 'tok-member', password));
    const { token } = await makeToken(member);
    await expectError(bearer(token).put(`/api/type/${typeA}`, { notes: 'member' }), 403, messages.onlyAdminsCanModify);
    expect((await bearer(token).get(`/api/type/${typeA}`)).statusCode).toBe(200);
    await t.db.query('DELETE FROM role WHERE user_id = $1', [memberId]);
    await expectError(bearer(token).get(`/api/type/${typeA}`), 404, ownMessages.notFound);
  });

  it('cannot make, list or revoke tokens, nor change its user', async () => {
    const { id, token } = await makeToken(owner.client);
    const client = bearer(token);
    await expectError(client.post('/api/tokens', { name: 'child', expires_in_days: 1 }), 403, ownMessages.tokenCannotManageTokens);
    await expectError(client.get('/api/tokens'), 403, ownMessages.tokenCannotManageTokens);
    await expectError(client.del(`/api/tokens/${id}`), 403, ownMessages.tokenCannotManageTokens);
    await expectError(client.put(`/api/user/${owner.userId}`, { preferences: { theme: 'dark' } }), 403, ownMessages.tokenCannotManageAccounts);
    await expectError(client.put(`/api/user/${owner.userId}`, { password: 'a new long password', current_password: owner.password }), 403, ownMessages.tokenCannotManageAccounts);
    await expectError(client.del(`/api/user/${owner.userId}`), 403, ownMessages.tokenCannotManageAccounts);
    expect((await client.get('/api/type?fields=id,name,team_id')).statusCode).toBe(200);
  });

  it('an expired token answers 401 like no session, even once it was known', async () => {
    const { id, token } = await makeToken(owner.client);
    expect((await bearer(token).get('/api/type?fields=id,name,team_id')).statusCode).toBe(200);
    await t.db.query("UPDATE api_token SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    await expectError(bearer(token).get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
    await expectError(bearer(token).post('/api/type', { name: 'late', team_id: owner.teamId }), 401, ownMessages.signInRequired);
  });

  it('a wrong, altered or malformed token answers 401', async () => {
    const { token } = await makeToken(owner.client);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const wrong of [altered, 'pucs_1_x', 'nonsense', `${token}x`, '', `pucs_99999999999_${token.slice(-43)}`]) {
      await expectError(bearer(wrong).get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
    }
  });

  it("dies with its user", async () => {
    const gone = await adminWithTeam(t, 'tok-gone', 'Tok G');
    const { token } = await makeToken(gone.client);
    expect((await bearer(token).get('/api/current_user')).json().username).toBe('tok-gone');
    await t.db.query('DELETE FROM role WHERE user_id = $1', [gone.userId]);
    await t.db.query('DELETE FROM "user" WHERE id = $1', [gone.userId]);
    await expectError(bearer(token).get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
  });

  it("stops with its user's deactivation, though it was cached, and works again once the user is restored", async () => {
    const leaving = await adminWithTeam(t, 'tok-leaving', 'Tok L');
    const { token } = await makeToken(leaving.client);
    await createUser(t.db, 'tok-root', 'correct horse battery', { serverAdmin: true });
    const root = api(t.app, await signIn(t.app, 'tok-root', 'correct horse battery'));
    expect((await bearer(token).get('/api/current_user')).json().username).toBe('tok-leaving');
    expect((await root.put(`/api/user/${leaving.userId}`, { active: false })).statusCode).toBe(200);
    await expectError(bearer(token).get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
    expect((await root.put(`/api/user/${leaving.userId}`, { active: true })).statusCode).toBe(200);
    expect((await bearer(token).get('/api/current_user')).json().username).toBe('tok-leaving');
  });

  it('revoked or expired by another process (a shell, another server) answers 401 here too, though it was cached', async () => {
    const revoked = await makeToken(owner.client);
    const expired = await makeToken(owner.client);
    for (const { token } of [revoked, expired]) expect((await bearer(token).get('/api/current_user')).statusCode).toBe(200);
    // Another connection to the same database, as another process has; on PGlite the same one.
    const elsewhere = t.url ? await openDatabase({ url: t.url }) : t.db;
    await elsewhere.query('DELETE FROM api_token WHERE id = $1', [revoked.id]);
    await elsewhere.query("UPDATE api_token SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    for (const { token } of [revoked, expired]) await expect.poll(async () => (await bearer(token).get('/api/current_user')).statusCode).toBe(401);
    if (elsewhere !== t.db) await elsewhere.close();
  });

  it('writes its last use, not once per request', async () => {
    const { id, token } = await makeToken(owner.client);
    const lastUse = async () => ((await owner.client.get('/api/tokens')).json() as { id: number; last_used_at: string | null }[]).find((x) => x.id === id)!.last_used_at;
    expect(await lastUse()).toBeNull();
    await bearer(token).get('/api/type?fields=id,name,team_id');
    const first = await lastUse();
    expect(first).not.toBeNull();
    await bearer(token).get('/api/type?fields=id,name,team_id');
    await bearer(token).get('/api/current_user');
    expect(await lastUse()).toBe(first);
  });

  it('a known token costs no query for who is calling, as a known session does', async () => {
    const { token } = await makeToken(owner.client);
    await bearer(token).get('/api/current_user');
    expect(await queriesDuring(t, () => bearer(token).get('/api/current_user'))).toBe(0);
  });
});
