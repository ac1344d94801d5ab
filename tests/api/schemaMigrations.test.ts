/**
 * Schema changes on a real database (PGlite, or PostgreSQL with DATABASE_URL): each test declares
 * a category, migrates to it, stores rows, changes the declaration as an integrator would and
 * migrates again, checking the data kept, the constraints that follow, and what is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCategory, type FieldSpec, type UniqueRule } from '../../src/schemas/defineCategory';
import { migrate, MigrationError } from '../../server/db/migrate';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextId = 900;
function category(key: string, fields: Record<string, FieldSpec>, unique: [string, string[]][] = []) {
  return defineCategory({
    key,
    id: nextId++,
    singular: key,
    title: key,
    plural: key,
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields,
    summary: ['id'],
    unique: unique.map(([name, f]): UniqueRule => ({ name, fields: f, message: () => `${name} taken` })),
  });
}

const text = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'text', label: 'Text', ...extra });
const required = 'Required';

async function rows(table: string) {
  return (await t.db.query(`SELECT * FROM "${table}" ORDER BY id`)).rows;
}

async function column(table: string, name: string) {
  const { rows: found } = await t.db.query<{ type: string; not_null: boolean }>(
    `SELECT format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
       FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attname = $2 AND NOT a.attisdropped`,
    [`"${table}"`, name],
  );
  return found[0];
}

/** Keys and unique rules (PostgreSQL 18, under PGlite, also lists NOT NULL as constraints). */
async function constraintNames(table: string) {
  const { rows: found } = await t.db.query<{ conname: string }>(
    `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'f') ORDER BY conname`,
    [`"${table}"`],
  );
  return found.map((r) => r.conname);
}

const historyCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations`)).rows[0].n;

/** The refusal of a migration, checked to have changed nothing: no statement, no history row. */
async function refusal(categories: Parameters<typeof migrate>[1]): Promise<string> {
  const before = await historyCount();
  const err = await migrate(t.db, categories).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MigrationError);
  expect(await historyCount()).toBe(before);
  return (err as MigrationError).message;
}

describe('history and logging', () => {
  it('records what it applied with the registry fingerprint, prints each statement, and a second run applies nothing', async () => {
    const before = await historyCount();
    const printed: string[] = [];
    const v1 = [category('mig_log', { name: text() })];
    const { statements } = await migrate(t.db, v1, (s) => printed.push(s));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('CREATE TABLE IF NOT EXISTS "mig_log"');
    expect(printed).toEqual(statements);
    const last = await t.db.query<{ fingerprint: string; statements: string[] }>(
      `SELECT fingerprint, statements FROM schema_migrations ORDER BY id DESC LIMIT 1`,
    );
    expect(last.rows[0].statements).toEqual(statements);
    expect(last.rows[0].fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await historyCount()).toBe(before + 1);

    printed.length = 0;
    expect((await migrate(t.db, v1, (s) => printed.push(s))).statements).toEqual([]);
    expect(printed).toEqual([]);
    expect(await historyCount()).toBe(before + 1);
  });

  it('the registry itself needs nothing on a migrated database', async () => {
    expect((await migrate(t.db)).statements).toEqual([]);
  });
});

describe('added fields', () => {
  it('get their defaults; a required one with a default or a backfill fills the existing rows', async () => {
    await migrate(t.db, [category('mig_add', { name: text() })]);
    await t.db.exec(`INSERT INTO mig_add (name) VALUES ('a'), ('b')`);
    await migrate(t.db, [
      category('mig_add', {
        name: text(),
        count: { kind: 'integer', label: 'Count', default: 3 },
        level: { kind: 'number', label: 'Level', required, default: 1.5 },
        since: { kind: 'date', label: 'Since', required, backfill: '2020-01-01', default: '2024-06-01' },
      }),
    ]);
    expect(await rows('mig_add')).toEqual([
      { id: 1, name: 'a', count: 3, level: 1.5, since: expect.anything() },
      { id: 2, name: 'b', count: 3, level: 1.5, since: expect.anything() },
    ]);
    const since = await t.db.query<{ since: string }>(`SELECT since::text FROM mig_add ORDER BY id`);
    expect(since.rows.map((r) => r.since)).toEqual(['2020-01-01', '2020-01-01']);
    await t.db.exec(`INSERT INTO mig_add (name) VALUES ('c')`);
    expect((await t.db.query<{ since: string }>(`SELECT since::text FROM mig_add WHERE name = 'c'`)).rows[0].since).toBe('2024-06-01');
    expect((await column('mig_add', 'since')).not_null).toBe(true);
  });

  it('a changed default applies to new objects, existing rows keep their values', async () => {
    const fields = (n: number, level: number | undefined, data: Record<string, unknown>) => ({
      n: { kind: 'integer', label: 'N', default: n },
      level: { kind: 'number', label: 'Level', default: level },
      data: { kind: 'json', label: 'Data', default: data },
    }) satisfies Record<string, FieldSpec>;
    await migrate(t.db, [category('mig_def', fields(-1, 2, { a: [1] }))]);
    expect((await migrate(t.db, [category('mig_def', fields(-1, 2, { a: [1] }))])).statements).toEqual([]);
    await t.db.exec(`INSERT INTO mig_def DEFAULT VALUES`);
    const { statements } = await migrate(t.db, [category('mig_def', fields(5, undefined, { a: [1] }))]);
    expect(statements).toEqual(['ALTER TABLE "mig_def" ALTER COLUMN "n" SET DEFAULT 5', 'ALTER TABLE "mig_def" ALTER COLUMN "level" DROP DEFAULT']);
    await t.db.exec(`INSERT INTO mig_def DEFAULT VALUES`);
    expect(await rows('mig_def')).toEqual([
      { id: 1, n: -1, level: 2, data: { a: [1] } },
      { id: 2, n: 5, level: null, data: { a: [1] } },
    ]);
  });

  it('a new required field without a default or backfill is refused on a table with rows, naming it', async () => {
    await migrate(t.db, [category('mig_req', { name: text() })]);
    await t.db.exec(`INSERT INTO mig_req (name) VALUES ('a')`);
    const message = await refusal([category('mig_req', { name: text(), serial: text({ required }), extra: text() })]);
    expect(message).toBe(
      "Database not changed: mig_req.serial is a new required field and the table has 1 row(s): declare a 'default' or a 'backfill' for them, or make the field optional.",
    );
    expect(await column('mig_req', 'extra')).toBeUndefined();
  });

  it('on an empty table it is simply added, NOT NULL', async () => {
    await migrate(t.db, [category('mig_empty', { name: text() })]);
    await migrate(t.db, [category('mig_empty', { name: text(), serial: text({ required }) })]);
    expect(await column('mig_empty', 'serial')).toEqual({ type: 'text', not_null: true });
  });
});

describe('required', () => {
  it('dropped: NOT NULL goes; added back: NOT NULL returns when no row is null, else refused with the count', async () => {
    await migrate(t.db, [category('mig_nn', { name: text({ required }) })]);
    expect((await column('mig_nn', 'name')).not_null).toBe(true);
    await migrate(t.db, [category('mig_nn', { name: text() })]);
    expect((await column('mig_nn', 'name')).not_null).toBe(false);
    await t.db.exec(`INSERT INTO mig_nn (name) VALUES ('a'), (NULL), (NULL)`);

    expect(await refusal([category('mig_nn', { name: text({ required }) })])).toBe(
      "Database not changed: mig_nn.name is now required but 2 row(s) have no value: fill them in, declare a 'backfill' for them, or keep the field optional.",
    );
    expect((await column('mig_nn', 'name')).not_null).toBe(false);

    await migrate(t.db, [category('mig_nn', { name: text({ required, backfill: 'unnamed' }) })]);
    expect((await column('mig_nn', 'name')).not_null).toBe(true);
    expect((await rows('mig_nn')).map((r) => r.name)).toEqual(['a', 'unnamed', 'unnamed']);
  });
});

describe('removed fields', () => {
  it('keep their data without NOT NULL, foreign key or unique rule', async () => {
    const owner = category('mig_owner', { name: text() });
    await migrate(t.db, [
      owner,
      category(
        'mig_rm',
        { code: text({ required }), owner_id: { kind: 'ref', label: 'Owner', ref: 'mig_owner', required } },
        [['mig_rm_code_key', ['code']]],
      ),
    ]);
    await t.db.exec(`INSERT INTO mig_owner (name) VALUES ('o'); INSERT INTO mig_rm (code, owner_id) VALUES ('x', 1)`);
    expect(await constraintNames('mig_rm')).toEqual(['mig_rm_code_key', 'mig_rm_owner_id_fkey', 'mig_rm_pkey']);

    const { statements } = await migrate(t.db, [owner, category('mig_rm', {})]);
    expect(statements).toContain('ALTER TABLE "mig_rm" ALTER COLUMN "code" DROP NOT NULL');
    expect(await constraintNames('mig_rm')).toEqual(['mig_rm_pkey']);
    // A text field added at the same start would be asked about (a rename?): added afterwards, it is not.
    await migrate(t.db, [owner, category('mig_rm', { note: text() })]);
    expect(await rows('mig_rm')).toEqual([{ id: 1, code: 'x', owner_id: 1, note: null }]);
    await t.db.exec(`INSERT INTO mig_rm (code, owner_id) VALUES ('x', 99), (NULL, NULL)`);
    expect(await rows('mig_rm')).toHaveLength(3);
  });
});

describe('renamedFrom', () => {
  it('renames the column with its foreign key and index, keeping the values', async () => {
    const owner = category('mig_owner2', { name: text() });
    await migrate(t.db, [owner, category('mig_ren', { title: text({ required }), holder_id: { kind: 'ref', label: 'Owner', ref: 'mig_owner2' } })]);
    await t.db.exec(`INSERT INTO mig_owner2 (name) VALUES ('o'); INSERT INTO mig_ren (title, holder_id) VALUES ('kept', 1)`);

    const renamed = category('mig_ren', {
      name: text({ required, renamedFrom: 'title' }),
      owner_id: { kind: 'ref', label: 'Owner', ref: 'mig_owner2', renamedFrom: 'holder_id' },
    });
    const { statements } = await migrate(t.db, [owner, renamed]);
    expect(statements).toEqual([
      'ALTER TABLE "mig_ren" RENAME COLUMN "title" TO "name"',
      'ALTER TABLE "mig_ren" RENAME COLUMN "holder_id" TO "owner_id"',
      'ALTER TABLE "mig_ren" RENAME CONSTRAINT "mig_ren_holder_id_fkey" TO "mig_ren_owner_id_fkey"',
      'ALTER INDEX "mig_ren_holder_id_idx" RENAME TO "mig_ren_owner_id_idx"',
    ]);
    expect(await rows('mig_ren')).toEqual([{ id: 1, name: 'kept', owner_id: 1 }]);
    expect(await column('mig_ren', 'name')).toEqual({ type: 'text', not_null: true });
    expect(await constraintNames('mig_ren')).toEqual(['mig_ren_owner_id_fkey', 'mig_ren_pkey']);
    const idx = await t.db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'mig_ren' AND indexname = 'mig_ren_owner_id_idx'`);
    expect(idx.rows).toHaveLength(1);
    expect((await migrate(t.db, [owner, renamed])).statements).toEqual([]);
  });
});

