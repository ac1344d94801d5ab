/** DDL planning from the registry, and the ?fields= grammar, without a database. */
import { describe, expect, it } from 'vitest';
import { categories, checkRegistry, defineCategory, mustGetCategory, type FieldSpec } from '../../src/schemas/index';
import { createTableSql, emptySchema, planMigration, registryFingerprint, type ColumnInfo, type ExistingSchema } from '../../server/db/ddl';
import { checkServerTables } from '../../server/db/serverTables';
import { parseFieldsParam } from '../../server/crud/fieldsParam';
import { resolveProjection } from '../../server/crud/projection';
import { registry } from '../../server/registry';
import { ApiError } from '../../server/http/errors';

describe('planMigration', () => {
  const plan = planMigration(categories, emptySchema()).statements;

  it('creates every table before adding any foreign key (references are circular)', () => {
    const creates = plan.filter((s) => s.startsWith('CREATE TABLE'));
    expect(creates).toHaveLength(categories.length);
    const lastCreate = plan.findIndex((s) => s === creates[creates.length - 1]);
    const firstFk = plan.findIndex((s) => s.includes('FOREIGN KEY'));
    expect(firstFk).toBeGreaterThan(lastCreate);
  });

  it('maps kinds, defaults and required fields to columns, and leaves write-only fields out', () => {
    const user = createTableSql(mustGetCategory('user'));
    expect(user).toContain('CREATE TABLE IF NOT EXISTS "user"');
    expect(user).not.toMatch(/"password"\s/);
    expect(user).toContain('"password_hash" text');
    expect(user).toContain(`"preferences" jsonb DEFAULT '{}'::jsonb`);
    expect(user).toContain('"is_server_admin" boolean DEFAULT false');
    const fw = createTableSql(mustGetCategory('firmware'));
    expect(fw).toContain('"name" text NOT NULL');
    expect(fw).toContain('"is_disabled" integer DEFAULT 0');
    expect(fw).toContain('"date" timestamptz');
    expect(fw).toContain('"type_id" integer NOT NULL');
  });

  it('names unique constraints as declared and honours onDelete', () => {
    expect(plan).toContain('ALTER TABLE "device" ADD CONSTRAINT "device_uid_per_type_key" UNIQUE ("type_id", "uid_for_type")');
    expect(plan.find((s) => s.includes('"device_group_id_fkey"'))).toContain('ON DELETE SET NULL');
    expect(plan.find((s) => s.includes('"role_team_id_fkey"'))).toContain('ON DELETE CASCADE');
    expect(plan.find((s) => s.includes('"device_type_id_fkey"'))).toContain('ON DELETE RESTRICT');
    expect(plan).toContain('CREATE INDEX IF NOT EXISTS "device_type_id_idx" ON "device" ("type_id")');
  });

  it('only adds a missing column to an existing table, nullable', () => {
    const schema = emptySchema();
    const team = mustGetCategory('team');
    schema.columns.set('team', new Map(['id', 'name', 'icon'].map((c) => [c, { type: 'text', notNull: c !== 'icon', hasDefault: false }])));
    const teamPlan = planMigration([team], schema);
    expect(teamPlan.statements).toEqual([`ALTER TABLE "team" ADD COLUMN "notes" text DEFAULT ''`]);
  });
});

