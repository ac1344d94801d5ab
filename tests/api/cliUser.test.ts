/** npm run user: add users into teams, change passwords, list; never touch an embedded database a server holds, and say how to do it through that server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestApp, createTeam, createUser, signIn, type TestApp } from './helpers';
import { addUser, CliError, listUsers, setPassword } from '../../server/cli/users';
import { runUserCli, type CliIo } from '../../server/cli/user';
import { grantRole, teamArgs } from '../../server/cli/memberships';
import { verifyPassword } from '../../server/auth/password';
import { readConfig } from '../../server/config';
import { openConfiguredDatabase } from '../../server/runtime/openConfiguredDatabase';
import { lockFilePath } from '../../server/runtime/pidLock';
import { ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { CSRF_HEADER } from '../../src/csrf';

const hashOf = async (t: TestApp, username: string) =>
  (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM "user" WHERE username = $1', [username])).rows[0]
    ?.password_hash;

describe('user commands on a database', () => {
  let t: TestApp;
  let teamId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db, 'owner', 'owner password');
    teamId = await createTeam(t.db, 'Field team', [[owner, 3]]);
    await createTeam(t.db, 'Twin', []);
    await createTeam(t.db, 'Twin', []);
  });
  afterAll(() => t.close());

  it('adds a user who can sign in, into a team by name with a role', async () => {
    expect(await addUser(t.db, { username: 'alice', password: 'alice password', team: 'Field team', role: 'admin' })).toEqual([
      ownMessages.cliUserAdded('alice'),
      ownMessages.cliRoleGiven('alice', 'Admin', 'Field team'),
    ]);
    expect(await verifyPassword('alice password', await hashOf(t, 'alice'))).toBe(true);
    await signIn(t.app, 'alice', 'alice password');
    const { rows } = await t.db.query('SELECT r.team_id, r.role_id FROM role r JOIN "user" u ON u.id = r.user_id WHERE u.username = $1', [
      'alice',
    ]);
    expect(rows).toEqual([{ team_id: teamId, role_id: 3 }]);
  });

  it('adds into a team by id as a plain user by default, and generates a password when none is given', async () => {
    const lines = await addUser(t.db, { username: 'bob', team: String(teamId) });
    expect(lines.slice(0, 2)).toEqual([ownMessages.cliUserAdded('bob'), ownMessages.cliRoleGiven('bob', 'Member', 'Field team')]);
    const password = lines[2].replace(ownMessages.cliGeneratedPassword(''), '');
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(await verifyPassword(password, await hashOf(t, 'bob'))).toBe(true);
  });

  it.each([
    [{ username: 'alice', password: 'whatever long' }, ownMessages.usernameTaken('alice')],
    [{ username: 'carol', password: 'short' }, ownMessages.passwordTooShort(MIN_PASSWORD)],
    [{ username: 'carol', password: 'long enough password', team: 'Nope' }, ownMessages.cliTeamNotFound('Nope')],
    [{ username: 'carol', password: 'long enough password', team: '9999' }, ownMessages.cliTeamNotFound('9999')],
    [{ username: 'carol', password: 'long enough password', team: 'Twin' }, ownMessages.cliTeamAmbiguous('Twin')],
    [{ username: 'carol', password: 'long enough password', team: 'Field team', role: 'boss' }, ownMessages.cliBadRole('boss')],
    [{ username: 'carol', password: 'long enough password', role: 'admin' }, ownMessages.cliRoleNeedsTeam],
    [{ username: 'carol smith', password: 'long enough password' }, ownMessages.usernameInvalid],
  ])('refuses %o: %s', async (opts, message) => {
    await expect(addUser(t.db, opts)).rejects.toEqual(new CliError(message));
    expect(await hashOf(t, 'carol')).toBeUndefined();
  });

  it('changes a password and ends the sessions of the old one', async () => {
    const cookie = await signIn(t.app, 'alice', 'alice password');
    expect(await setPassword(t.db, 'alice', 'new alice password')).toEqual([ownMessages.cliPasswordChanged('alice')]);
    expect(await verifyPassword('new alice password', await hashOf(t, 'alice'))).toBe(true);
    const me = await t.app.inject({ url: '/api/current_user', headers: { cookie, ...CSRF_HEADER } });
    expect(me.body).not.toContain('alice');
    await expect(setPassword(t.db, 'nobody', 'long enough password')).rejects.toEqual(new CliError(ownMessages.cliUserNotFound('nobody')));
  });

  it('lists users with their teams and roles', async () => {
    const lines = await listUsers(t.db);
    expect(lines.find((l) => l.includes(' alice'))).toMatch(/alice {2}Field team \(#\d+, Admin\)$/);
    expect(lines.find((l) => l.includes(' bob'))).toMatch(/bob {2}Field team \(#\d+, Member\)$/);
  });

  const rolesOf = async (username: string) =>
    (
      await t.db.query<{ name: string; role_id: number }>(
        'SELECT t.name, r.role_id FROM role r JOIN team t ON t.id = r.team_id JOIN "user" u ON u.id = r.user_id WHERE u.username = $1 ORDER BY t.id',
        [username],
      )
    ).rows;

  it('adds a user into several teams at once (--team repeated, --teams a,b), each with the role given', async () => {
    expect(teamArgs(['Field team', 'Second, Third', undefined, 'Field team'])).toEqual(['Field team', 'Second', 'Third']);
    const second = await createTeam(t.db, 'Second', []);
    const lines = await addUser(t.db, { username: 'dora', password: 'dora password long', team: ['Field team', String(second)], role: 'admin' });
    expect(lines).toEqual([
      ownMessages.cliUserAdded('dora'),
      ownMessages.cliRoleGiven('dora', 'Admin', 'Field team'),
      ownMessages.cliRoleGiven('dora', 'Admin', 'Second'),
    ]);
    expect(await rolesOf('dora')).toEqual([
      { name: 'Field team', role_id: 3 },
      { name: 'Second', role_id: 3 },
    ]);
    // A look-alike of an existing name is taken.
    await expect(addUser(t.db, { username: 'D0RA', password: 'dora password long' })).rejects.toEqual(new CliError(ownMessages.usernameTaken('D0RA')));
  });

  it('grant sets the role of a member, adds a non-member, and never leaves a team without an admin', async () => {
    const orphan = await createTeam(t.db, 'Orphan', []);
    expect(await grantRole(t.db, 'BOB', ['Field team', String(orphan)], 'admin')).toEqual([
      ownMessages.cliRoleGiven('bob', 'Admin', 'Field team'),
      ownMessages.cliRoleGiven('bob', 'Admin', 'Orphan'),
    ]);
    expect(await rolesOf('bob')).toEqual([
      { name: 'Field team', role_id: 3 },
      { name: 'Orphan', role_id: 3 },
    ]);
    await expect(grantRole(t.db, 'bob', ['Orphan'], 'user')).rejects.toEqual(new CliError(ownMessages.lastAdmin));
    expect(await grantRole(t.db, 'bob', ['Field team'], 'user')).toEqual([ownMessages.cliRoleGiven('bob', 'Member', 'Field team')]);
    await expect(grantRole(t.db, 'nobody', ['Orphan'], 'admin')).rejects.toEqual(new CliError(ownMessages.cliUserNotFound('nobody')));
    await expect(grantRole(t.db, 'bob', [], 'admin')).rejects.toEqual(new CliError(ownMessages.cliGrantNeeds));
    await expect(grantRole(t.db, 'bob', ['Orphan'], 'boss')).rejects.toEqual(new CliError(ownMessages.cliBadRole('boss')));
  });

  it('names roles as the console does and accepts those names in any case, beside admin, user, ROLE names and numbers', async () => {
    const team = await createTeam(t.db, 'Names', []);
    const given = async (role: string) => {
      const lines = await grantRole(t.db, 'dora', [String(team)], role);
      return [lines, (await rolesOf('dora')).find((r) => r.name === 'Names')?.role_id];
    };
    for (const [role, id, label] of [
      ['Team lead', 2, 'Team lead'],
      ['team LEAD', 2, 'Team lead'],
      ['TEAMLEADER', 2, 'Team lead'],
      ['member', 1, 'Member'],
      ['user', 1, 'Member'],
      ['1', 1, 'Member'],
      ['No access', 0, 'No access'],
      ['not_authorized', 0, 'No access'],
      ['ADMIN', 3, 'Admin'],
      ['3', 3, 'Admin'],
    ] as const) {
      expect(await given(role)).toEqual([[ownMessages.cliRoleGiven('dora', label, 'Names')], id]);
    }
    expect((await listUsers(t.db)).find((l) => l.includes(' dora'))).toContain(`Names (#${team}, Admin)`);
    await expect(grantRole(t.db, 'dora', ['Names'], '4')).rejects.toEqual(new CliError(ownMessages.cliBadRole('4')));
    expect(ownMessages.cliUsage).toContain("'Admin', 'Team lead', 'Member', 'No access'");
  });
});

describe('npm run user on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pucs-cli-'));
  const config = readConfig({ PUCS_DATA_DIR: dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) };
    return { code: await runUserCli(argv, config, io), out, err };
  };

  it('refuses while a running server holds the data dir, then works on a fresh one', async () => {
    mkdirSync(dataDir, { recursive: true });
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFilePath(dataDir), `${server.pid}\n`);
      const refused = await run('add', 'dave', '--password', 'dave password');
      expect(refused).toEqual({ code: 1, out: [], err: [ownMessages.cliServerHoldsUsers(resolve(dataDir), server.pid as number)] });
      // It says what to do through the running server, never to stop it.
      expect(refused.err[0]).toContain('Users');
      expect(refused.err[0]).not.toMatch(/stop/i);
    } finally {
      server.kill();
      await new Promise((r) => server.on('exit', r));
    }

    // The server is gone: its pid file is stale and the CLI migrates the new database itself.
    expect(await run('add', 'dave', '--password', 'dave password')).toEqual({
      code: 0,
      out: [ownMessages.cliUserAdded('dave')],
      err: [],
    });
    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toEqual([expect.stringMatching(/^ {3}1 {2}dave$/)]);

    const opened = await openConfiguredDatabase(config);
    try {
      const { rows } = await opened.db.query<{ password_hash: string }>('SELECT password_hash FROM "user"');
      expect(await verifyPassword('dave password', rows[0].password_hash)).toBe(true);
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('explains its usage', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('add')).err).toEqual([ownMessages.cliUsage]);
    expect((await run('frobnicate')).code).toBe(2);
    expect(await run('--help')).toEqual({ code: 0, out: [ownMessages.cliUsage], err: [] });
    // grant reads --team repeated and --teams lists, and needs a role.
    expect(await run('grant', 'dave', '--team', 'Nope', '--teams', 'Other,Third', '--role', 'admin')).toEqual({
      code: 1,
      out: [],
      err: [ownMessages.cliTeamNotFound('Nope')],
    });
    expect(await run('grant', 'dave', '--teams', 'Nope')).toEqual({ code: 1, out: [], err: [ownMessages.cliGrantNeeds] });
  });

  it('runs as a command and says clearly when the database is in use', () => {
    // Our own vitest worker is a live Node process other than the CLI's.
    writeFileSync(lockFilePath(dataDir), `${process.pid}\n`);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/user.ts', 'list'], {
      // The embedded database is the one with a lock, even when the suite runs on PostgreSQL.
      env: { ...process.env, PUCS_DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    rmSync(lockFilePath(dataDir));
    expect(r.stderr.trim()).toBe(ownMessages.cliServerHoldsUsers(resolve(dataDir), process.pid));
    expect(r.status).toBe(1);
  });
});