describe('kind changes', () => {
  it('applies the safe conversions, keeping the values', async () => {
    await migrate(t.db, [
      category('mig_kind', {
        a: { kind: 'integer', label: 'A', default: 2 },
        b: { kind: 'integer', label: 'B' },
        c: { kind: 'date', label: 'C' },
        d: { kind: 'number', label: 'D' },
        e: { kind: 'text', label: 'E' },
      }),
    ]);
    await t.db.exec(`INSERT INTO mig_kind (a, b, c, d, e) VALUES (1, 7, '2024-02-29', 4, '2024-03-01')`);
    const { statements } = await migrate(t.db, [
      category('mig_kind', {
        a: { kind: 'number', label: 'A', default: 2.5 },
        b: { kind: 'text', label: 'B' },
        c: { kind: 'datetime', label: 'C' },
        d: { kind: 'integer', label: 'D' },
        e: { kind: 'date', label: 'E' },
      }),
    ]);
    expect(statements).toContain('ALTER TABLE "mig_kind" ALTER COLUMN "a" TYPE double precision USING "a"::double precision');
    const { rows: found } = await t.db.query(`SELECT a, b, to_json(c) #>> '{}' AS c, d, e::text AS e FROM mig_kind`);
    expect(found).toEqual([{ a: 1, b: '7', c: '2024-02-29T00:00:00+00:00', d: 4, e: '2024-03-01' }]);
    expect(await column('mig_kind', 'c')).toEqual({ type: 'timestamp with time zone', not_null: false });
    await t.db.exec(`INSERT INTO mig_kind (b) VALUES ('x')`);
    expect((await t.db.query<{ a: number }>(`SELECT a FROM mig_kind WHERE b = 'x'`)).rows[0].a).toBe(2.5);
  });

  it('a narrowing conversion is refused naming the values that do not convert, then applied once they are fixed', async () => {
    await migrate(t.db, [category('mig_cast', { day: text() })]);
    await t.db.exec(`INSERT INTO mig_cast (day) VALUES ('2024-02-28'), ('2024-02-30'), ('soon'), (NULL)`);
    const changed = [category('mig_cast', { day: { kind: 'date', label: 'Day' } })];
    expect(await refusal(changed)).toBe(
      "Database not changed: mig_cast.day: 2 value(s) do not convert from text to date ('2024-02-30', 'soon'). Correct them in the database, or keep the kind.",
    );
    expect((await column('mig_cast', 'day')).type).toBe('text');
    await t.db.exec(`UPDATE mig_cast SET day = NULL WHERE day <> '2024-02-28'`);
    await migrate(t.db, changed);
    expect((await column('mig_cast', 'day')).type).toBe('date');
  });

  it('an enum whose values no longer include stored ones is refused, naming them, when its declaration changes', async () => {
    const status = (values: string[]) => [category('mig_enum', { status: { kind: 'enum', label: 'Status', values } })];
    await migrate(t.db, [category('mig_enum', { status: text() })]);
    await t.db.exec(`INSERT INTO mig_enum (status) VALUES ('new'), ('old'), ('gone'), ('old')`);
    expect(await refusal(status(['new']))).toBe(
      "Database not changed: mig_enum.status: 3 row(s) hold values that are not among its values ('gone', 'old'). Change them in the database, or declare those values.",
    );
    expect((await migrate(t.db, status(['new', 'old', 'gone']))).statements).toEqual([]);
    // An unchanged registry is not checked again at every start: the database does not hold this rule.
    await t.db.exec(`INSERT INTO mig_enum (status) VALUES ('typo')`);
    expect((await migrate(t.db, status(['new', 'old', 'gone']))).statements).toEqual([]);
    expect(await refusal(status(['new', 'old']))).toContain("2 row(s) hold values that are not among its values ('gone', 'typo')");
  });

  it('a change with no safe conversion is refused while the column holds values, saying what to do', async () => {
    await migrate(t.db, [category('mig_nocast', { data: { kind: 'json', label: 'Data' } })]);
    await t.db.exec(`INSERT INTO mig_nocast (data) VALUES ('{"a": 1}')`);
    expect(await refusal([category('mig_nocast', { data: { kind: 'date', label: 'Data' } })])).toBe(
      'Database not changed: mig_nocast.data: its 1 value(s) are jsonb and a date field is date, with no safe conversion. ' +
        'Keep the kind; or add a new field of the new kind, copy the values into it yourself, then remove this one (its column is kept as data).',
    );
    expect(await rows('mig_nocast')).toEqual([{ id: 1, data: { a: 1 } }]);
  });
});

