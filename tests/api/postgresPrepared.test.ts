/**
 * A named statement on PostgreSQL (server/db/postgresPrepared.ts) whose parameters are all integers is
 * prepared once per connection and run from its generic plan, answering as the unnamed statement does
 * (PostgreSQL's own choice kept planning a list page anew at every execution); a statement with another
 * parameter stays node-postgres's named statement, under the same name; and the plan setting never leaks to other
 * statements, even when the named one fails or runs in a transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';

const url = process.env.DATABASE_URL;
let db: Database;
const TABLE = `kept_${process.pid}`;

describe.skipIf(!url)('a named statement on PostgreSQL', () => {
  beforeAll(async () => {
    db = await openDatabase({ url });
    await db.exec(`DROP TABLE IF EXISTS ${TABLE}; CREATE TABLE ${TABLE} (id int PRIMARY KEY, label text); INSERT INTO ${TABLE} SELECT g, 'row ' || g FROM generate_series(1, 5000) AS g; ANALYZE ${TABLE}`);
  });
  afterAll(async () => {
    await db.exec(`DROP TABLE IF EXISTS ${TABLE}`);
    await db.close();
  });

  // A page: PostgreSQL prices the generic plan's LIMIT $n at a tenth of the table and would plan each execution.
  const SQL = `SELECT "id", "label" FROM ${TABLE} WHERE "id" > $1 ORDER BY "id" LIMIT $2`;
  /** The plans of the statement on each connection that prepared it (the pool has several). */
  const plans = async (name: string) => {
    const counts = { generic: 0, custom: 0 };
    // One statement per pooled connection: each connection tells its own prepared statements.
    const seen = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => (await tx.query<{ generic_plans: number; custom_plans: number }>('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name IN ($1, $2)', [name, `generic_${name}`])).rows),
      ),
    );
    for (const row of seen.flat()) {
      counts.generic += row.generic_plans;
      counts.custom += row.custom_plans;
    }
    return counts;
  };
  const planMode = async () => (await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows;

  it('is run from its generic plan, answering as the unnamed statement answers', async () => {
    for (let i = 0; i < 8; i++) expect(await db.query(SQL, [10 * i, 25], 'kept_page')).toEqual(await db.query(SQL, [10 * i, 25]));
    const { generic, custom } = await plans('kept_page');
    expect(custom).toBe(0);
    expect(generic).toBeGreaterThanOrEqual(8);
    expect(await planMode()).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('keeps its generic plan in a transaction, and the setting ends with it', async () => {
    const rows = await db.transaction(async (tx) => (await tx.query(SQL, [100, 3], 'kept_page_tx')).rows);
    expect(rows).toEqual([
      { id: 101, label: 'row 101' },
      { id: 102, label: 'row 102' },
      { id: 103, label: 'row 103' },
    ]);
    expect(await plans('kept_page_tx')).toEqual({ generic: 1, custom: 0 });
    expect(await planMode()).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('stays a named statement of PostgreSQL’s choice when a parameter is not an integer', async () => {
    const { rows } = await db.query(`SELECT "id" FROM ${TABLE} WHERE "label" = $1`, ['row 7'], 'kept_by_label');
    expect(rows).toEqual([{ id: 7 }]);
    expect(await plans('kept_by_label')).toEqual({ generic: 0, custom: 1 });
  });

  it('answers under one name whether its parameters are all integers or not', async () => {
    const sql = `SELECT count(*)::int AS n FROM ${TABLE} WHERE "id" <= $1 AND ($2::int IS NULL OR "id" > $2)`;
    for (let i = 0; i < 3; i++) {
      expect((await db.query(sql, [10, null], 'kept_mixed')).rows).toEqual([{ n: 10 }]);
      expect((await db.query(sql, [10, 4], 'kept_mixed')).rows).toEqual([{ n: 6 }]);
    }
  });

  it('leaves the plan setting as it was when the statement fails', async () => {
    await expect(db.query('SELECT 1 / ($1 - 1) AS x', [1], 'kept_failing')).rejects.toThrow(/division by zero/);
    expect(await planMode()).toEqual([{ plan_cache_mode: 'auto' }]);
    await expect(db.transaction((tx) => tx.query('SELECT 1 / ($1 - 1) AS x', [1], 'kept_failing_tx'))).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 10; i++) expect(await planMode()).toEqual([{ plan_cache_mode: 'auto' }]);
  });
});
