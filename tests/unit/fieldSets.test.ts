/**
 * Each question about a category's fields has one answer (src/schemas/fieldSets.ts), and every
 * consumer gives that answer: checked on the output of the consumers themselves (the CSV's columns,
 * the data provider's `fields=`, the JSON Schema, the projection, the list query, the DDL, the
 * console's columns, filters and forms, the record diff), for every category of the registry, the
 * integrator's example categories and a category declaring every flag that makes the answers differ.
 * A consumer that filters the flags on its own again fails here as soon as its answer differs.
 */
import { describe, expect, it } from 'vitest';
import { defineCategory, getCategory, type Category } from '../../src/schemas';
import { nameField, teamField } from '../../src/schemas/fields';
import { withFixtures } from '../fixtures/everyKind';
import { csvColumns } from '../../server/routes/csvExport';
import { listFields } from '../../src/dataProvider/listQuery';
import { changedFields, writableFields } from '../../src/dataProvider/recordDiff';
import { bodySchema, objectSchema } from '../../server/openapi/jsonSchema';
import { listQuery as listQueryDoc } from '../../server/openapi/routes';
import { resolveProjection } from '../../server/crud/projection';
import { serverRegistry } from '../../server/crud/registry';
import { parseFilter, parseSort, plainQueryFields } from '../../server/crud/listQuery';
import { countedColumns } from '../../server/crud/countCache';
import { blankPrivateFields } from '../../server/crud/access';
import { createTableSql, emptySchema, planMigration } from '../../server/db/ddl';
import { columnElement, listColumns } from '../../src/resources/list/listColumns';
import { filterFields, isSearchable } from '../../src/resources/list/filterFields';
import { formFieldNames } from '../../src/resources/object/formFields';

/** Every flag whose answers differ: private, secret and write-only list fields, a json list field, a date filter... */
const flags = defineCategory({
  key: 'flags_test',
  id: 903,
  singular: 'flag',
  title: 'Flag',
  plural: 'Flags',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    code: { kind: 'text', label: 'Code', list: true, searchable: true, findsOne: true },
    private_note: { kind: 'text', label: 'Private note', list: true, searchable: true, private: true },
    private_state: { kind: 'enum', label: 'Private state', values: ['a', 'b'], list: true, filter: true, private: true },
    hidden: { kind: 'text', label: 'Hidden', list: true, system: true, secret: true },
    pin: { kind: 'text', label: 'PIN', list: true, writeOnly: true },
    data: { kind: 'json', label: 'Data', list: true },
    members: { kind: 'refList', ref: 'user', label: 'Members', list: true, default: [] },
    opened: { kind: 'date', label: 'Opened', list: true, filter: true },
    owner_id: { kind: 'ref', ref: 'user', label: 'Owner', sameTeam: false, system: true, onDelete: 'setNull' },
    seen: { kind: 'datetime', label: 'Seen', system: true, list: true, recency: true },
    state: { kind: 'enum', label: 'State', values: ['on', 'off'], default: 'on', filter: true },
  },
  summary: ['name', 'id'],
});

const all: readonly Category[] = [...withFixtures, flags];
const registry = serverRegistry(all);
const findCategory = (key: string) => all.find((c) => c.key === key);
const withId = (names: readonly string[]) => ['id', ...names];
const keys = (schema: Record<string, unknown>) => Object.keys(schema.properties as Record<string, unknown>);
const plan = planMigration(all, emptySchema()).statements;

