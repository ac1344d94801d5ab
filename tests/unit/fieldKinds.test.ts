/** Every field kind's validator and the registry's load-time check (src/schemas/kinds.ts, compile.ts, registryCheck.ts). */
import { describe, expect, it } from 'vitest';
import { bodyProblem, checkRegistry, defineCategory, fieldProblem, typeErrorOf, type FieldSpec } from '../../src/schemas';
import { ownMessages } from '../../src/messages';

const f = (spec: Partial<FieldSpec> & Pick<FieldSpec, 'kind'>): FieldSpec => ({ label: 'Thing', ...spec });

describe('field kinds', () => {
  it('date: a calendar date that exists', () => {
    const date = f({ kind: 'date' });
    expect(fieldProblem(date, '2024-02-29')).toBeUndefined();
    expect(fieldProblem(date, '2024-02-30')).toBe(typeErrorOf(date));
    expect(fieldProblem(date, '2023-02-29')).toBe(typeErrorOf(date));
    expect(fieldProblem(date, '29/02/2024')).toBe(typeErrorOf(date));
    expect(fieldProblem(date, null)).toBeUndefined();
    // Years 1 to 99 are years too (a naive Date.UTC reads them as 1901 to 1999).
    expect(fieldProblem(date, '0050-06-01')).toBeUndefined();
    expect(fieldProblem(date, '0000-01-01')).toBe(typeErrorOf(date));
  });

  it('datetime: ISO 8601 with an offset, on a day that exists', () => {
    const dt = f({ kind: 'datetime' });
    expect(fieldProblem(dt, '2024-02-29T13:05:00Z')).toBeUndefined();
    expect(fieldProblem(dt, '2024-02-29T13:05:00.123+01:00')).toBeUndefined();
    expect(fieldProblem(dt, '2024-02-30T13:05:00Z')).toBe(typeErrorOf(dt));
    expect(fieldProblem(dt, '2024-02-29 13:05')).toBe(typeErrorOf(dt));
    // What PostgreSQL would refuse or give back changed: an offset beyond 14 hours, year 10000 in UTC.
    expect(fieldProblem(dt, '2024-02-29T13:05:00+23:59')).toBe(typeErrorOf(dt));
    expect(fieldProblem(dt, '9999-12-31T23:59:59-14:00')).toBe(typeErrorOf(dt));
    expect(fieldProblem(dt, '9999-12-31T23:59:59+01:00')).toBeUndefined();
  });

  it('number: decimals; integer: whole numbers within PostgreSQL integer', () => {
    expect(fieldProblem(f({ kind: 'number' }), -12.5)).toBeUndefined();
    expect(fieldProblem(f({ kind: 'number' }), '12.5')).toBe(typeErrorOf(f({ kind: 'number' })));
    expect(fieldProblem(f({ kind: 'integer' }), 12.5)).toBe(typeErrorOf(f({ kind: 'integer' })));
    expect(fieldProblem(f({ kind: 'integer' }), 2 ** 31)).toBe(typeErrorOf(f({ kind: 'integer' })));
  });

  it('enum: one of the declared values', () => {
    const e = f({ kind: 'enum', values: ['a', 'b'] });
    expect(fieldProblem(e, 'b')).toBeUndefined();
    expect(fieldProblem(e, 'c')).toBe(ownMessages.wrongFieldType('Thing', 'one of a, b'));
  });

  it('url: only the allowed schemes', () => {
    const u = f({ kind: 'url' });
    expect(fieldProblem(u, 'https://example.com/a?b=1')).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/', 'not a url', 'data:text/html,x', ' http://x.y', 'http://x.y\nfoo', 'http:x', 'http:/\\evil.com', 'http://x.y/\ud800']) {
      expect(fieldProblem(u, bad), bad).toBe(typeErrorOf(u));
    }
    expect(fieldProblem(f({ kind: 'url', schemes: ['ftp'] }), 'ftp://example.com/')).toBeUndefined();
  });

  it('refList: ids or { id }, no duplicates', () => {
    const r = f({ kind: 'refList', ref: 'x' });
    expect(fieldProblem(r, [1, { id: 2 }])).toBeUndefined();
    expect(fieldProblem(r, [1, { id: 1 }])).toBe(ownMessages.duplicateInList('Thing'));
    for (const bad of [[0], ['1'], [{ id: 1, x: 2 }], 'x']) expect(fieldProblem(r, bad), JSON.stringify(bad)).toBe(typeErrorOf(r));
  });

  it('json: any value, or one that satisfies its JSON Schema', () => {
    const j = f({ kind: 'json', schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } });
    expect(fieldProblem(j, { n: 3 })).toBeUndefined();
    expect(fieldProblem(j, { n: 'x' })).toMatch(/^The field 'Thing' does not match its schema: \/n must be integer\.$/);
    expect(fieldProblem(f({ kind: 'json' }), [1, 'a', null])).toBeUndefined();
  });

  it('required: empty text and null get the field’s own message, first', () => {
    const r = f({ kind: 'text', required: 'Say something.' });
    expect(fieldProblem(r, '  ')).toBe('Say something.');
    expect(fieldProblem(r, null)).toBe('Say something.');
  });
});

