/**
 * Cross-team isolation of every category of a registry, every verb: an object of a team the
 * caller is not in is exactly as absent as an id that does not exist, and a plain member of its
 * team reads it but changes nothing. Run on the product's registry (isolation.test.ts) and on a
 * registry grown with the guide's example (guideExample.test.ts): a new category is covered with
 * no edit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { api, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { harmlessUpdate, type Ids } from './crudFixtures';

/** Two teams' admins, each with one object of every category (crudFixtures.ts twoTeamsWithEverything). */
export interface TwoTeams {
  t: TestApp;
  alice: Ids;
  bob: Ids;
  aliceClient: Client;
  bobClient: Client;
}

const NOT_FOUND = { Description: ownMessages.notFound };
const UNKNOWN_ID = 999_999;

/** The suite, for `registry`; `world` gives the teams once the caller's beforeAll has made them. */
export function isolationSuite(registry: readonly Category[], world: () => TwoTeams): void {
  describe.each(registry.map((c) => [c.key]))('%s of another team', (key) => {
    const url = (id: number) => `/api/${key}/${id}`;
    let w: TwoTeams;
    let update: Record<string, unknown>;
    beforeAll(async () => {
      w = world();
      update = await harmlessUpdate(w.aliceClient, key, w.alice[key], registry);
    });

    it('GET one and GET full one answer 404 like an unknown id', async () => {
      for (const prefix of ['/api', '/api/full']) {
        const other = await w.bobClient.get(`${prefix}/${key}/${w.alice[key]}`);
        const unknown = await w.bobClient.get(`${prefix}/${key}/${UNKNOWN_ID}`);
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual(NOT_FOUND);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual(NOT_FOUND);
        // The owner does see it.
        expect((await w.aliceClient.get(`${prefix}/${key}/${w.alice[key]}`)).statusCode).toBe(200);
      }
    });

    it('is absent from the list and the full list, where the caller finds their own', async () => {
      for (const prefix of ['/api', '/api/full']) {
        const res = await w.bobClient.get(`${prefix}/${key}`);
        expect(res.statusCode).toBe(200);
        const ids = (res.json().json_list as { id: number }[]).map((o) => o.id);
        expect(ids).not.toContain(w.alice[key]);
        expect(ids).toContain(w.bob[key]);
      }
    });

    it('PUT answers 404 and changes nothing', async () => {
      const before = (await w.aliceClient.get(url(w.alice[key]))).json();
      const res = await w.bobClient.put(url(w.alice[key]), update);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await w.aliceClient.get(url(w.alice[key]))).json()).toEqual(before);
    });

    it('DELETE answers 404 and the object is still there', async () => {
      const res = await w.bobClient.del(url(w.alice[key]));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await w.aliceClient.get(url(w.alice[key]))).statusCode).toBe(200);
    });

    it('signed out callers get 401', async () => {
      const out = api(w.t.app);
      expect((await out.get(`/api/${key}`)).statusCode).toBe(401);
      expect((await out.get(url(w.alice[key]))).statusCode).toBe(401);
      expect((await out.put(url(w.alice[key]), update)).statusCode).toBe(401);
      expect((await out.del(url(w.alice[key]))).statusCode).toBe(401);
    });
  });

  describe("a plain member of the object's team", () => {
    let w: TwoTeams;
    let dave: Client;
    beforeAll(async () => {
      w = world();
      dave = await memberOf(w.t, 'dave', [w.alice.team], ROLE.USER);
    });

    // The team's own objects: those of scope 'team', whose changes its admins make.
    const teamObjects = registry.filter((c) => c.scope === 'team' && c.permissions.update !== 'serverAdmin');
    it.each(teamObjects.map((c) => [c.key, c]))('sees %s but cannot create, change or delete it', async (key, category) => {
      const { alice, aliceClient } = w;
      expect((await dave.get(`/api/${key}/${alice[key]}`)).statusCode).toBe(200);
      const put = await dave.put(`/api/${key}/${alice[key]}`, await harmlessUpdate(aliceClient, key, alice[key], registry));
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
  });
}