describe('list and search indexes', () => {
  const devicePlan = (trigram?: 'installed' | 'available') =>
    planMigration(categories, { ...emptySchema(), trigram }).statements.filter((s) => s.includes(' ON "device" '));

  it('index every sortable list column and filter of a team\'s objects: team first, then the sort key, then id', () => {
    const plan = devicePlan();
    // A text column is sorted by lower(); the column is included so that a page's keys come from the index alone.
    expect(plan).toContain('CREATE INDEX IF NOT EXISTS "device_name_list_idx" ON "device" ("team_id", lower("name"), "id") INCLUDE ("name")');
    expect(plan).toContain('CREATE INDEX IF NOT EXISTS "device_type_id_list_idx" ON "device" ("team_id", "type_id", "id")');
    expect(plan).toContain('CREATE INDEX IF NOT EXISTS "device_team_id_list_idx" ON "device" ("team_id", "id")');
    // Sorted by last check-in as deep as by name (issue 28), though every check-in then writes the index.
    expect(plan).toContain('CREATE INDEX IF NOT EXISTS "device_last_seen_list_idx" ON "device" ("team_id", "last_seen", "id")');
    expect(plan.some((s) => s.includes('gin_trgm_ops'))).toBe(false);
  });

  it('remake a text column\'s list index made before it included the column, and only that one', () => {
    const schema = emptySchema();
    const plan = planMigration(categories, schema).statements;
    for (const statement of plan) {
      const [, name] = /^CREATE INDEX IF NOT EXISTS "([^"]+)"/.exec(statement) ?? [];
      if (name) schema.indexes.add(name);
    }
    schema.columns = new Map(categories.map((c) => [c.key, new Map()]));
    const made = planMigration(categories, schema).statements.filter((s) => s.includes('INDEX'));
    schema.indexDefinitions = new Map([
      ['device_name_list_idx', 'CREATE INDEX device_name_list_idx ON public.device USING btree (team_id, lower(name), id)'],
      ['device_type_id_list_idx', 'CREATE INDEX device_type_id_list_idx ON public.device USING btree (team_id, type_id, id)'],
    ]);
    const remade = planMigration(categories, schema).statements.filter((s) => s.includes('INDEX'));
    expect(remade.filter((s) => !made.includes(s))).toEqual([
      'DROP INDEX IF EXISTS "device_name_list_idx"',
      'CREATE INDEX IF NOT EXISTS "device_name_list_idx" ON "device" ("team_id", lower("name"), "id") INCLUDE ("name")',
    ]);
  });

  it('tell the planner which filter values occur in which team (a type belongs to one team), once', () => {
    const stat = 'CREATE STATISTICS IF NOT EXISTS "device_type_id_team_stat" (mcv) ON "team_id", "type_id" FROM "device"';
    const plan = planMigration(categories, emptySchema()).statements;
    expect(plan).toContain(stat);
    // Only filters: a sort column alone (name) has none.
    expect(plan.some((s) => s.includes('STATISTICS') && s.includes('"name"'))).toBe(false);
    const made = new Set(plan.flatMap((s) => /^CREATE STATISTICS IF NOT EXISTS "([^"]+)"/.exec(s)?.[1] ?? []));
    expect(made).toContain('device_type_id_team_stat');
    expect(planMigration(categories, { ...emptySchema(), statistics: made }).statements.filter((s) => s.includes('STATISTICS'))).toEqual([]);
  });

  it('index the searched columns by trigrams when pg_trgm is there, installing it first when it may be', () => {
    expect(devicePlan('installed')).toContain('CREATE INDEX IF NOT EXISTS "device_name_trgm_idx" ON "device" USING gin ("name" gin_trgm_ops)');
    const all = planMigration(categories, { ...emptySchema(), trigram: 'available' }).statements;
    expect(all[0]).toBe('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    expect(planMigration(categories, { ...emptySchema(), trigram: 'installed' }).statements).not.toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  });
});

describe('planMigration on an existing table', () => {
  const site = (fields: Record<string, FieldSpec>, unique: { name: string; fields: string[] }[] = []) =>
    defineCategory({
      key: 'site',
      id: 990,
      singular: 'site',
      title: 'Site',
      plural: 'Sites',
      scope: 'team',
      permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
      fields,
      summary: ['id'],
      unique: unique.map((u) => ({ ...u, message: () => 'taken' })),
    });
  const col = (type: string, notNull = false, hasDefault = false): ColumnInfo => ({ type, notNull, hasDefault });
  /** The site table as the database holds it: an id, the given columns, and the given constraints. */
  const existing = (columns: Record<string, ColumnInfo>, constraints: ExistingSchema['constraints'] = new Map(), indexes: string[] = []) => {
    const schema = emptySchema();
    schema.columns.set('site', new Map([['id', col('integer', true)], ...Object.entries(columns)]));
    schema.constraints = new Map([['site_pkey', { type: 'p', table: 'site', columns: ['id'] }], ...constraints]);
    schema.indexes = new Set(['site_pkey', ...indexes]);
    return schema;
  };
  const text = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'text', label: 'Text', ...extra });

  it('plans nothing when the table matches', () => {
    const plan = planMigration([site({ name: text({ required: 'r' }) })], existing({ name: col('text', true) }));
    expect({ statements: plan.statements, checks: plan.checks }).toEqual({ statements: [], checks: [] });
  });

  it('renames a column with its foreign key and index, before anything else', () => {
    const plan = planMigration(
      [site({ owner_id: { kind: 'ref', label: 'Owner', ref: 'site', renamedFrom: 'holder_id' } })],
      existing(
        { holder_id: col('integer') },
        new Map([['site_holder_id_fkey', { type: 'f', table: 'site', columns: ['holder_id'], onDelete: 'r', refTable: 'site' }]]),
        ['site_holder_id_idx'],
      ),
    );
    expect(plan.statements).toEqual([
      'ALTER TABLE "site" RENAME COLUMN "holder_id" TO "owner_id"',
      'ALTER TABLE "site" RENAME CONSTRAINT "site_holder_id_fkey" TO "site_owner_id_fkey"',
      'ALTER INDEX "site_holder_id_idx" RENAME TO "site_owner_id_idx"',
    ]);
  });

  it('keeps a removed column as data, dropping its NOT NULL, its key and its unique rule, never the primary key', () => {
    const plan = planMigration(
      [site({})],
      existing(
        { code: col('text', true), owner_id: col('integer') },
        new Map([
          ['site_code_key', { type: 'u', table: 'site', columns: ['code'] }],
          ['site_owner_id_fkey', { type: 'f', table: 'site', columns: ['owner_id'], onDelete: 'r', refTable: 'site' }],
          ['sessions_user_id_fkey', { type: 'f', table: 'sessions', columns: ['user_id'], onDelete: 'c', refTable: 'user' }],
        ]),
      ),
    );
    expect(plan.statements).toEqual([
      'ALTER TABLE "site" DROP CONSTRAINT "site_code_key"',
      'ALTER TABLE "site" DROP CONSTRAINT "site_owner_id_fkey"',
      'ALTER TABLE "site" ALTER COLUMN "code" DROP NOT NULL',
      `COMMENT ON COLUMN "site"."code" IS 'PUCS: the column of a removed field, kept as data'`,
      `COMMENT ON COLUMN "site"."owner_id" IS 'PUCS: the column of a removed field, kept as data'`,
    ]);
  });

  it('changes a kind with a cast, resetting the default, and checks the values of a narrowing one first', () => {
    const plan = planMigration(
      [site({ level: { kind: 'number', label: 'Level', default: 1 }, day: { kind: 'date', label: 'Day' } })],
      existing({ level: col('integer', false, true), day: col('text') }),
    );
    expect(plan.statements).toEqual([
      'ALTER TABLE "site" ALTER COLUMN "level" DROP DEFAULT',
      'ALTER TABLE "site" ALTER COLUMN "level" TYPE double precision USING "level"::double precision',
      'ALTER TABLE "site" ALTER COLUMN "level" SET DEFAULT 1',
      'ALTER TABLE "site" ALTER COLUMN "day" TYPE date USING "day"::date',
    ]);
    expect(plan.checks).toHaveLength(1);
    expect(plan.checks[0].usesCastable).toBe(true);
    expect(plan.checks[0].refusal(2, ['x', 'y'])).toBe(
      "site.day: 2 value(s) do not convert from text to date ('x', 'y'). Correct them in the database, or keep the kind.",
    );
  });

  it('a new required field takes its backfill on existing rows, its default on new ones', () => {
    const plan = planMigration([site({ since: { kind: 'date', label: 'Since', required: 'r', default: '2024-06-01', backfill: '2020-01-01' } })], existing({}));
    expect(plan.statements).toEqual([
      'ALTER TABLE "site" ADD COLUMN "since" date',
      `UPDATE "site" SET "since" = '2020-01-01'::date`,
      `ALTER TABLE "site" ALTER COLUMN "since" SET DEFAULT '2024-06-01'::date`,
      'ALTER TABLE "site" ALTER COLUMN "since" SET NOT NULL',
    ]);
    expect(plan.checks).toEqual([]);
  });

  it('a new unique rule is checked against the data; a changed one is replaced', () => {
    const plan = planMigration(
      [site({ a: text(), b: text() }, [{ name: 'site_ab_key', fields: ['a', 'b'] }])],
      existing({ a: col('text'), b: col('text') }, new Map([['site_ab_key', { type: 'u', table: 'site', columns: ['a'] }]])),
    );
    expect(plan.statements).toEqual([
      'ALTER TABLE "site" DROP CONSTRAINT "site_ab_key"',
      'ALTER TABLE "site" ADD CONSTRAINT "site_ab_key" UNIQUE ("a", "b")',
    ]);
    expect(plan.checks[0].refusal(1, ['x, 1'])).toBe(
      "site: unique rule 'site_ab_key' (a, b) is broken by 1 duplicated value(s): (x, 1). Make them distinct, or drop the rule.",
    );
  });

  it('the registry refuses a backfill its field would refuse, two fields renamed from one column, and a server table as a key', () => {
    expect(() => site({ since: { kind: 'date', label: 'Since', backfill: '2024-02-30' } })).toThrow(
      'Schema error in site.since: the backfill "2024-02-30" is not a date (YYYY-MM-DD)',
    );
    expect(() => checkRegistry([site({ a: text({ renamedFrom: 'old' }), b: text({ renamedFrom: 'old' }) })])).toThrow(
      "Schema error in site.a: 'renamedFrom' names 'old', as b does: one column cannot become two",
    );
    expect(() => checkRegistry([{ ...site({ a: text() }), removed: ['a'] }])).toThrow("Schema error in site.a: 'removed' names 'a', which is a declared field");
    expect(() => checkServerTables([{ ...site({}), key: 'schema_migrations' }])).toThrow(
      'Schema error in schema_migrations: the key names a table the server keeps for itself',
    );
  });

  it('the fingerprint follows what the tables depend on, not labels', () => {
    const base = registryFingerprint([site({ a: text() })]);
    expect(registryFingerprint([site({ a: text({ label: 'Other' }) })])).toBe(base);
    expect(registryFingerprint([site({ a: text({ required: 'r' }) })])).not.toBe(base);
    expect(registryFingerprint([site({ a: { kind: 'integer', label: 'Text' } })])).not.toBe(base);
  });
});

