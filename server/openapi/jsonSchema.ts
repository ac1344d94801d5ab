/**
 * The JSON Schemas of a category, derived from the registry: request bodies are zod's JSON Schema
 * output of the very schemas the server validates with (compile.ts bodySchemas), objects are the
 * category's readable fields. What zod cannot say (a field's label, its kind, who sets it, a json
 * field's own JSON Schema) is added as annotations, so the OpenAPI document, the reference page and
 * docs/API.md all read one description.
 */
import { z } from 'zod';
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { bodySchemas, fieldSchema } from '../../src/schemas/compile';
import { KINDS } from '../../src/schemas/kinds';
import { RECENCY_VALUES } from '../../src/schemas/recency';
import { listThroughLinks } from '../../src/schemas/listThroughLinks';
import { embeddedTotalKey } from '../../src/schemas/embeddedList';

export type JsonSchema = Record<string, unknown>;

/** A reference to a schema of the document's components. */
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Component names: the object, the full object, the create and update bodies. */
export const schemaNames = (category: Category) => ({
  object: category.key,
  full: `${category.key}_full`,
  create: `${category.key}_create`,
  update: `${category.key}_update`,
});

/**
 * A date's or date-time's format names it: zod's long pattern for the same check would only make
 * readers (and the reference page's examples) stumble. The server checks the value either way.
 */
function withoutFormatPattern(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (out.format === 'date' || out.format === 'date-time') delete out.pattern;
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as JsonSchema[]).map(withoutFormatPattern);
  if (out.properties) {
    out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, JsonSchema>).map(([k, v]) => [k, withoutFormatPattern(v)]));
  }
  return out;
}

/** zod's JSON Schema without the dialect line (the document declares the dialect once). */
function fromZod(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return withoutFormatPattern(rest);
}

/** A json field's own JSON Schema in place of "any value", keeping null where the field allows it. */
function withOwnSchema(field: FieldSpec, schema: JsonSchema): JsonSchema {
  if (field.kind !== 'json' || !field.schema) return schema;
  const { $schema: _dialect, $id: _id, ...own } = field.schema as JsonSchema;
  return field.required ? own : { anyOf: [own, { type: 'null' }] };
}

/** The ages of a `recency` filter (src/schemas/recency.ts), in words. */
const RECENCY_AGES = '`hour`, `day`, `week` (seen within it), `over_day` (seen, but not within a day), `never`';

/** A plain `?field=` filter of a list or the CSV export, described by its field's kind. */
export function plainFilterSchema(name: string, field: FieldSpec, where = ''): JsonSchema {
  if (field.recency) return { type: 'string', description: `Only objects whose \`${name}\` is of this age${where}: ${RECENCY_AGES} (empty: all).` };
  const what = field.kind === 'ref' ? 'this id (empty or 0: all)' : `this value (empty: all)${field.kind === 'enum' ? `, ${KINDS.enum.expected(field)}` : ''}`;
  return { type: 'string', description: `Only objects whose \`${name}\` is ${what}${where}.` };
}

/** The plain filters by a category's comparisons (`?firmware_status=pending`: src/schemas/comparison.ts), described. */
export function comparisonFilterSchemas(category: Category, where = ''): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(category.comparisons ?? {}).map(([name, c]) => {
      const [a, b] = c.fields.map((f) => `\`${f}\``);
      const values = `\`${c.values.same}\` (${a} is ${b}), \`${c.values.differ}\` (they differ), \`${c.values.neither}\` (neither is set)`;
      return [name, { type: 'string', description: `Only objects whose ${a} and ${b} stand so${where}: ${values} (empty: all); also in \`filter\`.` }];
    }),
  );
}

/** What a reader needs to know about a field beyond its JSON type, in words; what lists do with it from the category's fieldSets. */
function fieldNotes(category: Category, name: string): string[] {
  const field = category.fields[name];
  const sets = category.fieldSets;
  return [
    field.ref ? (field.kind === 'refList' ? `ids of ${field.ref} objects, in order` : `id of a ${field.ref}`) : '',
    field.kind === 'enum' || field.kind === 'url' ? KINDS[field.kind].expected(field) : '',
    field.matches ? `of the object's ${field.matches.map((m) => `\`${m}\``).join(', ')}` : '',
    field.enabledOnly ? `never newly a disabled ${field.ref} (400; one already held is kept)` : '',
    field.resolvesTo ? `resolved to \`${field.resolvesTo}\`` : '',
    sets.private.includes(name) ? 'read by the object itself and the server administrator only' : '',
    sets.filterable.includes(name) ? `filters lists: \`?${name}=${field.kind === 'ref' ? 'id' : 'value'}\`` : '',
    sets.byAge.includes(name) ? `filters lists by age: \`?${name}=${RECENCY_VALUES.join('|')}\`` : '',
    sets.findsOne.includes(name) ? `filters lists by its exact text, letter case aside: \`filter={"${name}":"text"}\`` : '',
    sets.listed.includes(name) ? 'list column' : '',
  ].filter(Boolean);
}

/** A field's schema with its label, its notes and who sets it. */
function annotate(category: Category, name: string, schema: JsonSchema): JsonSchema {
  const field = category.fields[name];
  const notes = fieldNotes(category, name);
  return {
    ...withOwnSchema(field, schema),
    title: field.label,
    ...(notes.length ? { description: notes.join('; ') } : {}),
    ...(field.default !== undefined ? { default: field.default } : {}),
    ...(field.system ? { readOnly: true } : {}),
    ...(field.writeOnly ? { writeOnly: true } : {}),
    'x-kind': field.kind,
  };
}

