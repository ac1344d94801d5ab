/**
 * Issue 31 item 5, the kinds and rules an integrator expects: a category without a `name` field gets
 * no 'New ...' prefill in its first summary field and no 'Name is not valid.' for it; an e-mail kind;
 * ranges and lengths declared (min, max, minLength) checked on both sides and shown in the JSON
 * Schema the OpenAPI document and the forms are drawn from.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCategory } from '../../src/schemas/defineCategory';
import { teamField } from '../../src/schemas/fields';
import { bodySchemas } from '../../src/schemas/compile';
import { initialValues } from '../../src/resources/object/formFields';
import { errorListItems } from '../../src/resources/object/validation';
import { messages } from '../../src/messages';

const inspection = defineCategory({
  key: 'kinds_probe_inspection',
  id: 9101,
  singular: 'inspection',
  title: 'Inspection',
  plural: 'Inspections',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    inspector: { kind: 'text', label: 'Inspector', required: 'An inspector is required.', minLength: 2, maxLength: 40, list: true },
    team_id: teamField,
    contact: { kind: 'email', label: 'Contact e-mail', list: true },
    score: { kind: 'integer', label: 'Score', min: 0, max: 10 },
    cost: { kind: 'number', label: 'Cost', min: 0 },
  },
  summary: ['inspector', 'id'],
  console: { list: '/kinds_probe_inspections', listKind: 'table', base: 'kinds_probe_inspection' },
});

const problems = (body: Record<string, unknown>) => {
  const result = bodySchemas(inspection).create.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('a category without a name field', () => {
  it('gets no default name in its first summary field', () => {
    expect(initialValues(inspection).inspector).toBeUndefined();
  });

  it("says what is wrong with its first summary field by that field's own message, not 'Name is not valid.'", () => {
    expect(errorListItems(inspection, { inspector: 'An inspector is required.' })).toEqual(['An inspector is required.']);
  });
});

describe('the e-mail kind', () => {
  it('accepts an address and refuses anything else, naming the field', () => {
    expect(problems({ inspector: 'Ann', team_id: 1, contact: 'ann@example.org' })).toEqual([]);
    expect(problems({ inspector: 'Ann', team_id: 1, contact: 'ann at example' })).toEqual(["The field 'Contact e-mail' must be an e-mail address."]);
  });

  it('is `format: email` in the JSON Schema', () => {
    const schema = z.toJSONSchema(bodySchemas(inspection).create, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
    expect(JSON.stringify(schema.properties.contact)).toContain('"format":"email"');
  });
});

describe('declared ranges and lengths', () => {
  it('are checked, naming the field and the bound', () => {
    expect(problems({ inspector: 'A', team_id: 1 })).toEqual(["The field 'Inspector' must have at least 2 characters."]);
    expect(problems({ inspector: 'Ann', team_id: 1, score: 11 })).toEqual(["The field 'Score' must be at most 10."]);
    expect(problems({ inspector: 'Ann', team_id: 1, cost: -1 })).toEqual(["The field 'Cost' must be at least 0."]);
    expect(problems({ inspector: 'Ann', team_id: 1, score: 10, cost: 0 })).toEqual([]);
  });

  it('appear in the JSON Schema (minimum, maximum, minLength, maxLength)', () => {
    const schema = z.toJSONSchema(bodySchemas(inspection).create, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, Record<string, unknown>> };
    expect(JSON.stringify(schema.properties.score)).toContain('"minimum":0');
    expect(JSON.stringify(schema.properties.score)).toContain('"maximum":10');
    expect(JSON.stringify(schema.properties.inspector)).toContain('"minLength":2');
    expect(JSON.stringify(schema.properties.inspector)).toContain('"maxLength":40');
  });

  it('keeps the spec name prefill for a category with a name field', () => {
    expect(messages.newObjectName('inspection')).toBe('New inspection');
  });
});
