/**
 * Body hygiene and field validation of writes, from the field declarations. The server never
 * trusts the console: every rule of the schema runs here again, with the spec's messages.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import type { Row } from './hooks';

/** Columns are PostgreSQL `integer`: a larger number would fail in the database, not here. */
const INT4_MAX = 2_147_483_647;

/** Deepest nesting of a JSON value (provisioning, preferences): far beyond any real document, and
 * well within what PostgreSQL's jsonb parser and JSON.stringify handle without running out of stack. */
export const MAX_JSON_DEPTH = 100;

const EXPECTED: Record<FieldSpec['kind'], string> = {
  text: 'a string',
  integer: 'a whole number',
  boolean: 'true or false',
  json: 'a JSON value',
  timestamp: 'an ISO 8601 date',
  ref: 'an id',
};

/**
 * PostgreSQL text cannot hold NUL, and jsonb refuses an unpaired surrogate (\ud800 alone), which
 * a text column would silently turn into U+FFFD: both are refused, so what is stored is what was sent.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** What is wrong with a JSON value PostgreSQL must store: 'depth', 'text' (a key or string), or undefined. */
function jsonProblem(value: unknown, depth = 0): 'depth' | 'text' | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : 'text';
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_JSON_DEPTH) return 'depth';
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && !isStorableText(key)) return 'text';
    const problem = jsonProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** The declared field of that name; never one inherited from Object.prototype ('constructor'). */
export const fieldOf = (category: Category, name: string): FieldSpec | undefined =>
  Object.hasOwn(category.fields, name) ? category.fields[name] : undefined;

function hasKind(field: FieldSpec, value: unknown): boolean {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value) && Math.abs(value as number) <= INT4_MAX;
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return true;
    case 'timestamp':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'ref':
      return Number.isInteger(value) && (value as number) > 0 && (value as number) <= INT4_MAX;
  }
}

const isEmpty = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

function validateValue(name: string, field: FieldSpec, value: unknown): void {
  if (field.required && isEmpty(value)) throw badRequest(field.required);
  if (value === null) return;
  if (!hasKind(field, value)) throw badRequest(ownMessages.wrongFieldType(name, EXPECTED[field.kind]));
  if (field.maxLength !== undefined && typeof value === 'string' && value.length > field.maxLength) {
    throw badRequest(ownMessages.tooLong(name, field.maxLength));
  }
  const problem = field.check?.(value);
  if (problem) throw badRequest(problem);
  const unstorable = field.kind === 'json' ? jsonProblem(value) : typeof value === 'string' && !isStorableText(value) ? 'text' : undefined;
  if (unstorable === 'depth') throw badRequest(ownMessages.jsonTooDeep(name, MAX_JSON_DEPTH));
  if (unstorable === 'text') throw badRequest(ownMessages.unstorableText(name));
}

/** The write-only input sent in `body` that a hook resolves into `name` (FieldSpec.resolvesTo). */
function alternativeSent(category: Category, body: Row, name: string): string | undefined {
  return Object.keys(body).find((key) => category.fields[key]?.resolvesTo === name);
}

export const isPlainObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The accepted values of a create or update body, or a 400 naming the first problem. On update
 * only the fields sent are validated (and changed); `id` may be sent back unchanged.
 */
export function validateBody(category: Category, body: unknown, mode: 'create' | 'update', pathId?: number): Row {
  if (!isPlainObject(body)) throw badRequest(ownMessages.bodyNotObject);
  for (const key of Object.keys(body)) {
    if (key === 'id') {
      if (mode === 'update' && body.id === pathId) continue;
      throw badRequest(ownMessages.readOnlyField(key));
    }
    const field = fieldOf(category, key);
    if (!field) throw badRequest(ownMessages.unknownField(key));
    if (field.system || field.secret) throw badRequest(ownMessages.readOnlyField(key));
  }
  const input: Row = {};
  for (const [name, field] of Object.entries(category.fields)) {
    const alternative = alternativeSent(category, body, name);
    if (!(name in body)) {
      if (mode === 'create' && field.required && alternative === undefined) throw badRequest(field.required);
      continue;
    }
    if (alternative !== undefined) throw badRequest(ownMessages.eitherField(name, alternative));
    validateValue(name, field, body[name]);
    input[name] = body[name];
  }
  return input;
}