describe('unique rules', () => {
  it('a removed rule is dropped; a new one the data breaks is refused naming the duplicates', async () => {
    await migrate(t.db, [category('mig_uq', { a: text(), b: text() }, [['mig_uq_a_key', ['a']]])]);
    await migrate(t.db, [category('mig_uq', { a: text(), b: text() })]);
    expect(await constraintNames('mig_uq')).toEqual(['mig_uq_pkey']);
    await t.db.exec(`INSERT INTO mig_uq (a, b) VALUES ('x', '1'), ('x', '1'), ('y', '2'), ('y', '2'), ('z', '3'), (NULL, NULL), (NULL, NULL)`);
    expect(await refusal([category('mig_uq', { a: text(), b: text() }, [['mig_uq_ab_key', ['a', 'b']]])])).toBe(
      "Database not changed: mig_uq: unique rule 'mig_uq_ab_key' (a, b) is broken by 2 duplicated value(s): (x, 1), (y, 2). Make them distinct, or drop the rule.",
    );
    await t.db.exec(`DELETE FROM mig_uq WHERE id IN (2, 4)`);
    await migrate(t.db, [category('mig_uq', { a: text(), b: text() }, [['mig_uq_ab_key', ['a', 'b']]])]);
    expect(await constraintNames('mig_uq')).toEqual(['mig_uq_ab_key', 'mig_uq_pkey']);
  });
});

