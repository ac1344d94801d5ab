/**
 * Every kind change docs/INTEGRATOR.md lists as migrating (its "Kind changes" table) is applied to a
 * field carrying every index option its kind takes (list: its sort index, lower() for a text;
 * searchable and findsOne on a text column (text, enum, url, email): the trigram index; a json's
 * searchValues: the trigram index of its values; filter: the team statistics), on a table with rows:
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

/** A field of the kind with every index option the kind takes (an enum's values: every text below). */
function field(kind: FieldKind): FieldSpec {
  const base: FieldSpec = { kind, label: 'Value' };
  if (kind === 'text') return { ...base, list: true, searchable: true, findsOne: true };
  if (kind === 'url' || kind === 'email') return { ...base, list: true, searchable: true };
  if (kind === 'enum') return { ...base, values: [...new Set(Object.values(stored).map(([, text]) => text()))], list: true, searchable: true, filter: true };
  if (kind === 'ref') return { ...base, ref: 'team', list: true, filter: true };
  if (kind === 'refList') return { ...base, ref: 'team' };
  if (kind === 'json') return { ...base, searchValues: '$[*].value' };
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
    // A searched text beside it: a json's searchValues are searched (and indexed) only with one.
    fields: { team_id: teamField, label: { kind: 'text', label: 'Label', searchable: true }, value: field(kind) },
    summary: ['id'],
  });

/** A value of each kind as SQL, and as text once converted (ISO 8601 dates, a json string as itself, other json as its text). */
const stored: Record<Exclude<FieldKind, 'file' | 'image'>, [() => string, () => string]> = {
  text: [() => `'x'`, () => 'x'],
  integer: [() => '42', () => '42'],
  number: [() => '1.5', () => '1.5'],
  boolean: [() => 'true', () => 'true'],
  date: [() => `'2024-02-29'`, () => '2024-02-29'],
  datetime: [() => `'2024-02-29T10:00:00Z'`, () => '2024-02-29T10:00:00+00:00'],
  enum: [() => `'x'`, () => 'x'],
  url: [() => `'https://a.example/'`, () => 'https://a.example/'],
  email: [() => `'ann@a.example'`, () => 'ann@a.example'],
  ref: [() => String(teamId), () => String(teamId)],
  json: [() => `'"x"'`, () => 'x'],
  refList: [() => `'[{"id": ${teamId}}]'`, () => `[{"id": ${teamId}}]`],
};
const json = { text: 'x', integer: 42, number: 1.5, boolean: true, date: '2024-02-29', datetime: '2024-02-29T10:00:00+00:00', enum: 'x', url: 'https://a.example/', email: 'ann@a.example' };

/** [from kind, to kind, the value read back] for each row of the guide's table. */
const cases: [keyof typeof stored, FieldKind, () => unknown][] = [
  ...(['text', 'enum', 'url', 'email'] as const).flatMap((to) =>
    (Object.keys(stored) as (keyof typeof stored)[]).filter((from) => from !== to).map((from): [keyof typeof stored, FieldKind, () => unknown] => [from, to, stored[from][1]]),
  ),
  ['integer', 'number', () => 42],
  ['boolean', 'integer', () => 1],
  ['date', 'datetime', () => new Date('2024-02-29T00:00:00Z')],
  ...(Object.keys(json) as (keyof typeof json)[]).map((from): [keyof typeof stored, FieldKind, () => unknown] => [from, 'json', () => json[from]]),
  ['ref', 'json', () => teamId],
  ['ref', 'refList', () => [{ id: teamId }]],
  // "text" is the column: a text, an enum, a url or an e-mail field.
  ...(['text', 'enum', 'url', 'email'] as const).flatMap((from): [keyof typeof stored, FieldKind, () => unknown][] => [
    [from, 'integer', () => 42],
    [from, 'number', () => 42],
    [from, 'boolean', () => true],
    [from, 'date', () => '2024-02-29'],
    [from, 'datetime', () => new Date('2024-02-29T10:00:00Z')],
  ]),
  ['number', 'integer', () => 2],
  ['integer', 'boolean', () => true],
];
/** What a narrowing conversion is given: a text that converts, a whole number, 0 or 1. */
const narrowed: Partial<Record<string, string>> = {
  ...Object.fromEntries(
    ['text', 'enum', 'url', 'email'].flatMap((from) => [
      [`${from}>integer`, `'42'`],
      [`${from}>number`, `'42'`],
      [`${from}>boolean`, `'true'`],
      [`${from}>date`, `'2024-02-29'`],
      [`${from}>datetime`, `'2024-02-29T10:00:00Z'`],
    ]),
  ),
  'number>integer': '2',
  'integer>boolean': '1',
};

it.each(cases.map(([from, to, read], i) => ({ from, to, read, key: `mig_k${i}` })))('$from to $to, indexed, keeps the value', async ({ from, to, read, key }) => {
  await migrate(t.db, [category(key, from)]);
  const value = narrowed[`${from}>${to}`] ?? stored[from][0]();
  await t.db.exec(`INSERT INTO "${key}" (team_id, value) VALUES (${teamId}, ${value}), (${teamId}, NULL)`);

  const changed = [category(key, to)];
  await migrate(t.db, changed);

  const { rows } = await t.db.query<{ value: unknown }>(`SELECT ${to === 'date' ? 'value::text AS value' : 'value'} FROM "${key}" ORDER BY id`);
  expect(rows).toEqual([{ value: read() }, { value: null }]);
  // Every index and statistics of the new kind exists, as declared: nothing is left to make.
  expect(planMigration(changed, await readExistingSchema(t.db)).statements).toEqual([]);
});
