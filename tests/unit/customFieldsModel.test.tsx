/**
 * The pure side of custom fields (src/resources/inputs/customFields.ts over src/schemas/customFields.ts): reading stored lists,
 * what a save keeps, the 'existing changed' flag, a device's values from its type's definitions,
 * and the field-name table that must keep matching the registry.
 */
import { describe, expect, it } from 'vitest';
import { categories, mustGetCategory, type FieldSpec } from '../../src/schemas';
import {
  coerceValue,
  duplicateNames,
  existingChanged,
  parseInteger,
  readCustomFields,
  renamed,
  rowsFromStored,
  toSaved,
  valuesFromDefinitions,
  withType,
  type CustomFieldRow,
} from '../../src/resources/inputs/customFields';

describe('reading and saving', () => {
  it('reads a stored list leniently, inferring a missing type from the value', () => {
    expect(readCustomFields([{ name: 'a', value: true }, { name: 'b', value: 3 }, { name: 'c' }, { value: 1 }, null, 'x'])).toEqual([
      { name: 'a', type: 1, value: true },
      { name: 'b', type: 2, value: 3 },
      { name: 'c', type: 0, value: '' },
    ]);
    expect(readCustomFields(null)).toEqual([]);
    expect(readCustomFields({ name: 'a' })).toEqual([]);
  });

  it('coerces values to their type, unreadable ones to the default', () => {
    expect(coerceValue(1, 'true')).toBe(true);
    expect(coerceValue(1, 1)).toBe(false);
    expect(coerceValue(2, '42')).toBe(42);
    expect(coerceValue(2, 1.5)).toBe(0);
    expect(coerceValue(2, 'x')).toBe(0);
    expect(coerceValue(0, 5)).toBe('5');
    expect(coerceValue(0, null)).toBe('');
  });

  it('parses whole numbers only', () => {
    expect(parseInteger(' -7 ')).toBe(-7);
    expect(parseInteger('1e3')).toBeUndefined();
    expect(parseInteger('')).toBeUndefined();
    expect(parseInteger('99999999999999999999')).toBeUndefined();
  });

  it('drops rows with an empty name on save and trims names', () => {
    const rows: CustomFieldRow[] = [
      { key: 1, name: ' a ', type: 0, value: 'x' },
      { key: 2, name: '', type: 2, value: 5 },
      { key: 3, name: '   ', type: 1, value: true },
    ];
    expect(toSaved(rows)).toEqual([{ name: 'a', type: 0, value: 'x' }]);
  });

  it('finds names used twice', () => {
    expect(duplicateNames([{ name: 'a' }, { name: 'b' }, { name: ' a' }, { name: '' }, { name: '' }])).toEqual(['a']);
  });
});

describe("the client-only flag 'existing changed'", () => {
  const [row] = rowsFromStored([{ name: 'floor', type: 2, value: 1 }]);

  it('is set only for a stored field whose type or value changed', () => {
    expect(existingChanged(row)).toBe(false);
    expect(existingChanged({ ...row, value: 2 })).toBe(true);
    expect(existingChanged(withType(row, 0))).toBe(true);
    expect(existingChanged({ ...row, name: 'level' })).toBe(false);
    expect(existingChanged({ key: 9, name: 'new', type: 0, value: 'x' })).toBe(false);
  });

  it('gives a row whose type changes the new default', () => {
    expect(withType(row, 1)).toMatchObject({ type: 1, value: false });
    expect(withType(row, 0)).toMatchObject({ type: 0, value: '' });
    expect(withType(row, 2)).toBe(row);
  });

  it('tells a renamed stored field', () => {
    expect(renamed({ ...row, name: 'level' })).toBe(true);
    expect(renamed({ ...row, name: '' })).toBe(false);
    expect(renamed(row)).toBe(false);
  });
});

describe("a device's values from its type's definitions", () => {
  const definitions = readCustomFields([
    { name: 'colour', type: 0, value: 'red' },
    { name: 'outdoor', type: 1, value: false },
    { name: 'floor', type: 2, value: 0 },
  ]);

  it("keeps the device's value of the same name and type, takes the definition's otherwise, drops the rest", () => {
    const stored = readCustomFields([
      { name: 'floor', type: 2, value: 3 },
      { name: 'outdoor', type: 0, value: 'yes' },
      { name: 'gone', type: 0, value: 'x' },
    ]);
    expect(valuesFromDefinitions(definitions, stored)).toEqual([
      { name: 'colour', type: 0, value: 'red' },
      { name: 'outdoor', type: 1, value: false },
      { name: 'floor', type: 2, value: 3 },
    ]);
  });
});

describe('fields defined elsewhere', () => {
  it('are declared in the schema: the reference exists and its target holds the definitions or the schema', () => {
    const defined = categories.flatMap((c) =>
      Object.values(c.fields).flatMap((f: FieldSpec) => (f.definedBy ? [[c, f.definedBy] as const] : [])),
    );
    expect(defined.map(([, d]) => d.as).sort()).toEqual(['customFields', 'schema']);
    for (const [owner, { via, field, as }] of defined) {
      const ref = owner.fields[via];
      expect(ref?.kind, `${owner.key}.${via}`).toBe('ref');
      const definer = mustGetCategory(ref!.ref!).fields[field];
      expect(definer?.kind).toBe('json');
      if (as === 'customFields') expect(definer?.input).toBe('customFields');
    }
  });

  it('a free list (a firmware) is not defined elsewhere', () => {
    expect(mustGetCategory('firmware').fields.custom_fields.definedBy).toBeUndefined();
  });
});
