/**
 * A page of a list is answered from one JSON array the database builds (server/crud/listPage.ts),
 * while one object is read value by value through the driver: both must answer the same values.
 * Instants are stored with microseconds (PostgreSQL writes them so in JSON, the answers carry
 * milliseconds in UTC) and numbers with the last digit of a double, for every category, in the
 * caller's two teams (a page merged team by team).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas';
import { sqlType } from '../../src/schemas/kinds';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createEverything } from './crudFixtures';

let t: TestApp;
let client: Client;
beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'pager');
  client = a.client;
  await createEverything(client, a.userId, 'A');
  await createEverything(client, a.userId, 'B');
  // Values whose text in JSON differs from the driver's: microseconds, a zone, the shortest double.
  const instants = ['2026-01-02 03:04:05.678901+00', '1999-12-31 23:59:59.999999+00', '2024-02-29 12:00:00+05:30'];
  const numbers = [0.30000000000000004, 1e21, -2.5e-7];
  for (const category of categories) {
    for (const [name, field] of Object.entries(category.fields)) {
      const values = sqlType(field) === 'timestamptz' ? instants : sqlType(field) === 'double precision' ? numbers : undefined;
      if (!values) continue;
      const { rows } = await t.db.query<{ id: number }>(`SELECT "id" FROM "${category.key}" ORDER BY "id"`);
      for (const [i, row] of rows.entries()) await t.db.query(`UPDATE "${category.key}" SET "${name}" = $1 WHERE "id" = $2`, [values[i % values.length], row.id]);
    }
  }
});
afterAll(() => t.close());

describe('a page of a list', () => {
  it.each(categories.map((c) => c.key))('of %s answers each object as its own read does', async (key) => {
    const res = await client.get(`/api/${key}?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,49]')}&filter=%7B%7D`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { id: number }[];
    expect(page.length).toBeGreaterThan(0);
    for (const object of page) expect(object).toEqual((await client.get(`/api/${key}/${object.id}`)).json());
  });

  it('answers instants in UTC with milliseconds', async () => {
    const page = (await client.get(`/api/device?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,49]')}&filter=%7B%7D`)).json() as { last_seen: string }[];
    expect(page.map((d) => d.last_seen)).toEqual(['2026-01-02T03:04:05.678Z', '1999-12-31T23:59:59.999Z']);
  });
});
