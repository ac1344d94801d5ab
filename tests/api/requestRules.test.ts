/**
 * The request rules of server/auth/plugin.ts must hold for every spelling of an /api
 * address the router accepts, and the sign-in limit must hold for guesses sent in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { api, createTeam, createTestApp, createUser, ROLE, signIn, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let teamId: number;
const PW = 'review-password-1';

beforeAll(async () => {
  t = await createTestApp();
  const id = await createUser(t.db, 'rev', PW);
  teamId = await createTeam(t.db, 'Review', [[id, ROLE.ADMIN]]);
});
afterAll(() => t.close());

const login = (username: string, password: string, url = '/api/login', headers: Record<string, string> = CSRF_HEADER) =>
  t.app.inject({ method: 'POST', url, headers, payload: { username, password } });

describe('CSRF and sign-in on a percent-encoded /api address', () => {
  // The router decodes %61 to 'a': /%61pi/login is POST /api/login.
  it('a sign-in without X-Requested-With is refused (login CSRF)', async () => {
    const res = await login('rev', PW, '/%61pi/login', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Description: ownMessages.csrfRejected });
    expect(res.cookies).toHaveLength(0);
  });

  it('a sign-out without X-Requested-With is refused, and the session lives on', async () => {
    const cookie = await signIn(t.app, 'rev', PW);
    const res = await t.app.inject({ method: 'POST', url: '/%61pi/logout', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect((await api(t.app, cookie).get('/api/current_user')).json().username).toBe('rev');
  });

  it('a write with a foreign Origin is refused', async () => {
    const cookie = await signIn(t.app, 'rev', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/team',
      headers: { cookie, ...CSRF_HEADER, origin: 'https://evil.example' },
      payload: { name: 'Sneaky' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a well-formed call on that spelling is served like any other, as the signed-in caller', async () => {
    const cookie = await signIn(t.app, 'rev', PW);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/type',
      headers: { cookie, ...CSRF_HEADER },
      payload: { name: 'encoded', team_id: teamId },
    });
    expect(res.statusCode).toBe(201);
    // And a signed-out one is a 401, as everywhere under /api.
    const out = await t.app.inject({ method: 'GET', url: '/%61pi/type' });
    expect(out.statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('holds for wrong guesses sent in parallel: at most 10 are tried, the rest wait', async () => {
    await createUser(t.db, 'target', 'target-password');
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('target', 'wrong-guess')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The account is locked at this address for the window, right password or not (another address: tests/api/signInLimits.test.ts).
    expect((await login('target', 'target-password')).statusCode).toBe(429);
    // Any spelling of the name meets the same lock.
    expect((await login('TARGET', 'wrong-guess')).statusCode).toBe(429);
  });

  it('successful sign-ins do not use up the address allowance', async () => {
    await createUser(t.db, 'frequent', 'frequent-password');
    for (let i = 0; i < 55; i++) {
      const res = await login('frequent', 'frequent-password');
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(204);
    }
  });
});

describe('a password changed through the API', () => {
  it("ends the user's other sessions, as 'npm run user -- password' does; the caller's own stays", async () => {
    const id = await createUser(t.db, 'frank', 'frank-password-1');
    const laptop = await signIn(t.app, 'frank', 'frank-password-1');
    const phone = await signIn(t.app, 'frank', 'frank-password-1');
    // Preferences alone end nothing.
    expect((await api(t.app, laptop).put('/api/user', { preferences: { theme: 'dark' } })).statusCode).toBe(200);
    expect((await api(t.app, phone).get('/api/current_user')).json().username).toBe('frank');

    const res = await api(t.app, laptop).put(`/api/user/${id}`, { password: 'frank-password-2', current_password: 'frank-password-1' });
    expect(res.statusCode).toBe(200);
    expect((await api(t.app, laptop).get('/api/current_user')).json().username).toBe('frank');
    expect((await api(t.app, phone).get('/api/current_user')).body).toBe('');
    expect((await api(t.app, phone).get('/api/team')).statusCode).toBe(401);
    await signIn(t.app, 'frank', 'frank-password-2');
  });

  it("set by the server administrator, ends every session of that user", async () => {
    await createUser(t.db, 'root', 'root-password-1', { serverAdmin: true });
    const id = await createUser(t.db, 'grace', 'grace-password-1');
    const session = await signIn(t.app, 'grace', 'grace-password-1');
    const root = api(t.app, await signIn(t.app, 'root', 'root-password-1'));
    expect((await root.put(`/api/user/${id}`, { password: 'grace-password-2' })).statusCode).toBe(200);
    expect((await api(t.app, session).get('/api/current_user')).body).toBe('');
    expect((await root.get('/api/current_user')).json().username).toBe('root');
  });
});
