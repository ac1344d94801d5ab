/**
 * The fixture objects of crudFixtures.ts come from the declarations: a registry an integrator has
 * grown (tests/fixtures/everyKind.ts: a category with a field of every kind, another referencing
 * it) gets its objects, and so the isolation suite's coverage, with no fixture written for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { serverRegistry } from '../../server/crud/registry';
import { hooks } from '../../server/registry';
import { migrate } from '../../server/db/migrate';
import { ownMessages } from '../../src/messages';
import { fixtureCategories, withFixtures } from '../fixtures/everyKind';
import { adminWithTeam, api, createTestApp, type Client, type TestApp } from './helpers';
import { createEverything, harmlessUpdate, type Ids } from './crudFixtures';

let t: TestApp;
let app: FastifyInstance;
let alice: Client;
let bob: Client;
let aliceIds: Ids;

beforeAll(async () => {
  t = await createTestApp();
  await migrate(t.db, withFixtures, () => {});
  app = await buildApp({ db: t.db, config: t.config, registry: serverRegistry(withFixtures, hooks) });
  await app.ready();
  const a = await adminWithTeam(t, 'alice');
  const b = await adminWithTeam(t, 'bob');
  alice = api(app, a.cookie);
  bob = api(app, b.cookie);
  aliceIds = await createEverything(alice, a.userId, 'A', withFixtures);
  await createEverything(bob, b.userId, 'B', withFixtures);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe.each(fixtureCategories.map((c) => [c.key]))('a new category, %s', (key) => {
  it('gets an object built from its declaration, in the caller team', async () => {
    const res = await alice.get(`/api/${key}/${aliceIds[key]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().team_id).toBe(aliceIds.team);
  });

  it('is isolated like every other: another team reads, changes and deletes nothing of it', async () => {
    const url = `/api/${key}/${aliceIds[key]}`;
    const notFound = { Description: ownMessages.notFound };
    expect((await bob.get(url)).json()).toEqual(notFound);
    const put = await bob.put(url, await harmlessUpdate(alice, key, aliceIds[key], withFixtures));
    expect(put.statusCode).toBe(404);
    expect((await bob.del(url)).statusCode).toBe(404);
    expect((await alice.get(url)).statusCode).toBe(200);
  });
});
