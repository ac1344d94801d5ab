/**
 * Passwords (issue 12, item 4): at least 12 characters, not a common one, not the username, for
 * every way a password is set (POST and PUT /api/user, npm run user, the first administrator);
 * changing one's own needs the current password (wrong ones are limited like sign-in guesses); a
 * server administrator's reset ends all of that user's sessions, one's own change keeps the caller's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { CURRENT_PASSWORD_GUESSES } from '../../server/auth/passwordChange';
import { adminSettingsProblem } from '../../server/auth/bootstrap';
import { addUser, CliError, setPassword } from '../../server/cli/users';
import { adminWithTeam, api, createTestApp, createUser, expectError, signIn, type Client, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

const PW = 'correct horse battery';
let t: TestApp;
let root: Client;
let rootCookie: string;
let rootId: number;

beforeAll(async () => {
  t = await createTestApp();
  rootId = await createUser(t.db, 'pw_root', PW, { serverAdmin: true });
  rootCookie = await signIn(t.app, 'pw_root', PW);
  root = api(t.app, rootCookie);
});
afterAll(() => t.close());

const signInStatus = async (username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/login', headers: CSRF_HEADER, payload: { username, password } })).statusCode;
const signedIn = async (cookie: string) => (await api(t.app, cookie).get('/api/current_user')).body !== '';

describe('the rules, wherever a password is set', () => {
  it('refuses fewer than 12 characters (11 is the old rule of 8 passing)', async () => {
    await expectError(root.post('/api/user', { username: 'pw_short', password: 'long enough' }), 400, ownMessages.passwordTooShort(MIN_PASSWORD));
    expect((await root.post('/api/user', { username: 'pw_short', password: 'long enough!' })).statusCode).toBe(201);
    const id = await createUser(t.db, 'pw_short_reset', PW);
    await expectError(root.put(`/api/user/${id}`, { password: 'long enough' }), 400, ownMessages.passwordTooShort(MIN_PASSWORD));
    expect(await signInStatus('pw_short_reset', PW)).toBe(204);
  });

  it('refuses a common password, in any letter case', async () => {
    await expectError(root.post('/api/user', { username: 'pw_common', password: 'QWERTY123456' }), 400, ownMessages.passwordCommon);
    const id = await createUser(t.db, 'pw_common_reset', PW);
    await expectError(root.put(`/api/user/${id}`, { password: '1qaz2wsx3edc' }), 400, ownMessages.passwordCommon);
    expect(await signInStatus('pw_common_reset', PW)).toBe(204);
  });

  it('refuses the username as password, in any letter case, sent or stored', async () => {
    await expectError(root.post('/api/user', { username: 'pw_same_name', password: 'PW_SAME_NAME' }), 400, ownMessages.passwordIsUsername);
    const id = await createUser(t.db, 'pw_stored_name', PW);
    await expectError(root.put(`/api/user/${id}`, { password: 'Pw_Stored_Name' }), 400, ownMessages.passwordIsUsername);
    await expectError(root.put(`/api/user/${id}`, { username: 'pw_renamed_too', password: 'pw_renamed_too' }), 400, ownMessages.passwordIsUsername);
    expect(await signInStatus('pw_stored_name', PW)).toBe(204);
  });

  it('npm run user -- add / password follow the same rules', async () => {
    await expect(addUser(t.db, { username: 'pw_cli', password: 'long enough' })).rejects.toEqual(new CliError(ownMessages.passwordTooShort(MIN_PASSWORD)));
    await expect(addUser(t.db, { username: 'pw_cli', password: 'qwerty123456' })).rejects.toEqual(new CliError(ownMessages.passwordCommon));
    await expect(addUser(t.db, { username: 'pw_cli_username', password: 'PW_CLI_USERNAME' })).rejects.toEqual(new CliError(ownMessages.passwordIsUsername));
    await addUser(t.db, { username: 'pw_cli', password: PW });
    await expect(setPassword(t.db, 'pw_cli', 'short pw')).rejects.toEqual(new CliError(ownMessages.passwordTooShort(MIN_PASSWORD)));
    await expect(setPassword(t.db, 'pw_cli', '123456789012')).rejects.toEqual(new CliError(ownMessages.passwordCommon));
    expect(await signInStatus('pw_cli', PW)).toBe(204);
  });

  it('the first administrator: PUCS_ADMIN_PASSWORD follows them, the generated one passes them', () => {
    const problem = (adminPassword?: string) => adminSettingsProblem({ adminUser: 'administrator', adminPassword });
    expect(problem('short pw')).toBe(ownMessages.invalidSetting('PUCS_ADMIN_PASSWORD', ownMessages.passwordTooShort(MIN_PASSWORD)));
    expect(problem('Password1234')).toBe(ownMessages.invalidSetting('PUCS_ADMIN_PASSWORD', ownMessages.passwordCommon));
    expect(problem('ADMINISTRATOR')).toBe(ownMessages.invalidSetting('PUCS_ADMIN_PASSWORD', ownMessages.passwordIsUsername));
    expect(problem(PW)).toBeUndefined();
    expect(problem(undefined)).toBeUndefined();
  });
});

describe('changing one’s own password', () => {
  const own = async (username: string) => {
    const id = await createUser(t.db, username, PW);
    const cookie = await signIn(t.app, username, PW);
    return { id, cookie, client: api(t.app, cookie) };
  };

  it('without the current password: 400, nothing changed (the server administrator too)', async () => {
    const me = await own('pw_no_current');
    await expectError(me.client.put(`/api/user/${me.id}`, { password: 'a brand new password' }), 400, ownMessages.currentPasswordMissing);
    expect(await signInStatus('pw_no_current', PW)).toBe(204);
    expect(await signInStatus('pw_no_current', 'a brand new password')).toBe(401);
    await expectError(root.put(`/api/user/${rootId}`, { password: 'a brand new password' }), 400, ownMessages.currentPasswordMissing);
    expect(await signInStatus('pw_root', PW)).toBe(204);
  });

  it('with a wrong current password: 403, nothing changed, no session ended', async () => {
    const me = await own('pw_wrong_current');
    const other = await signIn(t.app, 'pw_wrong_current', PW);
    await expectError(
      me.client.put(`/api/user/${me.id}`, { password: 'a brand new password', current_password: 'not my password' }),
      403,
      ownMessages.currentPasswordWrong,
    );
    expect(await signInStatus('pw_wrong_current', PW)).toBe(204);
    expect(await signedIn(other)).toBe(true);
  });

  it('with the right current password: changed; the caller’s session kept, the user’s others ended', async () => {
    const me = await own('pw_right_current');
    const other = await signIn(t.app, 'pw_right_current', PW);
    const res = await me.client.put(`/api/user/${me.id}`, { password: 'a brand new password', current_password: PW });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('current_password');
    expect(res.json()).not.toHaveProperty('password');
    expect(await signedIn(me.cookie)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect(await signInStatus('pw_right_current', PW)).toBe(401);
    expect(await signInStatus('pw_right_current', 'a brand new password')).toBe(204);
  });

  it('the new password is checked before the current one: a rule broken costs no guess', async () => {
    const me = await own('pw_rules_first');
    await expectError(me.client.put(`/api/user/${me.id}`, { password: 'pw_rules_first', current_password: 'a guess' }), 400, ownMessages.passwordIsUsername);
  });

  it(`wrong current passwords are limited: after ${CURRENT_PASSWORD_GUESSES}, even the right one waits (429, Retry-After)`, async () => {
    const me = await own('pw_guessed');
    const change = (current: string) => me.client.put(`/api/user/${me.id}`, { password: 'a brand new password', current_password: current });
    const wrong = await Promise.all(Array.from({ length: CURRENT_PASSWORD_GUESSES }, (_, i) => change(`guess number ${i}`)));
    expect(wrong.map((r) => r.statusCode)).toEqual(Array(CURRENT_PASSWORD_GUESSES).fill(403));
    const limited = await change(PW);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ Description: ownMessages.passwordChangeTooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await signInStatus('pw_guessed', PW)).toBe(204);
  });
});

describe('a server administrator resetting someone’s password', () => {
  it('needs no current password and ends all of that user’s sessions, not the administrator’s', async () => {
    const id = await createUser(t.db, 'pw_reset_target', PW);
    const sessions = [await signIn(t.app, 'pw_reset_target', PW), await signIn(t.app, 'pw_reset_target', PW)];
    expect((await root.put(`/api/user/${id}`, { password: 'a reset password' })).statusCode).toBe(200);
    for (const cookie of sessions) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(rootCookie)).toBe(true);
    expect(await signInStatus('pw_reset_target', 'a reset password')).toBe(204);
  });
});

describe('a common password disguised by spaces', () => {
  it('padded with spaces to the length, or only spaces, is refused like the common password itself', async () => {
    const { client, userId, password } = await adminWithTeam(t, 'padder');
    for (const weak of ['password    ', '            ', '  qwerty    ']) {
      const res = await client.put(`/api/user/${userId}`, { password: weak, current_password: password });
      expect(res.statusCode, `new password ${JSON.stringify(weak)}: ${res.body}`).toBe(400);
    }
  });
});
