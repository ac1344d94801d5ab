/** DDL planning from the registry, and the ?fields= grammar, without a database. */
import { describe, expect, it } from 'vitest';
import { categories, mustGetCategory } from '../../src/schemas/index';
import { createTableSql, emptySchema, planMigration } from '../../server/db/ddl';
import { parseFieldsParam } from '../../server/crud/fieldsParam';
import { resolveProjection } from '../../server/crud/projection';
import { ApiError } from '../../server/http/errors';

describe('planMigration', () => {
  const plan = planMigration(categories, emptySchema());

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
    schema.columns.set('team', new Set(['id', 'name', 'icon']));
    const teamPlan = planMigration([team], schema);
    expect(teamPlan).toEqual([`ALTER TABLE "team" ADD COLUMN IF NOT EXISTS "notes" text DEFAULT ''`]);
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
    const plain = resolveProjection(device, undefined, false);
    expect(plain.columns).toContain('uid_for_type');
    expect(plain.columns).not.toContain('claim_code');
    expect(plain.expansions).toEqual([]);
    const full = resolveProjection(device, undefined, true);
    expect(full.expansions.map((e) => e.key)).toEqual(['type', 'group', 'target_firmware', 'current_firmware', 'author']);
  });

  it('a group selects every expansion whose target is that category', () => {
    const p = resolveProjection(device, 'firmware(name)', false);
    expect(p.expansions.map((e) => [e.key, e.fields])).toEqual([
      ['target_firmware', ['name']],
      ['current_firmware', ['name']],
    ]);
    expect(p.columns).toContain('name');
  });
});
