/**
 * Custom field definitions as JSON Schema (src/schemas/customFields.ts) and the `definedBy` rules
 * both sides run (src/schemas/definedBy.ts): what the @rjsf form renders and the server checks.
 */
import { describe, expect, it } from 'vitest';
import { customFieldsSchema, objectToValues, readCustomFields, valuesToObject } from '../../src/schemas/customFields';
import { definedByRule } from '../../src/schemas/definedBy';
import { fieldProblem } from '../../src/schemas/compile';
import { categories, checkRegistry, mustGetCategory } from '../../src/schemas';

const definitions = readCustomFields([
  { name: 'colour', type: 0, value: 'red' },
  { name: 'outdoor', type: 1, value: true },
  { name: 'floor', type: 2, value: 3 },
  { name: '', type: 0, value: 'dropped' },
]);

describe('custom field definitions compiled to a JSON Schema', () => {
  it('has one property per named definition, its JSON type, its name as title and its value as default', () => {
    expect(customFieldsSchema(definitions)).toEqual({
      type: 'object',
      properties: {
        colour: { type: 'string', title: 'colour', default: 'red' },
        outdoor: { type: 'boolean', title: 'outdoor', default: true },
        floor: { type: 'integer', title: 'floor', default: 3 },
      },
      additionalProperties: false,
    });
  });
});

describe('stored list and form object', () => {
  it('turns the list into the object the form edits', () => {
    expect(valuesToObject([{ name: 'colour', type: 0, value: 'blue' }, { name: 'floor', type: 2, value: 1 }, 'junk', null])).toEqual({
      colour: 'blue',
      floor: 1,
    });
    expect(valuesToObject(null)).toEqual({});
  });

  it('turns the object back into the list in the definitions order, absent values from the definitions', () => {
    expect(objectToValues(definitions, { floor: 7, colour: 'blue', stray: 1 })).toEqual([
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'outdoor', type: 1, value: true },
      { name: 'floor', type: 2, value: 7 },
    ]);
  });
});

describe("a device's values checked against its type's definitions", () => {
  const rule = definedByRule('customFields');
  const check = (value: unknown) => rule.problem(definitions, value, 'Custom fields', 'Type');

  it('accepts values that fit, a subset of them, and null', () => {
    expect(check([{ name: 'floor', type: 2, value: 5 }, { name: 'colour', type: 0, value: '' }])).toBeUndefined();
    expect(check(null)).toBeUndefined();
  });

  it('refuses a name the type does not define, and a value of the wrong type, naming them', () => {
    expect(check([{ name: 'weight', type: 2, value: 5 }])).toBe("The field 'Custom fields' has a value for 'weight', which its type does not define.");
    expect(check([{ name: 'floor', type: 2, value: 1.5 }])).toBe("The field 'Custom fields': the value of 'floor' must be of type Integer.");
    expect(check([{ name: 'outdoor', type: 0, value: 'yes' }])).toBe("The field 'Custom fields': the value of 'outdoor' must be of type Boolean.");
    expect(check({ floor: 1 })).toBe('Custom fields must be a list of { name, type, value }.');
  });

  it('prunes the values of removed definitions, leaving lists that lose nothing and non-lists alone', () => {
    expect(rule.prune!(definitions.slice(0, 1), [{ name: 'colour', value: 'x' }, { name: 'floor', value: 1 }])).toEqual([
      { name: 'colour', value: 'x' },
    ]);
    expect(rule.prune!(definitions, [{ name: 'colour', value: 'x' }])).toBeUndefined();
    expect(rule.prune!(definitions, null)).toBeUndefined();
  });
});

describe('a provisioning schema', () => {
  // Through the declared field: its check names it by its label.
  const check = (value: unknown) => fieldProblem(mustGetCategory('type').fields.provisioning_schema, value);

  it('must be a JSON Schema ajv can compile; none is fine', () => {
    expect(check(null)).toBeUndefined();
    expect(check({ type: 'object', properties: { ssid: { type: 'string' } } })).toBeUndefined();
    expect(check({ type: 'sometimes' })).toMatch(/^The field 'Provisioning schema' is not a valid JSON Schema: /);
    expect(check({ $ref: '#/nowhere' })).toMatch(/^The field 'Provisioning schema' is not a valid JSON Schema: .*nowhere/);
    expect(check('text')).toBe("The field 'Provisioning schema' is not a valid JSON Schema: a JSON Schema is a JSON object.");
  });

  it('checks a provisioning against it', () => {
    const rule = definedByRule('schema');
    const schema = { type: 'object', properties: { channel: { type: 'integer', maximum: 13 } } };
    expect(rule.problem(schema, { channel: 6 }, 'Provisioning', 'Type')).toBeUndefined();
    expect(rule.problem(schema, { channel: 40 }, 'Provisioning', 'Type')).toBe(
      "The field 'Provisioning' does not match its schema: /channel must be <= 13.",
    );
    expect(rule.problem(null, { anything: 1 }, 'Provisioning', 'Type')).toBeUndefined();
  });
});

describe('the registry check', () => {
  it("refuses a definedBy whose reference's category has no such json field", () => {
    const device = mustGetCategory('device');
    const broken = {
      ...device,
      fields: { ...device.fields, provisioning: { ...device.fields.provisioning, definedBy: { via: 'type_id', field: 'no_such', as: 'schema' as const } } },
    };
    expect(() => checkRegistry(categories.map((c) => (c === device ? broken : c)))).toThrow(
      "Schema error in device.provisioning: 'definedBy' needs a json field and a reference to a category with the json field 'no_such'",
    );
    expect(() => checkRegistry(categories)).not.toThrow();
  });
});
