/**
 * Cross-team isolation, for every category of the registry and every verb: an object of a team
 * the caller is not in is exactly as absent as an id that does not exist (isolationSuite.ts). The
 * objects are built from the declarations (tests/fixtures/makeObjects.ts), so a new category is
 * covered with no edit here; the references across teams are the product's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas/index';
import { messages, ownMessages } from '../../src/messages';
import { createTestApp, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { twoTeamsWithEverything, type Ids } from './crudFixtures';
import { isolationSuite } from './isolationSuite';

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

isolationSuite(categories, () => ({ t, alice, bob, aliceClient, bobClient }));

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

describe('the users a plain member sees', () => {
  it('are those of the team, not the others', async () => {
    const erin = await memberOf(t, 'erin', [alice.team], ROLE.USER);
    const names = ((await erin.get('/api/user')).json().json_list as { username: string }[]).map((u) => u.username);
    // carol was added to alice's team above, dave by the suite; bob shares no team with erin.
    expect(names.sort()).toEqual(['alice', 'carol', 'dave', 'erin']);
  });
});