/** The create or update body: zod's output of the body schema, each property annotated. */
export function bodySchema(category: Category, mode: 'create' | 'update'): JsonSchema {
  const body = fromZod(bodySchemas(category)[mode], 'input');
  const properties = body.properties as Record<string, JsonSchema>;
  const annotated = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, annotate(category, name, s)]));
  return {
    ...body,
    properties: annotated,
    description:
      mode === 'create'
        ? `A new ${category.singular}: the required fields, and any other writable field.`
        : `Changes to a ${category.singular}: only the fields sent change. \`id\` may be sent back unchanged.`,
  };
}

const ID: JsonSchema = { type: 'integer', minimum: 1, title: 'Product ID', readOnly: true, 'x-kind': 'integer' };

/**
 * An object of the category as the API answers it. No property is required: `?fields=` answers
 * only those asked. A private field reads null for anybody but the object itself.
 */
export function objectSchema(category: Category): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: ID };
  for (const name of category.fieldSets.readable) {
    const field = category.fields[name];
    const value = fromZod(category.fieldSets.private.includes(name) ? fieldSchema(field).nullable() : fieldSchema(field), 'output');
    properties[name] = annotate(category, name, value);
  }
  return { type: 'object', title: category.title, properties };
}

const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const item = (fields: readonly string[]): JsonSchema => ({ type: 'object', properties: Object.fromEntries(fields.map((f) => [f, {}])) });

/** Beside an embedded list `key`, only when it was cut: its whole length (src/schemas/embeddedList.ts). */
const cutTotal = (key: string): JsonSchema => ({
  type: 'integer',
  minimum: 0,
  readOnly: true,
  description: `only when \`${key}\` was cut (PUCS_MAX_EMBEDDED_LIST objects in each object of a list answer, PUCS_MAX_LIST in one object's): how many it holds whole`,
});

/** The lists read through a reference (server/crud/listThrough.ts) the category answers, and their 'Used in'. */
function throughSchemas(category: Category, categories: readonly Category[]): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  const usedIn: Record<string, Record<string, JsonSchema>> = {};
  for (const { owner, via, holder, list, item: listed, through } of listThroughLinks(categories)) {
    if (owner.key === category.key) {
      properties[through.as] = {
        type: 'array',
        items: item(through.fields.filter((f) => f === 'id' || listed.fields[f])),
        readOnly: true,
        description: `the ${listed.key} objects the ${holder.key} of \`${via}\` lists in \`${list}\`, in its order ([] without one); the answer carries \`id\``,
      };
      properties[embeddedTotalKey(through.as)] = cutTotal(through.as);
    }
    if (listed.key !== category.key) continue;
    const byCategory = (usedIn[through.usedIn] ??= {});
    byCategory[owner.key] = { type: 'array', items: item(through.usedInFields.filter((f) => f === 'id' || owner.fields[f])) };
    byCategory[embeddedTotalKey(owner.key)] = cutTotal(owner.key);
  }
  for (const [key, byCategory] of Object.entries(usedIn)) {
    properties[key] = {
      type: 'object',
      properties: byCategory,
      readOnly: true,
      description: 'per category key, the objects of this team whose reference names a list holding this one, by name ([] when none)',
    };
  }
  return properties;
}

/** The object with its derived values (GET /api/full/...): expansions, reverse lists, lookups, counts, lists read through a reference. */
export function fullObjectSchema(category: Category, categories: readonly Category[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, e] of Object.entries(category.expansions ?? {})) {
    const target = category.fields[e.field]?.ref;
    if (target) properties[key] = { ...nullable(ref(target)), description: `the object \`${e.field}\` points at` };
  }
  for (const [key, l] of Object.entries(category.lists ?? {})) {
    properties[key] = { type: 'array', items: ref(l.category), description: `the ${l.category} objects whose \`${l.via}\` is this one, the first by id` };
    properties[embeddedTotalKey(key)] = cutTotal(key);
  }
  for (const [key, l] of Object.entries(category.lookups ?? {})) {
    const target = categories.find((c) => c.key === category.fields[l.via]?.ref);
    const field = target?.fields[l.field];
    properties[key] = target && field ? { ...annotate(target, l.field, fromZod(fieldSchema(field), 'output')), description: `\`${l.field}\` of the object \`${l.via}\` points at` } : {};
  }
  for (const [key, c] of Object.entries(category.counts ?? {})) {
    properties[key] = { type: 'integer', minimum: 0, description: `how many ${c.category} objects have \`${c.via}\` = this one` };
  }
  Object.assign(properties, throughSchemas(category, categories));
  return { title: `${category.title} (full)`, allOf: [ref(category.key), { type: 'object', properties }] };
}

/** Every schema of a category, by component name. */
export function categorySchemas(category: Category, categories: readonly Category[]): Record<string, JsonSchema> {
  const names = schemaNames(category);
  return {
    [names.object]: objectSchema(category),
    [names.full]: fullObjectSchema(category, categories),
    [names.create]: bodySchema(category, 'create'),
    [names.update]: bodySchema(category, 'update'),
  };
}

/** The answer of every error: the Description the console shows (spec section 8). */
export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { Description: { type: 'string' } },
  required: ['Description'],
};
