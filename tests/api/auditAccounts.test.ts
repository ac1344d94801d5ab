/**
 * The audit entries of people and tokens (issue 29): a user made with an invitation link, a new
 * link, a password chosen from one, a user made straight into a team, and an API token made and
 * revoked. Each is read back through GET /api/audit, as a server administrator reads it, and no
 * entry carries the link's or the token's secret.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../src/csrf';
import { adminWithTeam, api, createTestApp, createUser, signIn, type Client, type TestApp } from './helpers';

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