describe('the answers of a category declaring every flag', () => {
  const sets = flags.fieldSets;

  it('list, and export, only what every caller reads in a column: never a private, secret or write-only field, nor json', () => {
    expect(sets.listed).toEqual(['name', 'team_id', 'code', 'opened', 'seen']);
    expect(sets.exported).toEqual(sets.listed);
  });

  it('read the private fields (null for others) but never the secret or write-only ones', () => {
    expect(sets.readable).toEqual(['name', 'team_id', 'code', 'private_note', 'private_state', 'data', 'members', 'opened', 'owner_id', 'seen', 'state']);
    expect(sets.private).toEqual(['private_note', 'private_state']);
    expect(sets.stored).toEqual([...sets.readable.slice(0, 5), 'hidden', ...sets.readable.slice(5)]);
  });

  it('search, sort and filter by no private field; filter a date only by what lists can compare', () => {
    expect(sets.searchable).toEqual(['name', 'code']);
    expect(sets.findsOne).toEqual(['code']);
    expect(sets.sortable).toEqual(['name', 'team_id', 'code', 'opened', 'owner_id', 'seen', 'state']);
    expect(sets.filterable).toEqual(['team_id', 'owner_id', 'state']);
    expect(sets.byAge).toEqual(['seen']);
    expect(sets.indexed).toEqual(['name', 'code', 'opened', 'seen', 'state']);
  });

  it('take from a client the fields neither the server sets nor keeps secret, write-only inputs included', () => {
    expect(sets.writable).toEqual(['name', 'team_id', 'code', 'private_note', 'private_state', 'pin', 'data', 'members', 'opened', 'state']);
  });
});

