/**
 * What the audit shows of user administration (issue 29's review, leftovers): an entry's changes
 * list what a person changed, never a column the server derives for itself (a username's
 * look-alike key); and who may read the audit is the server's answer (GET /api/current_user's
 * `audit_team_ids`), which the console follows instead of spelling the rule again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTestApp, createUser, memberOf, ROLE, signIn, type Client, type TestApp } from './helpers';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let root: Client;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', PASSWORD));
});
afterAll(() => t.close());

const changesOf = async (id: number, action: string) => {
  const filter = encodeURIComponent(JSON.stringify({ category: 'user', object_id: id, action }));
  const res = await root.get(`/api/audit?filter=${filter}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { changes: Record<string, unknown> }[]).map((e) => e.changes);
};

describe("a user's entries", () => {
  it('a creation and a rename list the username, never its derived look-alike key', async () => {
    const made = await root.post('/api/user', { username: 'newcomer', password: 'a long enough password' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const [created] = await changesOf(id, 'create');
    expect(created).toHaveProperty('username', { before: null, after: 'newcomer' });
    expect(Object.keys(created)).not.toContain('username_key');
    expect((await root.put(`/api/user/${id}`, { username: 'newcomer2' })).statusCode).toBe(200);
    const [renamed] = await changesOf(id, 'update');
    expect(Object.keys(renamed)).toEqual(['username']);
  });
});

describe('who reads the audit, as GET /api/current_user says', () => {
  it('a server administrator: every team (null); a team admin: the teams they administer; a member: none', async () => {
    expect((await root.get('/api/current_user')).json().audit_team_ids).toBeNull();
    const captain = await adminWithTeam(t, 'captain');
    const crew = await memberOf(t, 'crew', [captain.teamId], ROLE.USER);
    expect((await captain.client.get('/api/current_user')).json().audit_team_ids).toEqual([captain.teamId]);
    expect((await crew.get('/api/current_user')).json().audit_team_ids).toEqual([]);
    // The same rule answers the audit itself.
    expect((await captain.client.get('/api/audit')).statusCode).toBe(200);
    expect((await crew.get('/api/audit')).statusCode).toBe(403);
  });

  it("with an API token: the token's teams only, never every team when limited; a read-only token reads all the same", async () => {
    const chief = await adminWithTeam(t, 'chief');
    const other = (await chief.client.post('/api/team', { name: 'chief other team' })).json().id as number;
    expect((await chief.client.put(`/api/team/${chief.teamId}`, { name: 'chief team renamed' })).statusCode).toBe(200);
    const tokenOf = async (client: Client, body: Record<string, unknown>) => {
      const made = await client.post('/api/tokens', { name: 'reader', expires_in_days: 1, ...body });
      expect(made.statusCode, made.body).toBe(201);
      const token = made.json().token as string;
      return (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    };
    const limited = await tokenOf(chief.client, { team_ids: [chief.teamId] });
    expect((await limited('/api/current_user')).json().audit_team_ids).toEqual([chief.teamId]);
    const seen = (await limited('/api/audit')).json() as { team_id: number | null }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.team_id === chief.teamId)).toBe(true);
    const readOnly = await tokenOf(chief.client, { read_only: true });
    expect(((await readOnly('/api/current_user')).json().audit_team_ids as number[]).sort()).toEqual([chief.teamId, other].sort());
    const rootTeam = (await root.post('/api/team', { name: 'root team' })).json().id as number;
    const rootLimited = await tokenOf(root, { team_ids: [rootTeam] });
    expect((await rootLimited('/api/current_user')).json().audit_team_ids).toEqual([rootTeam]);
    expect((await rootLimited(`/api/audit?filter=${encodeURIComponent(JSON.stringify({ team_id: other }))}`)).json()).toEqual([]);
    expect((await (await tokenOf(root, {}))('/api/current_user')).json().audit_team_ids).toBeNull();
  });
});
