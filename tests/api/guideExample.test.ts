/**
 * The guide's example run as written (docs/INTEGRATOR.md, read by tests/fixtures/guideExample.ts):
 * its two categories, with the guide's own keys, added to a copy of the registry get their
 * tables, objects made from their declarations by the one fixture maker, and the isolation suite
 * that every category passes, with no test written for them.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { serverRegistry } from '../../server/crud/registry';
import { hooks } from '../../server/registry';
import { migrate } from '../../server/db/migrate';
import { guideCategories, withGuide } from '../fixtures/guideExample';
import { createTestApp, type TestApp } from './helpers';
import { twoTeamsWithEverything } from './crudFixtures';
import { isolationSuite, type TwoTeams } from './isolationSuite';

const guide = await guideCategories();
const registry = withGuide(guide);

let t: TestApp;
let world: TwoTeams;

beforeAll(async () => {
  t = await createTestApp();
  // Where an integrator added them to src/schemas/ already, the guide's tables are made anew from the guide.
  await t.db.exec(`DROP TABLE IF EXISTS ${guide.map((c) => `"${c.key}"`).reverse().join(', ')} CASCADE`);
  await migrate(t.db, registry, () => {});
  const app = await buildApp({ db: t.db, config: t.config, registry: serverRegistry(registry, hooks) });
  await app.ready();
  const g: TestApp = { ...t, app };
  world = { t: g, ...(await twoTeamsWithEverything(g, registry)) };
});
afterAll(async () => {
  await world.t.app.close();
  await t.close();
});

isolationSuite(guide, () => world);
