/**
 * Valid objects of every category, created through the API the way the console does, for the
 * crud, validation, isolation and reference suites, by the one fixture maker
 * (tests/fixtures/makeObjects.ts): a category added to the registry gets its object, and so its
 * isolation coverage, with no edit here.
 */
import { expect } from 'vitest';
import { categories, type Category } from '../../src/schemas';
import { categoryOf, makeObjects, type Ids, type ObjectsApi } from '../fixtures/makeObjects';
import { adminWithTeam, type Client, type TestApp } from './helpers';

export type { Ids };
export { fixtureName } from '../fixtures/makeObjects';

export async function createOk(client: Client, key: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await client.post(`/api/${key}`, body);
  expect(res.statusCode, `POST /api/${key}: ${res.body}`).toBe(201);
  return res.json();
}

/** The caller's API for the fixture maker: app.inject, as the console calls it. */
const objectsApi = (client: Client): ObjectsApi => ({
  list: async (key) => (await client.get(`/api/${key}`)).json().json_list as { id: number; team_id?: number }[],
  create: async (key, body) => (await createOk(client, key, body)).id as number,
});

/**
 * A new team created by the caller (who becomes its admin) holding one object of every
 * category of `registry` (tests/fixtures/makeObjects.ts); ids by category key, the caller's own user and role included.
 */
export const createEverything = (client: Client, userId: number, tag: string, registry: readonly Category[] = categories): Promise<Ids> =>
  makeObjects(objectsApi(client), userId, tag, registry);

/**
 * A harmless change of an object, valid for its owner: its first plain field (not a reference,
 * not server-set, not private) sent back with the value it has.
 */
export async function harmlessUpdate(owner: Client, key: string, id: number, registry: readonly Category[] = categories): Promise<Record<string, unknown>> {
  const object = (await owner.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;
  const plain = Object.entries(categoryOf(registry, key).fields).find(
    ([name, f]) => !f.system && !f.secret && !f.writeOnly && !f.private && f.kind !== 'ref' && f.kind !== 'refList' && object[name] !== undefined,
  );
  if (!plain) throw new Error(`${key} has no plain field to change`);
  return { [plain[0]]: object[plain[0]] };
}

/** Two admins, alice and bob, each with a team holding one object of every category of `registry`. */
export async function twoTeamsWithEverything(t: TestApp, registry: readonly Category[] = categories) {
  const a = await adminWithTeam(t, 'alice');
  const b = await adminWithTeam(t, 'bob');
  return {
    aliceClient: a.client,
    bobClient: b.client,
    alice: await createEverything(a.client, a.userId, 'A', registry),
    bob: await createEverything(b.client, b.userId, 'B', registry),
  };
}
