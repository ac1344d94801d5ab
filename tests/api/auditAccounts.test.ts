/**
 * The audit entries of people and tokens (issue 29): a user made with an invitation link, a new
 * link, a password chosen from one, a user made straight into a team, and an API token made and
 * revoked. Each is read back through GET /api/audit, as a server administrator reads it, and no
 * entry carries the link's or the token's secret.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/csrf';
import { adminWithTeam, api, createTestApp, createUser, signIn, type Client, type TestApp } from './helpers';
import { VALUE_MAX } from '../../server/audit/changes';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';

let t: TestApp;
let root: Client;
let rootId: number;

type Entry = { user_id: number | null; token_id: number | null; team_id: number | null; category: string; object_id: number | null; object_name: string | null; action: string; changes: Record<string, unknown> | null };

const entries = async (filter: Record<string, unknown>): Promise<Entry[]> => {
  const res = await root.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};
const secretOf = (url: string) => url.split('#')[1];

beforeAll(async () => {
  t = await createTestApp();
  rootId = await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', 'correct horse battery'));
});
afterAll(() => t.close());

it('records an invitation, a new link and the password chosen from it, without the link', async () => {
  const made = await root.post('/api/user', { username: 'colleague' });
  expect(made.statusCode, made.body).toBe(201);
  const { id, invitation_url: first } = made.json() as { id: number; invitation_url: string };
  const again = await root.post(`/api/user_invitation/${id}`);
  expect(again.statusCode, again.body).toBe(201);
  const second = (again.json() as { invitation_url: string }).invitation_url;
  const accepted = await t.app.inject({ method: 'POST', url: `/api/invitation/${secretOf(second)}`, headers: CSRF_HEADER, payload: { password: 'a fine long password' } });
  expect(accepted.statusCode, accepted.body).toBe(204);

  const mine = await entries({ category: 'user', object_id: id });
  expect(mine.map((e) => [e.action, e.user_id])).toEqual([
    ['accept_invitation', id],
    ['invite', rootId],
    ['invite', rootId],
    ['create', rootId],
  ]);
  const text = JSON.stringify(mine);
  expect(text).not.toContain(secretOf(first));
  expect(text).not.toContain(secretOf(second));
  expect(text).not.toContain('a fine long password');
});

it('records the team a user is made straight into, for that team', async () => {
  const { teamId } = await adminWithTeam(t, 'captain');
  const made = await root.post('/api/user', { username: 'joiner', join_team_id: teamId, join_role_id: 3 });
  expect(made.statusCode, made.body).toBe(201);
  const joined = await entries({ category: 'role', team_id: teamId, action: 'create' });
  expect(joined.some((e) => e.user_id === rootId && JSON.stringify(e.changes).includes(String(made.json().id)))).toBe(true);
});

it('records a token made and revoked, by the user, without the token', async () => {
  const made = await root.post('/api/tokens', { name: 'pipeline', expires_in_days: 30 });
  expect(made.statusCode, made.body).toBe(201);
  const { id, token } = made.json() as { id: number; token: string };
  expect((await root.del(`/api/tokens/${id}`)).statusCode).toBe(204);
  const mine = await entries({ category: 'token', object_id: id });
  expect(mine.map((e) => [e.action, e.user_id, e.object_name])).toEqual([
    ['delete', rootId, 'pipeline'],
    ['create', rootId, 'pipeline'],
  ]);
  expect(JSON.stringify(mine)).not.toContain(token.split('_').at(-1));
});

it("records a change made with a token as the token's", async () => {
  const { client, teamId } = await adminWithTeam(t, 'builder');
  const made = await client.post('/api/tokens', { name: 'ci', expires_in_days: 30 });
  const { id, token } = made.json() as { id: number; token: string };
  const created = await t.app.inject({ method: 'POST', url: '/api/type', headers: { authorization: `Bearer ${token}` }, payload: { name: 'by token', team_id: teamId } });
  expect(created.statusCode, created.body).toBe(201);
  const [entry] = await entries({ category: 'type', object_id: created.json().id });
  expect(entry).toMatchObject({ action: 'create', token_id: id, team_id: teamId });
});

it("never lets a token make a new sign-in link for its own user (a stolen token would take the account)", async () => {
  const made = await root.post('/api/tokens', { name: 'admin script', expires_in_days: 30 });
  const { token } = made.json() as { token: string };
  const res = await t.app.inject({ method: 'POST', url: `/api/user_invitation/${rootId}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(403);
  // The password still signs in: nothing was taken.
  expect(await signIn(t.app, 'root', 'correct horse battery')).toBeTruthy();
});

it('keeps an object name in an entry as short as any value (a configuration is named by its whole text)', async () => {
  const { client, teamId } = await adminWithTeam(t, 'configurer');
  const text = JSON.stringify({ big: 'x'.repeat(20_000) });
  const made = await client.post('/api/config', { config: text, team_id: teamId });
  expect(made.statusCode, made.body).toBe(201);
  const [entry] = await entries({ category: 'config', object_id: made.json().id });
  expect(entry.object_name!.length).toBeLessThanOrEqual(VALUE_MAX + 1);
});

it("never lets a read-only token make a device's first credentials by downloading them", async () => {
  const { client, teamId } = await adminWithTeam(t, 'keeper');
  const typeId = (await client.post('/api/type', { name: 'board', team_id: teamId })).json().id as number;
  const device = (await client.post('/api/device', { name: 'dev', team_id: teamId, type_id: typeId, uid_for_type: 'k1' })).json().id as number;
  const { token } = (await client.post('/api/tokens', { name: 'reader', expires_in_days: 30, read_only: true })).json() as { token: string };
  const read = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  expect((await read(`/api/download/private_key/${device}`)).statusCode).toBe(403);
  expect((await t.db.query('SELECT 1 FROM device_certificate WHERE device_id = $1', [device])).rows).toEqual([]);
  // Once made (by an admin's session), reading them is a read.
  expect((await client.get(`/api/download/certificate/${device}`)).statusCode).toBe(200);
  expect((await read(`/api/download/private_key/${device}`)).statusCode).toBe(200);
});

it('refuses to start with an invitation lifetime that is not a whole number of days', () => {
  for (const days of ['-1', 'a week', '0'])
    expect(startupProblems(readConfig({ PUCS_INVITATION_DAYS: days })).join('\n')).toContain('PUCS_INVITATION_DAYS');
  expect(startupProblems(readConfig({ PUCS_INVITATION_DAYS: '14' }))).toEqual([]);
});
