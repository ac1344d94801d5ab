/**
 * API tokens and accounts (issue 29's attack, leftovers): a token, even an unlimited one of a
 * server administrator, manages no account nor membership (creating users, server administrators,
 * deactivations, passwords, new sign-in links, members and roles need a signed-in session), while
 * what a build pipeline does keeps working; and a new sign-in link, which takes the account back,
 * ends the user's tokens with their password and sessions.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, createUser, expectError, ROLE, signIn, type Client, type TestApp } from './helpers';
import { multipartBody, sha3 } from './firmwareFilesHelpers';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let root: Client;
let rootId: number;
let rootTeam: number;
let other: Awaited<ReturnType<typeof adminWithTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  rootId = await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', PASSWORD));
  rootTeam = (await root.post('/api/team', { name: 'Root team' })).json().id as number;
  other = await adminWithTeam(t, 'colleague');
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A client holding only the token: no cookie, no CSRF header. */
function tokenClient(token: string): Client {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(body === undefined ? {} : { payload: body as object }) });
  return { get: (url) => call('GET', url), post: (url, body) => call('POST', url, body ?? {}), put: (url, body) => call('PUT', url, body ?? {}), del: (url) => call('DELETE', url) };
}

async function tokenOf(client: Client): Promise<string> {
  const res = await client.post('/api/tokens', { name: 'pipeline', expires_in_days: 30 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

describe("a server administrator's unlimited token", () => {
  it('manages no account: creating users, server administrators, deactivations, passwords, new links, deletes', async () => {
    const token = tokenClient(await tokenOf(root));
    const refused = ownMessages.tokenCannotManageAccounts;
    await expectError(token.post('/api/user', { username: 'intruder' }), 403, refused);
    await expectError(token.post('/api/user', { username: 'intruder2', password: 'a long enough password', is_server_admin: true }), 403, refused);
    await expectError(token.put(`/api/user/${other.userId}`, { is_server_admin: true }), 403, refused);
    await expectError(token.put(`/api/user/${other.userId}`, { active: false }), 403, refused);
    await expectError(token.put(`/api/user/${other.userId}`, { password: 'taken over password' }), 403, refused);
    await expectError(token.put(`/api/user/${other.userId}`, { username: 'renamed' }), 403, refused);
    await expectError(token.post(`/api/user_invitation/${other.userId}`), 403, refused);
    await expectError(token.del(`/api/user/${other.userId}`), 403, refused);
    await expectError(token.put(`/api/user/${rootId}`, { preferences: { theme: 'dark' } }), 403, refused);
    // Nothing changed: the colleague signs in as before, no server administrator, active; no user was made.
    expect(await signIn(t.app, 'colleague', other.password)).toBeTruthy();
    const { rows } = await t.db.query('SELECT username, is_server_admin, active FROM "user" WHERE id = $1', [other.userId]);
    expect(rows[0]).toEqual({ username: 'colleague', is_server_admin: false, active: true });
    expect((await t.db.query("SELECT 1 FROM \"user\" WHERE username LIKE 'intruder%'")).rows).toEqual([]);
  });

  it("changes no team's members or roles (an account let in would outlive the token)", async () => {
    const token = tokenClient(await tokenOf(root));
    const refused = ownMessages.tokenCannotManageAccounts;
    await expectError(token.post('/api/role', { team_id: rootTeam, username: 'colleague', role_id: ROLE.ADMIN }), 403, refused);
    const member = await root.post('/api/role', { team_id: rootTeam, username: 'colleague', role_id: ROLE.USER });
    expect(member.statusCode, member.body).toBe(201);
    await expectError(token.put(`/api/role/${member.json().id}`, { role_id: ROLE.ADMIN }), 403, refused);
    await expectError(token.del(`/api/role/${member.json().id}`), 403, refused);
    await expectError(token.put('/api/add_pucs_user_to_team/', { team_id: rootTeam }), 403, refused);
    const { rows } = await t.db.query('SELECT user_id, role_id FROM role WHERE team_id = $1 ORDER BY user_id', [rootTeam]);
    expect(rows).toEqual([
      { user_id: rootId, role_id: ROLE.ADMIN },
      { user_id: other.userId, role_id: ROLE.USER },
    ]);
  });

  it('still does what a build pipeline needs: a type, a firmware and its file, device reads, a configuration', async () => {
    const raw = await tokenOf(root);
    const token = tokenClient(raw);
    const type = await token.post('/api/type', { name: 'sensor', team_id: rootTeam });
    expect(type.statusCode, type.body).toBe(201);
    const bytes = randomBytes(2000);
    const firmware = await token.post('/api/firmware', { name: 'sensor', version: '1.4.2', team_id: rootTeam, type_id: type.json().id, firmware_hash: sha3(bytes) });
    expect(firmware.statusCode, firmware.body).toBe(201);
    const { payload, headers } = multipartBody('firmware', 'sensor.bin', bytes);
    const upload = await t.app.inject({ method: 'POST', url: `/api/upload/firmware/${firmware.json().id}`, payload, headers: { ...headers, ...bearer(raw) } });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const device = await root.post('/api/device', { name: 'd1', team_id: rootTeam, type_id: type.json().id, uid_for_type: 'p1' });
    expect((await token.get(`/api/device/${device.json().id}`)).statusCode).toBe(200);
    expect((await token.get('/api/device?fields=id,name')).statusCode).toBe(200);
    const config = await token.post('/api/config', { config: '{"rate": 5}', team_id: rootTeam });
    expect(config.statusCode, config.body).toBe(201);
  });
});

describe('a new sign-in link', () => {
  it("ends the user's API tokens with their password and sessions", async () => {
    const target = await adminWithTeam(t, 'taken-back');
    const token = tokenClient(await tokenOf(target.client));
    expect((await token.get('/api/current_user')).json().username).toBe('taken-back');
    expect((await root.post(`/api/user_invitation/${target.userId}`)).statusCode).toBe(201);
    await expectError(token.get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
    expect((await t.db.query('SELECT 1 FROM api_token WHERE user_id = $1', [target.userId])).rows).toEqual([]);
  });

  it('and a deactivation, made by another server process, end a token this one had cached', async () => {
    // Another server on the same database (on PostgreSQL its own connections); on PGlite the same database.
    const elsewhere = t.url ? await openDatabase({ url: t.url }) : t.db;
    const second = await buildApp({ db: elsewhere, config: t.config });
    try {
      const rootThere = api(second, await signIn(second, 'root', PASSWORD));
      for (const [name, act] of [
        ['relinked', (id: number) => rootThere.post(`/api/user_invitation/${id}`)],
        ['deactivated', (id: number) => rootThere.put(`/api/user/${id}`, { active: false })],
      ] as const) {
        const target = await adminWithTeam(t, name);
        const token = tokenClient(await tokenOf(target.client));
        expect((await token.get('/api/current_user')).json().username).toBe(name);
        const done = await act(target.userId);
        expect(done.statusCode, done.body).toBeLessThan(300);
        await expect.poll(async () => (await token.get('/api/current_user')).statusCode).toBe(401);
        await expectError(token.get('/api/type?fields=id,name,team_id'), 401, ownMessages.signInRequired);
      }
    } finally {
      await second.close();
      if (elsewhere !== t.db) await elsewhere.close();
    }
  });
});
