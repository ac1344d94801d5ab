/**
 * Custom fields (spec section 3) as JSON Schema, shared by the console's @rjsf form and the
 * server's check: a type's definitions ({ name, type 0 string | 1 boolean | 2 integer, value })
 * compile to an object schema with one property per definition; a device's values are stored
 * in the spec's list shape and edited as the object that schema describes.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/** One stored entry, the spec's shape (the console's 'existing changed' flag is never stored). */
export const customFieldSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    type: { enum: [0, 1, 2] },
    value: { type: ['string', 'boolean', 'integer'] },
  },
  required: ['name', 'type', 'value'],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type CustomField = FromSchema<typeof customFieldSchema>;
export type CustomFieldType = CustomField['type'];
export type CustomFieldValue = CustomField['value'];

/** The schema compiled from definitions: what json-schema-to-ts can say of a schema built at run time. */
export interface CustomFieldsJsonSchema {
  type: 'object';
  properties: Record<string, { type: 'string' | 'boolean' | 'integer'; title: string; default: CustomFieldValue }>;
  additionalProperties: false;
}

const JSON_TYPES = ['string', 'boolean', 'integer'] as const;

export const isCustomFieldType = (t: unknown): t is CustomFieldType => t === 0 || t === 1 || t === 2;

export function defaultValue(type: CustomFieldType): CustomFieldValue {
  if (type === 1) return false;
  if (type === 2) return 0;
  return '';
}

const INTEGER = /^-?\d+$/;

export function parseInteger(text: string): number | undefined {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The value in the shape of the type; what cannot be read becomes the type's default. */
export function coerceValue(type: CustomFieldType, value: unknown): CustomFieldValue {
  if (type === 1) return value === true || value === 'true';
  if (type === 2) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    return (typeof value === 'string' && parseInteger(value)) || 0;
  }
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : String(value);
}

/** Stored data written before fields had a type (or by hand) still shows: the value tells the type. */
function inferType(value: unknown): CustomFieldType {
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return 2;
  return 0;
}

/** A stored list read leniently (a JSON text too): entries without a string name are skipped. */
export function readCustomFields(stored: unknown): CustomField[] {
  let list = stored;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const fields: CustomField[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, type, value } = item as { name?: unknown; type?: unknown; value?: unknown };
    if (typeof name !== 'string') continue;
    const t = isCustomFieldType(type) ? type : inferType(value);
    fields.push({ name, type: t, value: coerceValue(t, value) });
  }
  return fields;
}

/** Definitions that define something: a definition without a name is dropped on save (spec section 5). */
const named = (definitions: readonly CustomField[]) => definitions.filter((d) => d.name.trim() !== '');

/** The JSON Schema of a device's values under these definitions; the definition's value is the default. */
export function customFieldsSchema(definitions: readonly CustomField[]): CustomFieldsJsonSchema {
  const properties: CustomFieldsJsonSchema['properties'] = {};
  for (const d of named(definitions)) {
    properties[d.name] = { type: JSON_TYPES[d.type], title: d.name, default: coerceValue(d.type, d.value) };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** The stored list as the object the form edits and the schema checks (raw values: the schema judges them). */
export function valuesToObject(stored: unknown): Record<string, unknown> {
  const list = Array.isArray(stored) ? (stored as unknown[]) : [];
  const object: Record<string, unknown> = {};
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, value } = item as { name?: unknown; value?: unknown };
    if (typeof name === 'string') object[name] = value;
  }
  return object;
}

/**
 * The form's object back in the stored list shape, one entry per definition in the definitions'
 * order: the object's value as it is (the schema judges it), the definition's value when absent.
 */
export function objectToValues(
  definitions: readonly CustomField[],
  object: Readonly<Record<string, unknown>>,
): { name: string; type: CustomFieldType; value: unknown }[] {
  return named(definitions).map((d) => ({
    name: d.name,
    type: d.type,
    value: object[d.name] === undefined ? coerceValue(d.type, d.value) : object[d.name],
  }));
}

/**
 * A device's values: one per definition of its type, in the type's order. A stored value of the
 * same name and type is kept; otherwise the definition's value is the default. Values of fields
 * the type no longer defines are dropped.
 */
export function valuesFromDefinitions(definitions: readonly CustomField[], stored: readonly CustomField[]): CustomField[] {
  const byName = new Map(stored.map((f) => [f.name, f]));
  return named(definitions).map((d) => {
    const own = byName.get(d.name);
    return { name: d.name, type: d.type, value: own && own.type === d.type ? own.value : coerceValue(d.type, d.value) };
  });
}
