/**
 * The object form validates with the server's own validators (src/schemas/compile.ts): the same
 * messages for the same values, field labels in them, and the console-only rules on top.
 */
import { describe, expect, it } from 'vitest';
import { bodyProblem, defineCategory, mustGetCategory, type FieldSpec } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { validateObject } from '../../src/resources/object/validation';

const site = defineCategory({
  key: 'site_form_test',
  id: 900,
  singular: 'site',
  title: 'Site',
  plural: 'Sites',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: { kind: 'text', label: 'Name', required: messages.nameEmpty, maxLength: 10 },
    floors: { kind: 'integer', label: 'Floors' },
    latitude: { kind: 'number', label: 'Latitude' },
    opened: { kind: 'date', label: 'Commissioning date' },
    visited: { kind: 'datetime', label: 'Last visit' },
    kind: { kind: 'enum', label: 'Kind of site', values: ['plant', 'office'] },
    web: { kind: 'url', label: 'Web page' },
  } satisfies Record<string, FieldSpec>,
  summary: ['name', 'id'],
});
const fields = Object.keys(site.fields);
const valid = { name: 'North', floors: 3, latitude: 48.85, opened: '2024-02-29', visited: '2024-03-01T10:00:00Z', kind: 'plant', web: 'https://example.com' };

describe('form validation from the compiled schema', () => {
  it('accepts what the server accepts', () => {
    expect(validateObject({ category: site, fields, values: valid })).toEqual({});
    expect(bodyProblem(site, valid, 'create')).toBeUndefined();
  });

  it('refuses each wrong value with the server message, naming the field by its label', () => {
    const wrong = { name: 'Far too long a name', floors: '2.5', latitude: 'north', opened: '2024-02-30', visited: 'yesterday', kind: 'shop', web: 'ftp://example.com' };
    const errors = validateObject({ category: site, fields, values: wrong });
    expect(errors).toEqual({
      name: ownMessages.tooLong('Name', 10),
      floors: ownMessages.wrongFieldType('Floors', 'a whole number'),
      latitude: ownMessages.wrongFieldType('Latitude', 'a number'),
      opened: ownMessages.wrongFieldType('Commissioning date', 'a date (YYYY-MM-DD)'),
      visited: ownMessages.wrongFieldType('Last visit', 'an ISO 8601 date and time with its offset'),
      kind: ownMessages.wrongFieldType('Kind of site', 'one of plant, office'),
      web: ownMessages.wrongFieldType('Web page', 'a http or https address'),
    });
    for (const [name, message] of Object.entries(errors)) {
      expect(bodyProblem(site, { ...valid, [name]: wrong[name as keyof typeof wrong] }, 'create')).toBe(message);
    }
  });

  it('an empty optional field is fine, an empty required one gives its required message', () => {
    const empty = { name: ' ', floors: null, latitude: null, opened: null, visited: null, kind: null, web: null };
    expect(validateObject({ category: site, fields, values: empty })).toEqual({ name: messages.nameEmpty });
  });

  it("keeps the spec's messages of the registry's rules", () => {
    const firmware = mustGetCategory('firmware');
    const errors = validateObject({ category: firmware, fields: ['name', 'version'], values: { name: 'a/b', version: 'x' } });
    expect(errors).toEqual({ name: messages.firmwareNameChars, version: messages.versionNotSemver });
    const type = mustGetCategory('type');
    const long = 'u'.repeat(201);
    expect(validateObject({ category: type, fields: ['name_of_uid'], values: { name_of_uid: long } })).toEqual({
      name_of_uid: ownMessages.tooLong(type.fields.name_of_uid.label, 200),
    });
  });
});
