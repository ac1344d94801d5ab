/**
 * No value disappears or comes back without a word (docs/INTEGRATOR.md, "Changing a schema"): a
 * field gone while one of its kind appears is refused, naming both; a removed field is reported, its
 * column kept as data without its indexes and statistics, until it is declared `removed` (deleted);
 * a field declared again over such a column is refused unless it says what to do with the old values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCategory, type FieldSpec } from '../../src/schemas/defineCategory';
import { teamField } from '../../src/schemas/fields';
import { migrate, MigrationError } from '../../server/db/migrate';
import { ownMessages } from '../../src/messages';
import { createTeam, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  teamId = await createTeam(t.db, 'Removed fields', []);
});
afterAll(() => t.close());

let nextId = 1000;
const category = (key: string, fields: Record<string, FieldSpec>, removed?: string[]) =>
  defineCategory({
    key,
    id: nextId++,
    singular: key,
    title: key,
    plural: key,
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { team_id: teamField, ...fields },
    summary: ['id'],
    removed,
  });

const text = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'text', label: 'Text', ...extra });
const values = async (table: string, column: string) =>
  (await t.db.query<{ v: unknown }>(`SELECT "${column}" AS v FROM "${table}" ORDER BY id`)).rows.map((r) => r.v);
const columnsOf = async (table: string) =>
  (await t.db.query<{ c: string }>(`SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 ORDER BY column_name`, [table])).rows.map((r) => r.c);
const builtOn = async (table: string, like: string) => [
  ...(await t.db.query<{ n: string }>(`SELECT indexname AS n FROM pg_indexes WHERE tablename = $1 AND indexname LIKE $2`, [table, like])).rows.map((r) => r.n),
  ...(await t.db.query<{ n: string }>(`SELECT stxname AS n FROM pg_statistic_ext WHERE stxname LIKE $1`, [like])).rows.map((r) => r.n),
];
async function refused(categories: Parameters<typeof migrate>[1]): Promise<string> {
  const err = await migrate(t.db, categories).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(MigrationError);
  return (err as MigrationError).message;
}
async function notices(categories: Parameters<typeof migrate>[1]): Promise<string[]> {
  return (await migrate(t.db, categories)).notices;
}

describe('a field gone while one of its kind appears', () => {
  it('is refused with one line naming both; renamedFrom keeps the values', async () => {
    await migrate(t.db, [category('rm_ren', { code: text({ list: true }) })]);
    await t.db.exec(`INSERT INTO rm_ren (team_id, code) VALUES (${teamId}, 'A-1'), (${teamId}, 'A-2')`);
    expect(await refused([category('rm_ren', { label: text() })])).toBe(ownMessages.migrationRefused(ownMessages.migrationFieldVanished('rm_ren', 'code', 'label', 2)));
    expect(await columnsOf('rm_ren')).toEqual(['code', 'id', 'team_id']);
    await migrate(t.db, [category('rm_ren', { label: text({ renamedFrom: 'code' }) })]);
    expect(await values('rm_ren', 'label')).toEqual(['A-1', 'A-2']);
  });

  it('declared removed: the old column goes with its values, the new one is added', async () => {
    await migrate(t.db, [category('rm_decl', { code: text() })]);
    await t.db.exec(`INSERT INTO rm_decl (team_id, code) VALUES (${teamId}, 'A-1')`);
    await migrate(t.db, [category('rm_decl', { label: text() }, ['code'])]);
    expect(await columnsOf('rm_decl')).toEqual(['id', 'label', 'team_id']);
  });

  it('a field of another kind appearing is no rename: the old one is kept and reported', async () => {
    await migrate(t.db, [category('rm_other', { code: text() })]);
    await t.db.exec(`INSERT INTO rm_other (team_id, code) VALUES (${teamId}, 'A-1')`);
    expect(await notices([category('rm_other', { floors: { kind: 'integer', label: 'Floors' } })])).toEqual([ownMessages.migrationFieldKept('rm_other', 'code', 1)]);
    expect(await values('rm_other', 'code')).toEqual(['A-1']);
  });
});

describe("a look-alike key's column (computed by the server from a name)", () => {
  it('goes without a word when no unique rule needs it any more, even as a text field appears', async () => {
    const withRule = defineCategory({
      ...category('rm_key', { name: text({ lookalike: true }) }),
      unique: [{ name: 'rm_key_name_key', fields: ['team_id', 'name'], message: () => 'taken' }],
    });
    await migrate(t.db, [withRule]);
    await t.db.exec(`INSERT INTO rm_key (team_id, name, name_key) VALUES (${teamId}, 'Pump', 'pump')`);
    expect(await notices([category('rm_key', { name: text({ lookalike: true }), note: text() })])).toEqual([]);
    expect(await columnsOf('rm_key')).toEqual(['id', 'name', 'note', 'team_id']);
  });
});

describe('a removed field', () => {
  it('is reported once, its values kept without its indexes and statistics', async () => {
    const filtered: FieldSpec = { kind: 'enum', label: 'State', values: ['on', 'off'], list: true, filter: true };
    await migrate(t.db, [category('rm_kept', { code: text({ list: true }), state: filtered })]);
    await t.db.exec(`INSERT INTO rm_kept (team_id, code, state) VALUES (${teamId}, 'A-1', 'on'), (${teamId}, NULL, 'off')`);
    expect(await builtOn('rm_kept', 'rm_kept_state%')).toEqual(['rm_kept_state_list_idx', 'rm_kept_state_team_stat']);

    const without = [category('rm_kept', { code: text({ list: true }) })];
    expect(await notices(without)).toEqual([ownMessages.migrationFieldKept('rm_kept', 'state', 2)]);
    expect(await values('rm_kept', 'state')).toEqual(['on', 'off']);
    expect(await builtOn('rm_kept', 'rm_kept_state%')).toEqual([]);
    expect(await notices(without)).toEqual([]);

    await migrate(t.db, [category('rm_kept', { code: text({ list: true }) }, ['state'])]);
    expect(await columnsOf('rm_kept')).toEqual(['code', 'id', 'team_id']);
  });

  it('renamedFrom takes a kept column back, with its values, for good', async () => {
    await migrate(t.db, [category('rm_ren_kept', { code: text() })]);
    await t.db.exec(`INSERT INTO rm_ren_kept (team_id, code) VALUES (${teamId}, 'A-1')`);
    await migrate(t.db, [category('rm_ren_kept', {})]);
    const renamed = [category('rm_ren_kept', { label: text({ renamedFrom: 'code' }) })];
    await migrate(t.db, renamed);
    expect(await values('rm_ren_kept', 'label')).toEqual(['A-1']);
    expect(await migrate(t.db, renamed)).toEqual({ statements: [], notices: [] });
  });

  it('declared again is refused while its old column holds values, unless it says to reuse or purge them', async () => {
    await migrate(t.db, [category('rm_back', { code: text({ list: true }), note: text() })]);
    await t.db.exec(`INSERT INTO rm_back (team_id, code, note) VALUES (${teamId}, 'A-1', 'n'), (${teamId}, 'A-2', NULL)`);
    await migrate(t.db, [category('rm_back', {})]);

    expect(await refused([category('rm_back', { code: text({ list: true }), note: text() })]).then((m) => m.split('\n'))).toEqual([
      ownMessages.migrationRefused(ownMessages.migrationKeptColumnDeclared('rm_back.code', 2)),
      ownMessages.migrationRefused(ownMessages.migrationKeptColumnDeclared('rm_back.note', 1)),
    ]);
    await migrate(t.db, [category('rm_back', { code: text({ list: true, formerValues: 'reuse' }), note: text({ formerValues: 'purge' }) })]);
    expect(await values('rm_back', 'code')).toEqual(['A-1', 'A-2']);
    expect(await values('rm_back', 'note')).toEqual([null, null]);
    expect(await builtOn('rm_back', 'rm_back_code%')).toEqual(['rm_back_code_list_idx']);
    // Taken back: removed again later, it is reported again.
    expect(await notices([category('rm_back', { note: text() })])).toEqual([ownMessages.migrationFieldKept('rm_back', 'code', 2)]);
  });
});
