/**
 * Cross-team isolation, for every category of the registry and every verb: an object of a team
 * the caller is not in is exactly as absent as an id that does not exist. The objects are built
 * from the declarations (crudFixtures.ts), so a new category is covered with no edit here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas/index';
import { messages, ownMessages } from '../../src/messages';
import { api, createTestApp, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { harmlessUpdate, twoTeamsWithEverything, type Ids } from './crudFixtures';

let t: TestApp;
let alice: Ids;
let bob: Ids;
let aliceClient: Client;
let bobClient: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ alice, bob, aliceClient, bobClient } = await twoTeamsWithEverything(t));
});
afterAll(() => t.close());

const NOT_FOUND = { Description: ownMessages.notFound };
const UNKNOWN_ID = 999_999;

describe.each(categories.map((c) => [c.key]))('%s of another team', (key) => {
  const url = (id: number) => `/api/${key}/${id}`;
  let update: Record<string, unknown>;
  beforeAll(async () => {
    update = await harmlessUpdate(aliceClient, key, alice[key]);
  });

  it('GET one and GET full one answer 404 like an unknown id', async () => {
    for (const prefix of ['/api', '/api/full']) {
      const other = await bobClient.get(`${prefix}/${key}/${alice[key]}`);
      const unknown = await bobClient.get(`${prefix}/${key}/${UNKNOWN_ID}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(NOT_FOUND);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
      // The owner does see it.
      expect((await aliceClient.get(`${prefix}/${key}/${alice[key]}`)).statusCode).toBe(200);
    }
  });

  it('is absent from the list and the full list, where the caller finds their own', async () => {
    for (const prefix of ['/api', '/api/full']) {
      const res = await bobClient.get(`${prefix}/${key}`);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().json_list as { id: number }[]).map((o) => o.id);
      expect(ids).not.toContain(alice[key]);
      expect(ids).toContain(bob[key]);
    }
  });

  it('PUT answers 404 and changes nothing', async () => {
    const before = (await aliceClient.get(url(alice[key]))).json();
    const res = await bobClient.put(url(alice[key]), update);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await aliceClient.get(url(alice[key]))).json()).toEqual(before);
  });

  it('DELETE answers 404 and the object is still there', async () => {
    const res = await bobClient.del(url(alice[key]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await aliceClient.get(url(alice[key]))).statusCode).toBe(200);
  });

  it('signed out callers get 401', async () => {
    const out = api(t.app);
    expect((await out.get(`/api/${key}`)).statusCode).toBe(401);
    expect((await out.get(url(alice[key]))).statusCode).toBe(401);
    expect((await out.put(url(alice[key]), update)).statusCode).toBe(401);
    expect((await out.del(url(alice[key]))).statusCode).toBe(401);
  });
});

describe('references across teams', () => {
  it('a reference to an object of a team the caller cannot see is not found', async () => {
    const res = await bobClient.post('/api/device', {
      name: 'sneaky',
      team_id: bob.team,
      type_id: alice.type,
      uid_for_type: 'x1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Description: ownMessages.referenceNotFound('Type') });
  });

  it('a member of both teams cannot point an object at another team', async () => {
    const carol = await memberOf(t, 'carol', [alice.team, bob.team]);
    const res = await carol.post('/api/device', { name: 'mixed', team_id: bob.team, type_id: alice.type, uid_for_type: 'x2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Description: ownMessages.referenceOtherTeam('Type') });
    const move = await carol.put(`/api/device/${bob.device}`, { group_id: alice.devices_group });
    expect(move.json()).toEqual({ Description: ownMessages.referenceOtherTeam('Group') });
  });

  it("creating in a team the caller is not in is refused with 403", async () => {
    const res = await bobClient.post('/api/type', { name: 'intruder', team_id: alice.team });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Description: messages.onlyAdminsCanModify });
    const move = await bobClient.put(`/api/type/${bob.type}`, { team_id: alice.team });
    expect(move.statusCode).toBe(403);
  });
});

describe('a plain member of the team', () => {
  let dave: Client;
  beforeAll(async () => {
    dave = await memberOf(t, 'dave', [alice.team], ROLE.USER);
  });

  // The team's own objects: those of scope 'team', whose changes its admins make.
  const teamObjects = categories.filter((c) => c.scope === 'team' && c.permissions.update !== 'serverAdmin');
  it.each(teamObjects.map((c) => [c.key, c]))('sees %s but cannot create, change or delete it', async (key, category) => {
    expect((await dave.get(`/api/${key}/${alice[key]}`)).statusCode).toBe(200);
    const put = await dave.put(`/api/${key}/${alice[key]}`, await harmlessUpdate(aliceClient, key, alice[key]));
    // A category nobody may change answers 405 to everybody.
    const refused = category.permissions.update === 'nobody' ? 405 : 403;
    expect(put.statusCode).toBe(refused);
    if (refused === 403) expect(put.json()).toEqual({ Description: messages.onlyAdminsCanModify });
    const del = await dave.del(`/api/${key}/${alice[key]}`);
    const deleteRefused = category.permissions.delete === 'nobody' ? 405 : 403;
    expect(del.statusCode).toBe(deleteRefused);
    if (deleteRefused === 403) expect(del.json()).toEqual({ Description: messages.onlyAdminsCanModify });
    const post = await dave.post(`/api/${key}`, { team_id: alice.team });
    expect([400, 403]).toContain(post.statusCode);
  });

  it('sees the users of the team, not the others', async () => {
    const names = ((await dave.get('/api/user')).json().json_list as { username: string }[]).map((u) => u.username);
    // carol was added to alice's team above; bob shares no team with dave.
    expect(names.sort()).toEqual(['alice', 'carol', 'dave']);
  });
});
