/**
 * A named statement on PGlite (server/db/pglitePrepared.ts) is prepared once and then run from its
 * kept generic plan, answering as the unnamed statement does, its texts quoted whatever they hold; a
 * statement with a parameter of another kind runs unnamed; and the plan setting never leaks to other statements, even when the
 * named one fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
  await db.exec(`CREATE TABLE kept (id int PRIMARY KEY, label text); INSERT INTO kept SELECT g, 'row ' || g FROM generate_series(1, 50) AS g`);
});
afterAll(() => db.close());

const SQL = 'SELECT "id", "label" FROM "kept" WHERE "id" > $1 ORDER BY "id" LIMIT $2';
const prepared = async () => (await db.query<{ name: string; generic_plans: number }>('SELECT name, generic_plans FROM pg_prepared_statements')).rows;

describe('a named statement on PGlite', () => {
  it('is prepared once and answers from its generic plan, as the unnamed statement answers', async () => {
    const unnamed = await db.query(SQL, [10, 3]);
    expect(await db.query(SQL, [10, 3], 'kept_page')).toEqual(unnamed);
    expect(await db.query(SQL, [40, 5], 'kept_page')).toEqual(await db.query(SQL, [40, 5]));
    expect(await prepared()).toEqual([{ name: 'kept_page', generic_plans: 2 }]);
    expect((await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('writes in texts, nulls and arrays of integers as the unnamed statement binds them, quotes and backslashes as they are', async () => {
    await db.query(`INSERT INTO "kept" VALUES (51, $1), (52, $2)`, ["it's \\ 'quoted'", "'); DROP TABLE kept; --"]);
    const SQL_TEXT = 'SELECT "id" FROM "kept" WHERE "label" = $1 OR "label" = $2 OR "id" = ANY($3::int[]) OR "id" = $4 ORDER BY "id"';
    for (const params of [["it's \\ 'quoted'", "'); DROP TABLE kept; --", [7, 9], null], ['row 3', null, [], 4]]) {
      const unnamed = await db.query(SQL_TEXT, params);
      expect(unnamed.rows.length).toBeGreaterThan(1);
      expect(await db.query(SQL_TEXT, params, 'kept_by_label')).toEqual(unnamed);
    }
    expect((await prepared()).map((p) => p.name)).toContain('kept_by_label');
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "kept"')).rows).toEqual([{ n: 52 }]);
  });

  it('runs unnamed when a parameter is of another kind (a boolean)', async () => {
    const { rows } = await db.query('SELECT "id" FROM "kept" WHERE ("id" = 7) = $1', [true], 'kept_by_flag');
    expect(rows).toEqual([{ id: 7 }]);
    expect((await prepared()).map((p) => p.name)).not.toContain('kept_by_flag');
  });

  it('leaves the plan setting as it was when the statement fails', async () => {
    await expect(db.query('SELECT 1 / ($1 - 1) AS x', [1], 'kept_failing')).rejects.toThrow(/division by zero/);
    expect((await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});
