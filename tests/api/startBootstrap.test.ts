/** First start: the administrator and first team are created once; startup refuses bad settings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createTestApp, signIn, type TestApp } from './helpers';
import { ensureAdmin, FIRST_TEAM_NAME } from '../../server/auth/bootstrap';
import { verifyPassword } from '../../server/auth/password';
import { readConfig } from '../../server/config';
import { sessionSecretProblem, startupProblems } from '../../server/runtime/startupChecks';
import { ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';

describe('ensureAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the server administrator and a first team they administer, once', async () => {
    const first = await ensureAdmin(t.db, { adminUser: 'admin', adminPassword: undefined });
    if (!first.created) throw new Error('expected the admin to be created');
    expect(first.username).toBe('admin');
    expect(first.teamName).toBe(FIRST_TEAM_NAME);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const { rows: users } = await t.db.query<{ username: string; password_hash: string; is_server_admin: boolean }>(
      'SELECT username, password_hash, is_server_admin FROM "user"',
    );
    expect(users).toHaveLength(1);
    expect(users[0].is_server_admin).toBe(true);
    expect(await verifyPassword(first.generatedPassword as string, users[0].password_hash)).toBe(true);

    const { rows: roles } = await t.db.query('SELECT team_id, user_id, role_id FROM role');
    expect(roles).toEqual([{ team_id: first.teamId, user_id: first.userId, role_id: 3 }]);

    // The generated password signs in through the real API.
    await signIn(t.app, 'admin', first.generatedPassword as string);

    expect(await ensureAdmin(t.db, { adminUser: 'someone', adminPassword: 'another password' })).toEqual({ created: false, adminExists: false });
    // A start naming the existing administrator (in any letter case) says to sign in as them.
    expect(await ensureAdmin(t.db, { adminUser: 'ADMIN', adminPassword: undefined })).toEqual({ created: false, adminExists: true });
    const { rows: counts } = await t.db.query<{ users: number; teams: number }>(
      'SELECT (SELECT count(*)::int FROM "user") AS users, (SELECT count(*)::int FROM team) AS teams',
    );
    expect(counts[0]).toEqual({ users: 1, teams: 1 });
  });
});

describe('ensureAdmin with PUCS_ADMIN_PASSWORD', () => {
  it('uses the given password and prints none; refuses a short one', async () => {
    const t = await createTestApp();
    try {
      await expect(ensureAdmin(t.db, { adminUser: 'root', adminPassword: 'short' })).rejects.toThrow(ownMessages.passwordTooShort(MIN_PASSWORD));
      await expect(ensureAdmin(t.db, { adminUser: 'bad name!', adminPassword: undefined })).rejects.toThrow(ownMessages.usernameInvalid);
      const result = await ensureAdmin(t.db, { adminUser: 'root', adminPassword: 'a long enough password' });
      expect(result).toMatchObject({ created: true, username: 'root', generatedPassword: undefined });
      await signIn(t.app, 'root', 'a long enough password');
    } finally {
      await t.close();
    }
  });
});

describe('startup checks', () => {
  it('refuses production without a strong session secret', () => {
    expect(sessionSecretProblem({ production: true, sessionSecret: undefined })).toBe(ownMessages.weakSessionSecret);
    expect(sessionSecretProblem({ production: true, sessionSecret: 'x'.repeat(31) })).toBe(ownMessages.weakSessionSecret);
    expect(sessionSecretProblem({ production: true, sessionSecret: 'x'.repeat(32) })).toBeUndefined();
    expect(sessionSecretProblem({ production: false, sessionSecret: undefined })).toBeUndefined();
  });

  it('lists every problem of the environment', () => {
    expect(startupProblems(readConfig({}))).toEqual([]);
    const problems = startupProblems(readConfig({ NODE_ENV: 'production', PORT: 'eighty', PUCS_ADMIN_PASSWORD: 'short' }));
    expect(problems).toEqual([
      ownMessages.weakSessionSecret,
      ownMessages.invalidSetting('PUCS_ADMIN_PASSWORD', ownMessages.passwordTooShort(MIN_PASSWORD)),
      ownMessages.invalidSetting('PORT', 'NaN'),
    ]);
    for (const [value, shown] of [['abc', 'NaN'], ['0', '0'], ['-5', '-5'], ['1.5', '1.5']]) {
      expect(startupProblems(readConfig({ PUCS_DEVICE_POLL_SECONDS: value, PUCS_QR_INFO_PER_MINUTE: value }))).toEqual([
        ownMessages.invalidSetting('PUCS_DEVICE_POLL_SECONDS', shown),
        ownMessages.invalidSetting('PUCS_QR_INFO_PER_MINUTE', shown),
      ]);
    }
  });

  it('npm start exits 1 with the message, before building or opening anything', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PUCS_SESSION_SECRET: 'too short', PUCS_DATA_DIR: '/nonexistent/pucs-data' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(ownMessages.weakSessionSecret);
    expect(r.stdout).toBe('');
  });
});