describe('a failed migration changes nothing', () => {
  it('every refusal is listed, and none of the other changes is applied', async () => {
    await migrate(t.db, [category('mig_all', { a: text(), b: text() })]);
    await t.db.exec(`INSERT INTO mig_all (a, b) VALUES ('1', NULL), ('1', 'x')`);
    const message = await refusal([
      category('mig_all', { a: { kind: 'integer', label: 'A' }, b: { kind: 'integer', label: 'B' }, c: text({ required }) }, [['mig_all_a_key', ['a']]]),
    ]);
    expect(message.split('\n')).toEqual([
      "Database not changed: mig_all.b: 1 value(s) do not convert from text to integer ('x'). Correct them in the database, or keep the kind.",
      "Database not changed: mig_all.c is a new required field and the table has 2 row(s): declare a 'default' or a 'backfill' for them, or make the field optional.",
      "Database not changed: mig_all: unique rule 'mig_all_a_key' (a) is broken by 1 duplicated value(s): (1). Make them distinct, or drop the rule.",
    ]);
    expect(await column('mig_all', 'a')).toEqual({ type: 'text', not_null: false });
    expect(await column('mig_all', 'c')).toBeUndefined();
  });

  it('a statement the database refuses rolls back the ones before it', async () => {
    await migrate(t.db, [category('mig_fail', { a: text() })]);
    await t.db.exec(`INSERT INTO mig_fail (a) VALUES ('1'), ('2')`);
    // The new column takes its default on every row, so the new rule on it cannot hold.
    const message = await refusal([category('mig_fail', { a: text(), b: text({ default: 'same' }), c: text() }, [['mig_fail_b_key', ['b']]])]);
    expect(message).toMatch(/^Database not changed: ALTER TABLE "mig_fail" ADD CONSTRAINT "mig_fail_b_key" UNIQUE \("b"\) failed: /);
    expect(await column('mig_fail', 'b')).toBeUndefined();
    expect(await column('mig_fail', 'c')).toBeUndefined();
  });
});
