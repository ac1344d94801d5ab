/**
 * A field whose name ends in `_key` is the integrator's like any other (docs/INTEGRATOR.md,
 * "Removing a field"): only a look-alike key column (`<field>_key` of a field declared `lookalike`,
 * computed by the server) goes without a word. Removed, `product_key` of a category with a
 * `product` field is kept and reported; renamed without `renamedFrom`, it is refused naming both.
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
  teamId = await createTeam(t.db, 'Key-named fields', []);
});
afterAll(() => t.close());

let nextId = 1500;
const category = (key: string, fields: Record<string, FieldSpec>) =>
  defineCategory({
    key, id: nextId++, singular: key, title: key, plural: key, scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { team_id: teamField, ...fields }, summary: ['id'],
  });
const text = (label: string): FieldSpec => ({ kind: 'text', label });
const values = async (table: string, column: string) =>
  (await t.db.query<{ v: unknown }>(`SELECT "${column}" AS v FROM "${table}" ORDER BY id`)).rows.map((r) => r.v);

describe('a field named <another field>_key', () => {
  it('removed, is kept as data and reported, its values kept', async () => {
    await migrate(t.db, [category('kn_kept', { product: text('Product'), product_key: text('Product key') })]);
    await t.db.exec(`INSERT INTO kn_kept (team_id, product, product_key) VALUES (${teamId}, 'Pump', 'AB-12-CD')`);
    const { notices } = await migrate(t.db, [category('kn_kept', { product: text('Product') })]);
    expect(notices).toEqual([ownMessages.migrationFieldKept('kn_kept', 'product_key', 1)]);
    expect(await values('kn_kept', 'product_key')).toEqual(['AB-12-CD']);
  });

  it('renamed without renamedFrom, is refused naming both', async () => {
    await migrate(t.db, [category('kn_ren', { product: text('Product'), product_key: text('Product key') })]);
    await t.db.exec(`INSERT INTO kn_ren (team_id, product, product_key) VALUES (${teamId}, 'Pump', 'AB-12-CD')`);
    const err = await migrate(t.db, [category('kn_ren', { product: text('Product'), licence: text('Licence') })]).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect((err as MigrationError).message).toBe(ownMessages.migrationRefused(ownMessages.migrationFieldVanished('kn_ren', 'product_key', 'licence', 1)));
    expect(await values('kn_ren', 'product_key')).toEqual(['AB-12-CD']);
  });
});

describe('a field declared under the name of a look-alike key', () => {
  it('is refused when the registry loads (the key would take its place)', () => {
    expect(() =>
      defineCategory({
        ...category('kn_taken', { name: { kind: 'text', label: 'Name', lookalike: true }, name_key: text('Name key') }),
        unique: [{ name: 'kn_taken_name_key', fields: ['team_id', 'name'], message: () => 'taken' }],
      }),
    ).toThrow(`Schema error in kn_taken.name_key: ${ownMessages.schemaLookalikeKeyDeclared('name', 'name_key')}`);
  });
});

describe('a look-alike field renamed (renamedFrom)', () => {
  it('takes its values, and its key is made again under the new name (the old key column goes)', async () => {
    const named = (field: string, extra: Partial<FieldSpec> = {}) =>
      defineCategory({
        ...category('kn_la', { [field]: { kind: 'text', label: 'Name', lookalike: true, ...extra } }),
        id: 1590,
        unique: [{ name: 'kn_la_name_key', fields: ['team_id', field], message: () => 'taken' }],
      });
    await migrate(t.db, [named('name')]);
    await t.db.exec(`INSERT INTO kn_la (team_id, name, name_key) VALUES (${teamId}, 'Pump', 'pump')`);
    await migrate(t.db, [named('title', { renamedFrom: 'name' })]);
    expect(await values('kn_la', 'title')).toEqual(['Pump']);
    expect(await values('kn_la', 'title_key')).toEqual(['pump']);
    const columns = (await t.db.query<{ c: string }>(`SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'kn_la' ORDER BY 1`)).rows.map((r) => r.c);
    expect(columns).toEqual(['id', 'team_id', 'title', 'title_key']);
  });
});