describe('bodies', () => {
  const cat = defineCategory({
    key: 'probe',
    id: 901,
    singular: 'probe',
    title: 'Probe',
    plural: 'Probes',
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { name: f({ kind: 'text', required: 'Name!' }), at: f({ kind: 'date', label: 'When' }), made: f({ kind: 'datetime', system: true }) },
    summary: ['name'],
  });

  it('refuses unknown and server-set fields, and a missing required one on create only', () => {
    expect(bodyProblem(cat, { name: 'a', nope: 1 }, 'create')).toBe(ownMessages.unknownField('nope'));
    expect(bodyProblem(cat, { name: 'a', made: '2024-01-01T00:00:00Z' }, 'create')).toBe(ownMessages.readOnlyField('made'));
    expect(bodyProblem(cat, { at: '2024-01-01' }, 'create')).toBe('Name!');
    expect(bodyProblem(cat, { at: '2024-01-01' }, 'update', 1)).toBeUndefined();
    expect(bodyProblem(cat, { id: 1, at: null }, 'update', 1)).toBeUndefined();
    expect(bodyProblem(cat, [], 'update', 1)).toBe(ownMessages.bodyNotObject);
  });
});

describe('the registry check', () => {
  const base = { id: 902, singular: 's', title: 'S', plural: 'Ss', scope: 'team', permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' }, summary: [] } as const;

  it('names the category and field of an unknown kind, a bad default, an enum without values', () => {
    expect(() => defineCategory({ ...base, key: 'k1', fields: { x: f({ kind: 'decimal' as never }) } })).toThrow(/^Schema error in k1\.x: unknown kind 'decimal'/);
    expect(() => defineCategory({ ...base, key: 'k2', fields: { x: f({ kind: 'date', default: '2024-02-30' }) } })).toThrow(/^Schema error in k2\.x: the default "2024-02-30" is not a date/);
    expect(() => defineCategory({ ...base, key: 'k3', fields: { x: f({ kind: 'enum' }) } })).toThrow(/k3\.x: an enum field needs 'values'/);
  });

  it('names a reference to an unknown category', () => {
    const bad = defineCategory({ ...base, key: 'k4', fields: { x: f({ kind: 'ref', ref: 'nowhere' }) } });
    expect(() => checkRegistry([bad])).toThrow("Schema error in k4.x: 'ref' names an unknown category 'nowhere'");
  });

  it('names an empty list\'s prerequisite (console.needsFirst) that is no category', () => {
    const listed = (needsFirst: string) =>
      defineCategory({ ...base, key: 'k10', fields: { x: f({ kind: 'text' }) }, console: { list: '/k10', listKind: 'table', base: 'k10', needsFirst } });
    expect(() => checkRegistry([listed('k10')])).not.toThrow();
    expect(() => checkRegistry([listed('nowhere')])).toThrow("Schema error in k10: 'console.needsFirst' names an unknown category 'nowhere'");
  });

  it('names a listThrough whose referenced category has no such list', () => {
    const through = { list: 'items', as: 'items', fields: ['id'], usedIn: 'used_in', usedInFields: ['id'] };
    const holder = defineCategory({ ...base, key: 'k5', fields: { items: f({ kind: 'refList', ref: 'k5' }), other: f({ kind: 'text' }) } });
    const good = defineCategory({ ...base, id: 903, key: 'k6', fields: { x: f({ kind: 'ref', ref: 'k5', listThrough: through }) } });
    expect(() => checkRegistry([holder, good])).not.toThrow();
    const bad = defineCategory({ ...base, id: 903, key: 'k6', fields: { x: f({ kind: 'ref', ref: 'k5', listThrough: { ...through, list: 'other' } }) } });
    expect(() => checkRegistry([holder, bad])).toThrow("Schema error in k6.x: 'listThrough' needs a ref field to a category with the refList field 'other'");
  });

  it("names a 'disabled' flag that is no flag, and an 'enabledOnly' reference to a category that cannot be disabled", () => {
    const disabled = { field: 'off', chosen: () => 'disabled', named: 'in use' };
    const target = (off: FieldSpec) => defineCategory({ ...base, key: 'k7', fields: { off }, disabled });
    const aiming = (ref: string) => defineCategory({ ...base, id: 903, key: 'k8', fields: { x: f({ kind: 'ref', ref, enabledOnly: true }) } });
    expect(() => checkRegistry([target(f({ kind: 'integer' })), aiming('k7')])).not.toThrow();
    expect(() => checkRegistry([target(f({ kind: 'text' })), aiming('k7')])).toThrow("Schema error in k7.off: 'disabled' needs an integer (0 or 1) or boolean field");
    const plain = defineCategory({ ...base, key: 'k9', fields: { off: f({ kind: 'integer' }) } });
    expect(() => checkRegistry([plain, aiming('k9')])).toThrow("Schema error in k8.x: 'enabledOnly' needs a ref field to a category that declares 'disabled'");
  });
});
