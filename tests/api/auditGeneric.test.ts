/**
 * The audit log of the generic layer (server/crud/write.ts, server/audit/): every create, update
 * and delete of every category writes its entry, with the fields changed before and after and
 * never a secret; a refused change writes none; a team admin reads only their teams' entries;
 * nothing changes or deletes an entry; the retention removes the old ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas/index';
import { ownMessages } from '../../src/messages';
import { pruneAudit } from '../../server/audit/retention';
import { api, createUser, expectError, memberOf, ROLE, signIn, type Client, type TestApp, createTestApp } from './helpers';
import { twoTeamsWithEverything, type Ids } from './crudFixtures';

let t: TestApp;
let alice: Ids;
let bob: Ids;
let aliceClient: Client;
let bobClient: Client;
let root: Client;
let rootCookie: string;

type Entry = { id: number; at: string; user_id: number | null; username: string | null; team_id: number | null; category: string; object_id: number | null; object_name: string | null; action: string; changes: Record<string, unknown> | null };

const entries = async (client: Client, filter: Record<string, unknown> = {}, range = [0, 999]): Promise<Entry[]> => {
  const res = await client.get(`/api/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${JSON.stringify(range)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};
const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry')).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  ({ alice, bob, aliceClient, bobClient } = await twoTeamsWithEverything(t));
  await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
  rootCookie = await signIn(t.app, 'root', 'correct horse battery');
  root = api(t.app, rootCookie);
});
afterAll(() => t.close());

describe('generic writes', () => {
  it.each(categories.filter((c) => c.scope !== 'user').map((c) => [c.key]))('creating a %s wrote its entry in its team, by its author', async (key) => {
    const [entry] = await entries(aliceClient, { category: key, object_id: alice[key], action: 'create' });
    expect(entry).toMatchObject({ username: 'alice', category: key, object_id: alice[key], action: 'create', team_id: alice.team });
  });

  it("a create lists the values the object has, not its empty fields ('Notes: ∅ → ∅')", async () => {
    const made = await aliceClient.post('/api/devices_group', { name: 'Empty notes', team_id: alice.team, type_id: alice.type, notes: '' });
    expect(made.statusCode, made.body).toBe(201);
    const [entry] = await entries(aliceClient, { category: 'devices_group', object_id: (made.json() as { id: number }).id, action: 'create' });
    expect(entry.changes).toMatchObject({ name: { before: null, after: 'Empty notes' } });
    expect(Object.keys(entry.changes ?? {})).not.toContain('notes');
  });

  it('an update records the fields changed, before and after, and nothing else', async () => {
    const res = await aliceClient.put(`/api/device/${alice.device}`, { name: 'Renamed', notes: 'moved to shelf 3' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(aliceClient, { category: 'device', object_id: alice.device, action: 'update' });
    expect(entry.object_name).toBe('Renamed');
    expect(entry.changes).toEqual({ name: { before: 'device A', after: 'Renamed' }, notes: { before: expect.anything(), after: 'moved to shelf 3' } });
  });

  it('an update that changes nothing writes no entry', async () => {
    const before = await count();
    const same = (await aliceClient.get(`/api/group/${alice.devices_group}`)).json() as { name: string };
    expect((await aliceClient.put(`/api/devices_group/${alice.devices_group}`, { name: same.name })).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('a refused change writes no entry', async () => {
    const before = await count();
    const other = (await aliceClient.get(`/api/firmware/${alice.firmware}`)).json() as { name: string };
    // Refused before the statement (a name already used), and by a permission.
    expect((await aliceClient.post('/api/devices_group', { name: 'x', team_id: alice.team, type_id: 999_999 })).statusCode).toBe(400);
    expect((await bobClient.put(`/api/device/${alice.device}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await aliceClient.put(`/api/firmware/${alice.firmware}`, { name: other.name, version: 'not semver' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a delete records the object as it was', async () => {
    const made = await aliceClient.post('/api/documents_collection', { name: 'Gone soon', team_id: alice.team, basic_docs_list: [] });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: number }).id;
    expect((await aliceClient.del(`/api/documents_collection/${id}`)).statusCode).toBe(200);
    const [entry] = await entries(aliceClient, { category: 'documents_collection', object_id: id, action: 'delete' });
    expect(entry.object_name).toBe('Gone soon');
    expect(entry.changes).toMatchObject({ name: { before: 'Gone soon', after: null }, team_id: { before: alice.team, after: null } });
  });

  it('a password change says the password changed, never a hash or the password', async () => {
    const password = 'a brand new passphrase';
    const res = await aliceClient.put(`/api/user/${alice.user}`, { password, current_password: 'correct horse battery' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries(root, { category: 'user', object_id: alice.user, action: 'update' });
    expect(entry.changes).toEqual({ password_hash: { secret: true } });
    const { rows } = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM "user" WHERE id = $1', [alice.user]);
    const all = JSON.stringify(await entries(root));
    expect(all).not.toContain(password);
    expect(all).not.toContain(rows[0].password_hash);
    // Back as it was, for the other tests' sign-ins.
    await t.db.query('UPDATE "user" SET password_hash = (SELECT password_hash FROM "user" WHERE username = $1) WHERE id = $2', ['bob', alice.user]);
  });

  it('moving an object to another team is in both teams\' entries', async () => {
    const both = await memberOf(t, 'carol', [alice.team, bob.team]);
    const made = await both.post('/api/documents_collection', { name: 'Travelling', team_id: alice.team, basic_docs_list: [] });
    const id = (made.json() as { id: number }).id;
    expect((await both.put(`/api/documents_collection/${id}`, { team_id: bob.team })).statusCode).toBe(200);
    for (const [client, team] of [[aliceClient, alice.team], [bobClient, bob.team]] as const) {
      const [entry] = await entries(client, { category: 'documents_collection', object_id: id, action: 'update' });
      expect(entry).toMatchObject({ team_id: team, changes: { team_id: { before: alice.team, after: bob.team } } });
    }
  });
});

describe('who reads what', () => {
  it("a team admin reads their teams' entries only; a filter naming another team matches nothing", async () => {
    const seen = await entries(bobClient);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.team_id === bob.team)).toBe(true);
    expect(await entries(bobClient, { team_id: alice.team })).toEqual([]);
    expect(await entries(bobClient, { category: 'device', object_id: alice.device })).toEqual([]);
  });

  it('a member who administers no team is refused; a server administrator reads all', async () => {
    const member = await memberOf(t, 'dave', [alice.team], ROLE.USER);
    await expectError(member.get('/api/audit'), 403, ownMessages.auditAdminsOnly);
    await expectError(member.get('/api/download/audit'), 403, ownMessages.auditAdminsOnly);
    const all = await entries(root);
    expect(new Set(all.map((e) => e.team_id))).toEqual(new Set([alice.team, bob.team, null]));
  });

  it('pages like the lists: range, sort and Content-Range', async () => {
    const res = await aliceClient.get('/api/audit?range=[0,1]&sort=["at","ASC"]');
    expect(res.statusCode).toBe(200);
    const total = (await entries(aliceClient)).length;
    expect(res.headers['content-range']).toBe(`audit 0-1/${total}`);
    const [first] = res.json() as Entry[];
    expect(first).toMatchObject({ category: 'team', action: 'create' });
    expect((await aliceClient.get('/api/audit?filter={"from":"2999-01-01"}')).headers['content-range']).toBe('audit */0');
    await expectError(aliceClient.get('/api/audit?filter={"colour":"red"}'), 400, ownMessages.auditFilterUnknown('colour', ['team_id', 'user_id', 'category', 'object_id', 'action', 'from', 'to']));
    await expectError(aliceClient.get('/api/audit?filter={"to":"yesterday"}'), 400, ownMessages.auditFilterInvalid('to'));
  });

  it('counts a total up to 1,000 entries, and says more than that as *', async () => {
    await t.db.query("INSERT INTO audit_entry (team_id, category, action) SELECT $1, 'device', 'counted' FROM generate_series(1, 1001)", [bob.team]);
    const res = await bobClient.get('/api/audit?filter={"action":"counted"}&range=[0,9]');
    expect(res.headers['content-range']).toBe('audit 0-9/*');
    await t.db.query("DELETE FROM audit_entry WHERE action = 'counted' AND id IN (SELECT id FROM audit_entry WHERE action = 'counted' LIMIT 2)");
    expect((await bobClient.get('/api/audit?filter={"action":"counted"}&range=[0,9]')).headers['content-range']).toBe('audit 0-9/999');
  });

  it('exports the same entries as CSV', async () => {
    const res = await aliceClient.get('/api/download/audit?filter={"category":"device"}');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,user_id,username,token_id,device_id,team_id,category,object_id,object_name,action,changes');
    expect(lines.length - 1).toBe((await entries(aliceClient, { category: 'device' })).length);
  });
});

describe('entries are kept as written', () => {
  it('no call changes or deletes an entry', async () => {
    const [entry] = await entries(root);
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      for (const url of ['/api/audit', `/api/audit/${entry.id}`]) {
        const res = await t.app.inject({ method, url, headers: { 'x-requested-with': 'pucs', cookie: rootCookie }, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    const [again] = await entries(root, {}, [0, 0]);
    expect(again).toEqual(entry);
    // Not even the database's own statement: entries are append-only.
    await expect(t.db.query("UPDATE audit_entry SET action = 'nothing' WHERE id = $1", [entry.id])).rejects.toThrow(/cannot be changed/);
  });

  it('the retention removes entries older than PUCS_AUDIT_DAYS and keeps the others', async () => {
    await t.db.query("INSERT INTO audit_entry (at, category, action) VALUES (now() - interval '400 days', 'device', 'old'), (now() - interval '300 days', 'device', 'recent')");
    const before = await count();
    expect(await pruneAudit(t.db, 365)).toBe(1);
    expect(await count()).toBe(before - 1);
    const { rows } = await t.db.query<{ action: string }>("SELECT action FROM audit_entry WHERE action IN ('old', 'recent')");
    expect(rows.map((r) => r.action)).toEqual(['recent']);
  });
});
