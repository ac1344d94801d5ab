/** The registry-derived migration on a real database: idempotent, and it adds what is missing. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categories } from '../../src/schemas/index';
import { migrate, readExistingSchema } from '../../server/db/migrate';
import { planMigration } from '../../server/db/ddl';
import { SERVER_TABLE_NAMES } from '../../server/db/serverTables';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a migrated database needs nothing more, and migrating again changes nothing', async () => {
  expect(planMigration(categories, await readExistingSchema(t.db)).statements).toEqual([]);
  await migrate(t.db);
  expect(planMigration(categories, await readExistingSchema(t.db)).statements).toEqual([]);
});

it("every table of a migrated database is a category's or one the server's features declare (serverTables.ts), and no other", async () => {
  const { rows } = await t.db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
  );
  const declared = [...categories.map((c) => c.key), ...SERVER_TABLE_NAMES];
  expect(rows.map((r) => r.name).sort()).toEqual([...declared].sort());
  expect(new Set(declared).size).toBe(declared.length);
});

it('refuses a category named like one of the server tables before changing anything', async () => {
  const team = categories.find((c) => c.key === 'team')!;
  for (const key of ['rate_limit', 'device_certificate', 'sessions']) {
    await expect(migrate(t.db, [...categories, { ...team, key, id: 99 }])).rejects.toThrow(
      `Schema error in ${key}: the key names a table the server keeps for itself`,
    );
  }
  expect(planMigration(categories, await readExistingSchema(t.db)).statements).toEqual([]);
});

it('adds a column the schema gained, and restores constraints and indexes, keeping the data', async () => {
  await t.db.query(`INSERT INTO team (name) VALUES ('kept')`);
  await t.db.exec(`
    ALTER TABLE team DROP COLUMN notes;
    ALTER TABLE type DROP CONSTRAINT type_name_per_team_key;
    ALTER TABLE device DROP CONSTRAINT device_group_id_fkey;
    ALTER TABLE device ADD CONSTRAINT device_group_id_fkey FOREIGN KEY (group_id) REFERENCES devices_group (id) ON DELETE CASCADE;
    DROP INDEX device_type_id_idx;
  `);
  const plan = planMigration(categories, await readExistingSchema(t.db)).statements;
  // add column, add unique, drop + re-add the changed foreign key, create index
  expect(plan).toHaveLength(5);
  await migrate(t.db);
  expect(planMigration(categories, await readExistingSchema(t.db)).statements).toEqual([]);
  const { rows } = await t.db.query<{ name: string; notes: string }>(`SELECT name, notes FROM team`);
  expect(rows).toEqual([{ name: 'kept', notes: '' }]);
  const fk = await t.db.query<{ confdeltype: string }>(
    `SELECT confdeltype::text AS confdeltype FROM pg_constraint WHERE conname = 'device_group_id_fkey'`,
  );
  expect(fk.rows).toEqual([{ confdeltype: 'n' }]);
});
