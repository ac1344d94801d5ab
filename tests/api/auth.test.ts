import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ownMessages } from '../../src/messages';
import { api, createTeam, createTestApp, createUser, ROLE, signIn, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let aliceId: number;
let teamId: number;
const PW = 'alice-password-1';

beforeAll(async () => {
  t = await createTestApp();
  aliceId = await createUser(t.db, 'alice', PW);
  teamId = await createTeam(t.db, 'Alpha', [[aliceId, ROLE.ADMIN]]);
  await createUser(t.db, 'locked', 'locked-password');
});
afterAll(() => t.close());

const login = (body: unknown, headers: Record<string, string> = CSRF_HEADER) =>
  t.app.inject({ method: 'POST', url: '/api/login', headers, payload: body as object });

describe('POST /api/login', () => {
  it('answers 204 with an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await login({ username: 'alice', password: PW });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'pucs_session');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure over https (behind a trusted proxy)', async () => {
    const proxied = await buildApp({ db: t.db, config: { ...t.config, trustProxy: 1 } });
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alice', password: PW },
      headers: { ...CSRF_HEADER, 'x-forwarded-proto': 'https' },
    });
    await proxied.close();
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'pucs_session')?.secure).toBe(true);
  });

  it('answers a wrong password and an unknown user the same 401 with a Description', async () => {
    const wrong = await login({ username: 'alice', password: 'nope-nope' });
    const unknown = await login({ username: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ Description: ownMessages.wrongCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses a body without username and password', async () => {
    const res = await login({ user: 'alice' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBeTruthy();
  });

  it('rate-limits failed attempts per account and address with 429 and Retry-After', async () => {
    let last = await login({ username: 'locked', password: 'bad-1' });
    for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await login({ username: 'locked', password: 'bad-1' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toEqual({ Description: ownMessages.tooManyAttempts });
    // Even the right password waits at that address: the limit protects the account, not the guess.
    expect((await login({ username: 'locked', password: 'locked-password' })).statusCode).toBe(429);
    // Another account from the same address is not locked yet.
    expect((await login({ username: 'alice', password: PW })).statusCode).toBe(204);
  });
});

describe('session', () => {
  it('GET /api/current_user answers the profile when signed in and an empty body when not', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const me = await api(t.app, cookie).get('/api/current_user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: aliceId,
      username: 'alice',
      preferences: {},
      teams: [{ id: teamId, name: 'Alpha', role_id: ROLE.ADMIN }],
    });
    const anon = await api(t.app).get('/api/current_user');
    expect(anon.statusCode).toBe(200);
    expect(anon.body).toBe('');
  });

  it('POST /api/logout ends the session on the server', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const client = api(t.app, cookie);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    // The same cookie, replayed after sign-out, is no longer a session.
    expect((await client.get('/api/current_user')).body).toBe('');
    expect((await client.get('/api/team')).statusCode).toBe(401);
  });

  it('survives a restart: a second app on the same database accepts the cookie', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const again = await buildApp({ db: t.db, config: t.config });
    try {
      const me = await api(again, cookie).get('/api/current_user');
      expect(me.json().username).toBe('alice');
    } finally {
      await again.close();
    }
  });

  it('ignores a forged cookie', async () => {
    const res = await api(t.app, 'pucs_session=forged.value').get('/api/current_user');
    expect(res.body).toBe('');
  });
});

describe('signed out', () => {
  it('answers 401 with a Description on every /api call but the public ones', async () => {
    const client = api(t.app);
    for (const url of ['/api/device', '/api/full/type', '/api/team/1', '/api/get_teams_where_user_is_admin/', '/api/issemver/1.0.0']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().Description, url).toBe(ownMessages.signInRequired);
    }
    expect((await client.post('/api/device', { name: 'x' })).statusCode).toBe(401);
    expect((await client.put('/api/device/1', { name: 'x' })).statusCode).toBe(401);
    expect((await client.del('/api/device/1')).statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a non-GET call without X-Requested-With: pucs', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const res = await t.app.inject({ method: 'POST', url: '/api/team', headers: { cookie }, payload: { name: 'Sneaky' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().Description).toBe(ownMessages.csrfRejected);
    const teams = await api(t.app, cookie).get('/api/team?fields=name');
    expect(teams.json().json_list.map((x: { name: string }) => x.name)).not.toContain('Sneaky');
  });

  it('refuses a foreign Origin and accepts our own', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const headers = { cookie, ...CSRF_HEADER, host: 'pucs.example' };
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...headers, origin: 'https://evil.example' },
      payload: { preferences: { theme: 'dark' } },
    });
    expect(foreign.statusCode).toBe(403);
    const ours = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { ...headers, origin: 'http://pucs.example' },
      payload: { preferences: { theme: 'dark' } },
    });
    expect(ours.statusCode).toBeLessThan(300);
  });

  it('refuses a sign-in without the header too', async () => {
    const res = await login({ username: 'alice', password: PW }, {});
    expect(res.statusCode).toBe(403);
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and a Description', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/type',
      headers: { cookie, ...CSRF_HEADER, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBe(ownMessages.malformedJson);
  });

  it('answers an over-size body with 413 and a Description', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/type',
      headers: { cookie, ...CSRF_HEADER, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'big', team_id: teamId, notes: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().Description).toBe(ownMessages.bodyTooLarge);
  });
});

describe('expired sessions', () => {
  it('are refused, and forgotten at the next sign-in', async () => {
    const cookie = await signIn(t.app, 'alice', PW);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    expect((await api(t.app, cookie).get('/api/current_user')).body).toBe('');
    await signIn(t.app, 'alice', PW);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE expires_at <= now()');
    expect(rows[0].n).toBe(0);
  });
});
