/**
 * Every kind change docs/INTEGRATOR.md lists as migrating (its "Kind changes" table) is applied to a
 * field carrying every index option its kind takes (list: its sort index, lower() for a text;
 * searchable and findsOne: the trigram index; filter: the team statistics), on a table with rows:
 * the values are kept, converted, and the indexes made again for the new kind in the same migration.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineCategory, type FieldSpec } from '../../src/schemas/defineCategory';
import type { FieldKind } from '../../src/schemas/fieldSpec';
import { teamField } from '../../src/schemas/fields';
import { migrate, readExistingSchema } from '../../server/db/migrate';
import { planMigration } from '../../server/db/ddl';
import { createTeam, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  teamId = await createTeam(t.db, 'Kind changes', []);
});
afterAll(() => t.close());

/** A field of the kind with every index option the kind takes. */
function field(kind: FieldKind): FieldSpec {
  const base: FieldSpec = { kind, label: 'Value' };
  if (kind === 'text') return { ...base, list: true, searchable: true, findsOne: true };
  if (kind === 'enum') return { ...base, values: ['42', '1', 'true', 'x', '2024-02-29'], list: true, filter: true };
  if (kind === 'ref') return { ...base, ref: 'team', list: true, filter: true };
  if (kind === 'refList') return { ...base, ref: 'team' };
  if (kind === 'json') return base;
  return { ...base, list: true };
}

let nextId = 950;
const category = (key: string, kind: FieldKind) =>
  defineCategory({
    key,
    id: nextId++,
    singular: key,
    title: key,
    plural: key,
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { team_id: teamField, value: field(kind) },
    summary: ['id'],
  });

/** [from kind, stored value (SQL), to kind, the value read back] for each row of the guide's table. */
const TEAM = '$TEAM';
const cases: [FieldKind, string, FieldKind, unknown][] = [
  ...(['text', 'enum', 'url'] as const).flatMap((to): [FieldKind, string, FieldKind, unknown][] => [
    ['integer', '42', to, '42'],
    ['number', '1', to, '1'],
    ['boolean', 'true', to, 'true'],
    ['date', `'2024-02-29'`, to, '2024-02-29'],
    ['json', `'"x"'`, to, 'x'],
  ]),
  ['datetime', `'2024-02-29T10:00:00Z'`, 'text', '2024-02-29T10:00:00+00:00'],
  ['url', `'https://a.example/'`, 'text', 'https://a.example/'],
  ['enum', `'x'`, 'url', 'x'],
  ['text', `'x'`, 'enum', 'x'],
  ['integer', '7', 'number', 7],
  ['boolean', 'true', 'integer', 1],
  ['date', `'2024-02-29'`, 'datetime', new Date('2024-02-29T00:00:00Z')],
  ...(['text', 'integer', 'number', 'boolean', 'date', 'datetime', 'enum', 'url'] as const).map(
    (from): [FieldKind, string, FieldKind, unknown] => [from, { text: `'x'`, enum: `'x'`, url: `'x'`, integer: '3', number: '2.5', boolean: 'false', date: `'2024-02-29'`, datetime: `'2024-02-29T10:00:00Z'` }[from], 'json', { text: 'x', enum: 'x', url: 'x', integer: 3, number: 2.5, boolean: false, date: '2024-02-29', datetime: '2024-02-29T10:00:00+00:00' }[from]],
  ),
  ['ref', TEAM, 'refList', 'team'],
  ['text', `'42'`, 'integer', 42],
  ['text', `'4.5'`, 'number', 4.5],
  ['text', `'true'`, 'boolean', true],
  ['text', `'2024-02-29'`, 'date', '2024-02-29'],
  ['text', `'2024-02-29T10:00:00Z'`, 'datetime', new Date('2024-02-29T10:00:00Z')],
  ['number', '4', 'integer', 4],
  ['integer', '1', 'boolean', true],
];

it.each(cases.map(([from, stored, to, read], i) => ({ from, stored, to, read, key: `mig_k${i}` })))(
  '$from to $to, indexed, keeps the value',
  async ({ from, stored, to, read, key }) => {
    await migrate(t.db, [category(key, from)]);
    const value = stored === TEAM ? String(teamId) : stored;
    await t.db.exec(`INSERT INTO "${key}" (team_id, value) VALUES (${teamId}, ${value}), (${teamId}, NULL)`);

    const changed = [category(key, to)];
    await migrate(t.db, changed);

    const { rows } = await t.db.query<{ value: unknown }>(`SELECT ${to === 'date' ? 'value::text AS value' : 'value'} FROM "${key}" ORDER BY id`);
    expect(rows).toEqual([{ value: read === 'team' ? [{ id: teamId }] : read }, { value: null }]);
    // Every index and statistics of the new kind exists, as declared: nothing is left to make.
    expect(planMigration(changed, await readExistingSchema(t.db)).statements).toEqual([]);
  },
);