describe('parseFieldsParam', () => {
  it('reads plain names and category groups', () => {
    expect(parseFieldsParam('id, name ,device(name,id),firmware( name , version ),x')).toEqual({
      plain: ['id', 'name', 'x'],
      groups: [
        { category: 'device', fields: ['name', 'id'] },
        { category: 'firmware', fields: ['name', 'version'] },
      ],
    });
    expect(parseFieldsParam('device(name),type(id)')).toEqual({
      plain: [],
      groups: [
        { category: 'device', fields: ['name'] },
        { category: 'type', fields: ['id'] },
      ],
    });
  });

  it.each(['device(name', 'a)b', 'device(a(b))', 'device(a)b', 'na-me', 'x;drop'])('refuses %s with a 400', (raw) => {
    expect(() => parseFieldsParam(raw)).toThrow(ApiError);
  });
});

describe('resolveProjection', () => {
  const device = mustGetCategory('device');

  it('without fields: every public column, and on /full every derived value', () => {
    const plain = resolveProjection(registry, device, undefined, false);
    expect(plain.columns).toContain('uid_for_type');
    expect(plain.columns).not.toContain('claim_code');
    expect(plain.expansions).toEqual([]);
    const full = resolveProjection(registry, device, undefined, true);
    expect(full.expansions.map((e) => e.key)).toEqual(['type', 'group', 'target_firmware', 'current_firmware', 'update_firmware', 'author']);
  });

  it('a group selects every expansion whose target is that category', () => {
    const p = resolveProjection(registry, device, 'firmware(name)', false);
    expect(p.expansions.map((e) => [e.key, e.fields])).toEqual([
      ['target_firmware', ['name']],
      ['current_firmware', ['name']],
      ['update_firmware', ['name']],
    ]);
    expect(p.columns).toContain('name');
  });
});
