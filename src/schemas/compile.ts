/**
 * Each category compiled to zod: one validator per field (kind, length, the field's own `check`
 * with the spec's message, `required`), and the create and partial-update bodies built from them.
 * The server validates every request body with these; the console validates its forms with the
 * same field validators; the JSON Schema of the API (OpenAPI) is zod's output of the same objects.
 * Messages name a field by its label.
 */
import { z } from 'zod';
import type { Category, FieldSpec } from './defineCategory';
import { KINDS } from './kinds';
import { canonicalName } from './lookalike';
import { ownMessages } from '../messages';

/** An empty value: null, or text of only blanks. What `required` refuses. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The field's label in messages. */
export const labelOf = (field: FieldSpec): string => field.label;

/** The message of a value of the wrong kind. */
export const typeErrorOf = (field: FieldSpec): string => ownMessages.wrongFieldType(labelOf(field), KINDS[field.kind].expected(field));

const cache = new WeakMap<FieldSpec, z.ZodType>();

/**
 * The validator of a field's value: a required field refuses a missing or null value and blank
 * text with its `required` message, an optional one accepts null.
 */
export function fieldSchema(field: FieldSpec): z.ZodType {
  const cached = cache.get(field);
  if (cached) return cached;
  const required = field.required;
  const typeError = typeErrorOf(field);
  let value: z.ZodType = KINDS[field.kind].value(
    field,
    labelOf(field),
    required ? (issue) => (issue.input === undefined || issue.input === null ? required : typeError) : typeError,
  );
  const check = field.check;
  if (check) {
    value = value.superRefine((v, ctx) => {
      const problem = check(v, labelOf(field));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  }
  const schema = required ? value.refine((v) => !isEmptyValue(v), { error: required }) : value.nullable();
  cache.set(field, schema);
  return schema;
}

/** The first message of a failed parse. */
export const firstMessage = (error: z.ZodError): string => error.issues[0]?.message ?? ownMessages.bodyNotObject;

/** The problem of one value of a field, or undefined. Used by the console's forms. */
export function fieldProblem(field: FieldSpec, value: unknown): string | undefined {
  if (field.required && isEmptyValue(value)) return field.required;
  const result = fieldSchema(field).safeParse(value === undefined ? null : value);
  return result.success ? undefined : firstMessage(result.error);
}

/** The fields a body may carry (fieldSets.writable: not set by the server, not secret; the write-only inputs are). */
const bodyFields = (category: Category): [string, FieldSpec][] => category.fieldSets.writable.map((name) => [name, category.fields[name]]);

/** A field that a write-only input may stand for (FieldSpec.resolvesTo: a role's username for user_id). */
const alternativeOf = (category: Category, name: string): string | undefined =>
  Object.entries(category.fields).find(([, f]) => f.resolvesTo === name)?.[0];

const schemas = new WeakMap<Category, { create: z.ZodObject; update: z.ZodObject }>();

/**
 * The create and update body schemas: on create a required field must be sent (or the input that
 * resolves to it, which bodyProblem checks); on update only the fields sent are checked.
 */
export function bodySchemas(category: Category): { create: z.ZodObject; update: z.ZodObject } {
  const cached = schemas.get(category);
  if (cached) return cached;
  const createShape: Record<string, z.ZodType> = {};
  const updateShape: Record<string, z.ZodType> = {};
  for (const [name, field] of bodyFields(category)) {
    const schema = fieldSchema(field);
    const mustSend = field.required !== undefined && alternativeOf(category, name) === undefined;
    createShape[name] = mustSend ? schema : schema.optional();
    updateShape[name] = schema.optional();
  }
  const compiled = { create: z.strictObject(createShape), update: z.strictObject(updateShape) };
  schemas.set(category, compiled);
  return compiled;
}

export type Body = Record<string, unknown>;

export const isPlainObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first problem of a create or update body, or undefined. First the rules on the body as a
 * whole, each with its own message: a JSON object; no unknown or server-set field (`id` may be
 * sent back unchanged on update); a field or the input resolving to it, not both, and on create
 * one of them when the field is required. Then the body schema, whose first issue (in
 * declaration order) is the answer.
 */
export function bodyProblem(category: Category, body: unknown, mode: 'create' | 'update', pathId?: number): string | undefined {
  if (!isPlainObject(body)) return ownMessages.bodyNotObject;
  const values: Body = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'id') {
      if (mode === 'update' && value === pathId) continue;
      return ownMessages.readOnlyField(key);
    }
    if (!Object.hasOwn(category.fields, key)) return ownMessages.unknownField(key);
    if (!category.fieldSets.writable.includes(key)) return ownMessages.readOnlyField(key);
    values[key] = value;
  }
  for (const [name, field] of bodyFields(category)) {
    const alternative = alternativeOf(category, name);
    if (alternative === undefined) continue;
    const sent = Object.hasOwn(values, name);
    if (sent && Object.hasOwn(values, alternative)) return ownMessages.eitherField(name, alternative);
    if (!sent && !Object.hasOwn(values, alternative) && mode === 'create' && field.required) return field.required;
  }
  const result = bodySchemas(category)[mode].safeParse(values);
  return result.success ? undefined : firstMessage(result.error);
}

/** The accepted fields of a valid body (id dropped): what the write stores. */
export function acceptedValues(category: Category, body: Body): Body {
  const input: Body = {};
  for (const [name, field] of bodyFields(category)) {
    if (!Object.hasOwn(body, name)) continue;
    const value = body[name];
    const stored = KINDS[field.kind].stored;
    // A name is stored as it is compared: trimmed and composed (FieldSpec.lookalike); a kind's value in its one stored form.
    input[name] = field.lookalike && typeof value === 'string' ? canonicalName(value) : stored && value !== undefined ? stored(value) : value;
  }
  return input;
}

/**
 * The `checkWith` problems of an object as it will be stored, by field: run when the field or one
 * it reads was sent (`sent`), so an old object is not refused for a change that does not touch them.
 */
export function objectProblems(category: Category, sent: readonly string[], object: Readonly<Body>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(category.fields)) {
    const rule = field.checkWith;
    if (!rule || ![name, ...rule.on].some((f) => sent.includes(f))) continue;
    const problem = rule.check(object[name], object, labelOf(field));
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** The values a create stores for the fields it does not send: the declared defaults. */
export function withDefaults(category: Category, input: Readonly<Body>): Body {
  const object: Body = {};
  for (const [name, field] of Object.entries(category.fields)) if (field.default !== undefined) object[name] = field.default;
  return { ...object, ...input };
}
