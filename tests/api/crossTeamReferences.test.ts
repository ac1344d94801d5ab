/**
 * References across teams: lists of documents (kind refList) name documents of the object's team
 * only, a collection or document in use keeps its team, expansions across teams show the summary
 * only. The rules themselves are generic (server/crud/references.ts, locks.ts; declaredRules.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory, typeErrorOf } from '../../src/schemas';
import { adminWithTeam, api, createTestApp, createUser, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk, fixtureName, twoTeamsWithEverything, type Ids } from './crudFixtures';

let t: TestApp;
let alice: Ids;
let bob: Ids;
let aliceClient: Client;
let bobClient: Client;
let carol: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ alice, bob, aliceClient, bobClient } = await twoTeamsWithEverything(t));
  // carol administers both teams: she sees both, and still may not mix them.
  const carolId = await createUser(t.db, 'carol', 'correct horse battery');
  for (const team of [alice.team, bob.team]) {
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team, carolId, ROLE.ADMIN]);
  }
  carol = api(t.app, await signIn(t.app, 'carol', 'correct horse battery'));
});
afterAll(() => t.close());

const description = (res: { json(): unknown }) => (res.json() as { Description?: string }).Description;

async function expectError(res: Promise<{ statusCode: number; json(): unknown }>, status: number, text: string) {
  const r = await res;
  expect(description(r)).toBe(text);
  expect(r.statusCode).toBe(status);
}

describe('lists of documents (basic_docs_list) are references too', () => {
  it("cannot name a document of a team the caller cannot see: not found, like an unknown id", async () => {
    const notFound = ownMessages.referenceNotFound('Documents');
    const body = (list: unknown) => ({ name: 'sneaky coll', team_id: bob.team, basic_docs_list: list });
    await expectError(bobClient.post('/api/documents_collection', body([{ id: alice.basic_document }])), 400, notFound);
    await expectError(bobClient.post('/api/documents_collection', body([alice.basic_document])), 400, notFound);
    await expectError(bobClient.post('/api/documents_collection', body([{ id: 999_999 }])), 400, notFound);
    await expectError(bobClient.put(`/api/documents_collection/${bob.documents_collection}`, { basic_docs_list: [{ id: alice.basic_document }] }), 400, notFound);
  });

  it('cannot name a document of another team, even for an admin of both', async () => {
    const other = ownMessages.referenceOtherTeam('Documents');
    await expectError(
      carol.post('/api/documents_collection', { name: 'mixed coll', team_id: bob.team, basic_docs_list: [{ id: bob.basic_document }, { id: alice.basic_document }] }),
      400,
      other,
    );
  });

  it('must be a list of ids or { id } objects', async () => {
    const shape = typeErrorOf(mustGetCategory('documents_collection').fields.basic_docs_list);
    for (const list of ['x', { id: bob.basic_document }, [{ id: 'a' }], [{}], [0], [-1], [1.5], [null], [[bob.basic_document]]]) {
      await expectError(bobClient.put(`/api/documents_collection/${bob.documents_collection}`, { basic_docs_list: list }), 400, shape);
    }
  });

  it("accepts the team's own documents, in either form, and an empty list", async () => {
    const doc2 = (await createOk(bobClient, 'basic_document', { name: 'doc B2', team_id: bob.team, doc_type: 'link', content: 'https://x.example' })).id;
    const created = await createOk(bobClient, 'documents_collection', { name: 'coll B2', team_id: bob.team, basic_docs_list: [{ id: doc2 }, bob.basic_document] });
    // Stored in one form, the spec's list of {id} (issue 31), whichever form was sent.
    expect(created.basic_docs_list).toEqual([{ id: doc2 }, { id: bob.basic_document }]);
    for (const list of [[], null, [{ id: doc2 }]]) {
      const res = await bobClient.put(`/api/documents_collection/${bob.documents_collection}`, { basic_docs_list: list });
      expect(res.statusCode, JSON.stringify(list)).toBe(200);
    }
  });

  it("moving an object to another team re-checks its documents", async () => {
    const coll = await createOk(carol, 'documents_collection', { name: 'movable coll', team_id: bob.team, basic_docs_list: [{ id: bob.basic_document }] });
    await expectError(carol.put(`/api/documents_collection/${coll.id}`, { team_id: alice.team }), 400, ownMessages.referenceOtherTeam('Documents'));
    expect((await carol.get(`/api/documents_collection/${coll.id}`)).json().team_id).toBe(bob.team);
  });

  it("a list in another team (stored before these checks) does not stop the owner deleting their document", async () => {
    const doc = (await createOk(aliceClient, 'basic_document', { name: 'doc A legacy', team_id: alice.team, doc_type: 'text', content: 'x' })).id as number;
    await t.db.query(`UPDATE documents_collection SET basic_docs_list = $1::jsonb WHERE id = $2`, [JSON.stringify([{ id: doc }]), bob.documents_collection]);
    const res = await aliceClient.del(`/api/basic_document/${doc}`);
    expect(res.statusCode).toBe(200);
    // Used in its own team, it still cannot go.
    await expectError(aliceClient.del(`/api/basic_document/${alice.basic_document}`), 409, ownMessages.inUseBy(fixtureName('basic_document', 'A'), "type 'type A', firmware 'firmware A', group 'devices_group A', device 'device A'"));
  });
});

describe('the team of a document or collection in use cannot change', () => {
  it('a collection used as the documentation of an object keeps its team', async () => {
    await expectError(carol.put(`/api/documents_collection/${bob.documents_collection}`, { team_id: alice.team }), 409, ownMessages.fieldCannotChange('Team'));
    expect((await carol.get(`/api/documents_collection/${bob.documents_collection}`)).json().team_id).toBe(bob.team);
    // The device that uses it still expands nothing of another team.
    expect((await bobClient.get(`/api/device/${bob.device}`)).json().documents_collection_id).toBe(bob.documents_collection);
  });

  it('a document listed in a collection or by a device keeps its team; an unused one may move', async () => {
    await expectError(carol.put(`/api/basic_document/${bob.basic_document}`, { team_id: alice.team }), 409, ownMessages.fieldCannotChange('Team'));
    const loose = (await createOk(carol, 'basic_document', { name: 'loose doc', team_id: bob.team, doc_type: 'text', content: 'x' })).id;
    const moved = await carol.put(`/api/basic_document/${loose}`, { team_id: alice.team });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().team_id).toBe(alice.team);
  });
});

describe('expansions across teams show the summary only', () => {
  // A user sees the usernames of their teams' members only (userDirectory.test.ts),
  // so an author who shares no team with the caller now is answered by id alone (username null).
  it("an author who left the team: their id, not their username nor their other fields", async () => {
    const daveId = await createUser(t.db, 'dave', 'correct horse battery');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [alice.team, daveId, ROLE.ADMIN]);
    await t.db.query(`UPDATE "user" SET preferences = '{"secret":"dave-private"}'::jsonb WHERE id = $1`, [daveId]);
    const dave = api(t.app, await signIn(t.app, 'dave', 'correct horse battery'));
    const type = (await createOk(dave, 'type', { name: 'dave type', team_id: alice.team })).id;
    await t.db.query('DELETE FROM role WHERE user_id = $1', [daveId]);

    expect((await aliceClient.get(`/api/user/${daveId}`)).statusCode).toBe(404);
    const full = await aliceClient.get(`/api/full/type/${type}`);
    expect(full.json().author).toEqual({ id: daveId, username: null });
    const asked = await aliceClient.get(`/api/type/${type}?fields=name,user(username,id,preferences,is_server_admin)`);
    expect(asked.body).not.toContain('dave-private');
    expect(asked.statusCode).toBe(400);
    expect(description(asked)).toBe(ownMessages.unknownField('user.preferences'));
    // The summary fields are asked fine, but the former member's name is not answered.
    const ok = await aliceClient.get(`/api/type/${type}?fields=name,user(username,id)`);
    expect(ok.json()).toEqual({ name: 'dave type', author: { id: daveId, username: null } });
  });

  it("a team's members: username and id, not their preferences", async () => {
    const res = await aliceClient.get(`/api/role?fields=user(username,preferences)`);
    expect(res.statusCode).toBe(400);
    const list = await aliceClient.get(`/api/full/team/${alice.team}?fields=role(username,role_id)`);
    expect(list.statusCode).toBe(200);
  });
});

describe('roles (regression: what a team admin may not do)', () => {
  it("an admin of one team cannot make anybody admin of another, nor move a role there", async () => {
    const erin = await createUser(t.db, 'erin', 'correct horse battery');
    await expectError(aliceClient.post('/api/role', { team_id: bob.team, user_id: erin, role_id: ROLE.ADMIN }), 403, messages.onlyAdminsCanModify);
    const own = await createOk(aliceClient, 'role', { team_id: alice.team, username: 'erin', role_id: ROLE.ADMIN });
    await expectError(aliceClient.put(`/api/role/${own.id}`, { team_id: bob.team }), 403, messages.onlyAdminsCanModify);
    // bob's own role is not even visible to alice.
    await expectError(aliceClient.put(`/api/role/${bob.role}`, { role_id: ROLE.USER }), 404, ownMessages.notFound);
  });
});

describe("a user's preferences are theirs", () => {
  it('any signed-in user can make anybody a teammate, and still not read their preferences', async () => {
    const victimId = await createUser(t.db, 'victim', 'correct horse battery');
    await t.db.query(`UPDATE "user" SET preferences = '{"note":"victim-private"}'::jsonb WHERE id = $1`, [victimId]);
    const mallory = (await adminWithTeam(t, 'mallory')).client;
    const team = (await createOk(mallory, 'team', { name: 'bait' })).id;
    await createOk(mallory, 'role', { team_id: team, username: 'victim', role_id: ROLE.USER });

    for (const url of [`/api/user/${victimId}`, `/api/full/user/${victimId}`, '/api/user', '/api/full/user', '/api/user?range=[0,99]', '/api/user?fields=id,preferences']) {
      const res = await mallory.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('victim-private');
    }
    const one = (await mallory.get(`/api/user/${victimId}`)).json();
    expect(one).toMatchObject({ id: victimId, username: 'victim', preferences: null });

    // The user reads their own, and so does the server administrator.
    const victim = api(t.app, await signIn(t.app, 'victim', 'correct horse battery'));
    expect((await victim.get(`/api/user/${victimId}`)).json().preferences).toEqual({ note: 'victim-private' });
    expect((await victim.get('/api/user?fields=id,preferences')).json().json_list).toContainEqual({ id: victimId, preferences: { note: 'victim-private' } });
    await createUser(t.db, 'root2', 'correct horse battery', { serverAdmin: true });
    const root = api(t.app, await signIn(t.app, 'root2', 'correct horse battery'));
    expect((await root.get(`/api/user/${victimId}`)).json().preferences).toEqual({ note: 'victim-private' });
  });
});
