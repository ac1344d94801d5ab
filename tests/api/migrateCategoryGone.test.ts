/**
 * A category taken out of the registry (or renamed: its key) leaves its table as data
 * (docs/INTEGRATOR.md, "Not done by the migration"), but not its foreign keys: with them, an object
 * its rows pointed at could never be deleted ("'manual' is still in use"), and nothing in the API
 * said what held it. The start drops them, once, and says so with the table's row count.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineCategory } from '../../src/schemas/defineCategory';
import { teamField } from '../../src/schemas/fields';
import { categories } from '../../src/schemas/index';
import { migrate } from '../../server/db/migrate';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, teamId: team } = await adminWithTeam(t, 'archivist'));
});
afterAll(() => t.close());

const gone = defineCategory({
  key: 'zz_gone_category', id: 1690, singular: 'gone', title: 'Gone', plural: 'Gone', scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: { team_id: teamField, doc: { kind: 'ref', ref: 'basic_document', label: 'Document' } },
  summary: ['id'],
});

it('its references go, once, said at start; its rows stay; what they pointed at can be deleted', async () => {
  const doc = (await createOk(c, 'basic_document', { name: 'manual', team_id: team, content: 'x' })).id as number;
  await migrate(t.db, [...categories, gone]);
  await t.db.exec(`INSERT INTO zz_gone_category (team_id, doc) VALUES (${team}, ${doc})`);

  expect((await migrate(t.db, categories)).notices).toEqual([ownMessages.migrationCategoryGone('zz_gone_category', 1)]);
  expect(await migrate(t.db, categories)).toEqual({ statements: [], notices: [] });
  expect((await c.del(`/api/basic_document/${doc}`)).statusCode).toBeLessThan(300);
  expect((await t.db.query<{ doc: number }>('SELECT doc FROM zz_gone_category')).rows).toEqual([{ doc }]);
});

it("a table no migration made (someone's own, in a shared database) is left alone", async () => {
  await t.db.exec(`CREATE TABLE zz_their_table (id integer PRIMARY KEY, team integer REFERENCES team (id))`);
  expect(await migrate(t.db, categories)).toEqual({ statements: [], notices: [] });
  const fks = await t.db.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'zz_their_table'::regclass AND contype = 'f'`);
  expect(fks.rows).toHaveLength(1);
});