describe.each(all.map((c) => [c.key, c] as const))('the consumers of %s agree', (_key, category) => {
  const sets = category.fieldSets;
  const every = Object.keys(category.fields);

  it('the CSV exports id and the exported set, and the data provider asks for id and the listed set, all readable by everyone', () => {
    expect(sets.exported).toEqual(every.filter((name) => sets.listed.includes(name) || (category.fields[name].exported === true && sets.readable.includes(name) && !sets.private.includes(name))));
    expect(csvColumns(category)).toEqual(withId(sets.exported));
    expect(listFields(category)).toEqual(withId(sets.listed));
    expect(sets.listed.every((name) => sets.readable.includes(name) && !sets.private.includes(name))).toBe(true);
  });

  it('the console shows the listed columns, sortable where the list is (a reference by name: never)', () => {
    const columns = listColumns(category);
    expect(columns.map((c) => c.name)).toEqual(sets.listed);
    for (const column of columns) {
      const sortable = (columnElement(category, column).props as { sortable?: boolean }).sortable;
      expect([column.name, sortable]).toEqual([column.name, column.field.kind !== 'ref' && sets.sortable.includes(column.name)]);
    }
  });

  it('the JSON Schema of an object and the projection answer id and the readable set; a private field reads null', () => {
    const schema = objectSchema(category);
    expect(keys(schema)).toEqual(withId(sets.readable));
    expect(resolveProjection(registry, category, undefined, false).columns).toEqual(withId(sets.readable));
    const properties = schema.properties as Record<string, { description?: string; anyOf?: { type?: string }[] }>;
    for (const name of sets.readable) {
      const notes = properties[name].description ?? '';
      expect([name, notes.includes('list column'), notes.includes('filters lists: ')]).toEqual([name, sets.listed.includes(name), sets.filterable.includes(name)]);
    }
    for (const name of sets.private) expect(JSON.stringify(properties[name])).toContain('"null"');
  });

  it('a body, the record diff and the form carry the writable set; what a client writes it reads back, but write-only inputs', () => {
    expect(keys(bodySchema(category, 'create'))).toEqual(sets.writable);
    expect(keys(bodySchema(category, 'update'))).toEqual(sets.writable);
    expect(writableFields(category)).toEqual(sets.writable);
    expect(Object.keys(changedFields(category, Object.fromEntries(every.map((name) => [name, 'x'])), undefined))).toEqual(sets.writable);
    expect(formFieldNames(category).every((name) => sets.writable.includes(name))).toBe(true);
    expect(sets.writable.filter((name) => !category.fields[name].writeOnly).every((name) => sets.readable.includes(name))).toBe(true);
  });

  it('the DDL makes a column of id and each stored field, and a list index of each indexed one', () => {
    const columns = [...createTableSql(category).matchAll(/^ {2}"([^"]+)"/gm)].map((m) => m[1]);
    expect(columns).toEqual(withId(sets.stored));
    const indexed = plan.flatMap((s) => {
      const found = new RegExp(`^CREATE INDEX IF NOT EXISTS "${category.key}_(.+)_list_idx" ON "${category.key}" `).exec(s);
      return found && found[1] !== 'team_id' ? [found[1]] : [];
    });
    // Then one per comparison (a device's firmware status), read by its filter.
    expect(indexed).toEqual([...sets.indexed, ...Object.keys(category.comparisons ?? {})]);
    expect(sets.readable.every((name) => sets.stored.includes(name))).toBe(true);
  });

  it('the list query sorts by id and the sortable set only', () => {
    const sorts = (name: string) => {
      try {
        parseSort(category, { sort: JSON.stringify([name, 'ASC']) });
        return true;
      } catch {
        return false;
      }
    };
    expect(withId(every).filter(sorts)).toEqual(withId(sets.sortable));
  });

  it('the list query filters by value the filterable set, by age the byAge set, by exact text the findsOne set, and searches the searchable set', () => {
    const condition = (name: string, value: unknown) => {
      try {
        return parseFilter(category, { filter: JSON.stringify({ [name]: value }) }, findCategory)[0]?.kind;
      } catch {
        return undefined;
      }
    };
    const plain = every.filter((name) => !sets.byAge.includes(name) && !sets.findsOne.includes(name));
    expect(plain.filter((name) => condition(name, null) === 'null')).toEqual(sets.filterable.filter((name) => plain.includes(name)));
    expect(every.filter((name) => condition(name, 'hour') === 'recency')).toEqual(sets.byAge);
    expect(every.filter((name) => condition(name, 'x') === 'sameText')).toEqual(sets.findsOne);
    const search = () => parseFilter(category, { filter: JSON.stringify({ q: 'x' }) }, findCategory)[0];
    if (sets.searchable.length > 0) expect(search()).toMatchObject({ kind: 'search', columns: sets.searchable });
    else expect(search).toThrow();
    expect(isSearchable([category])).toBe(sets.searchable.length > 0);
    expect(plainQueryFields(category).map(([name]) => name)).toEqual([...sets.filterable, ...sets.byAge]);
    expect(every.filter((name) => name in (listQueryDoc(category).properties as Record<string, unknown>))).toEqual(every.filter((name) => [...sets.filterable, ...sets.byAge].includes(name)));
    // A change of any column a count reads clears the counts; the team's, by the trigger on moved rows (countCache.ts).
    const counted = [...sets.filterable, ...sets.searchable, ...sets.searchedValues].filter((name) => name !== 'team_id');
    expect(countedColumns(category)).toEqual(expect.arrayContaining(counted));
  });

  it('another caller reads the private set as null, and nothing else', () => {
    const row = Object.fromEntries(withId(sets.readable).map((name) => [name, name === 'id' ? 1 : 'v']));
    const answer = { ...row };
    blankPrivateFields(category, { id: 2, username: 'other', isServerAdmin: false, roles: new Map() }, [row], [answer]);
    expect(Object.keys(answer).filter((name) => answer[name] === null)).toEqual(sets.private);
  });
});

// The console's pickers read the console's registry: the categories whose references it holds.
const inConsole = all.filter((c) => Object.values(c.fields).every((f) => f.ref === undefined || getCategory(f.ref) !== undefined));

describe.each(inConsole.map((c) => [c.key, c] as const))("the console's filters of %s", (_key, category) => {
  it('are of the filterable and byAge sets, or a comparison', () => {
    const { filterable, byAge } = category.fieldSets;
    const offered = filterFields(category).map((f) => f.name);
    expect(offered.every((name) => filterable.includes(name) || byAge.includes(name) || category.comparisons?.[name] !== undefined)).toBe(true);
  });
});
