/**
 * Every field kind, defined once: its column type, its validator (zod, from which the JSON Schema
 * and the OpenAPI document are derived), its console input, how a list shows it, whether a list
 * sorts by it, and its CSV text. The server, the console and the migrations read this table;
 * nothing else switches on a kind to decide one of these.
 */
import { z } from 'zod';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { FieldKind, FieldSpec, InputKind } from './fieldSpec';
import { ownMessages } from '../messages';

/** Integer columns are PostgreSQL `integer`. */
export const INT4_MAX = 2_147_483_647;

/** An id written as text (a path or query parameter): digits without a leading zero, within an integer column; else undefined. */
export function idFromText(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= INT4_MAX ? id : undefined;
}

/** Deepest nesting of a JSON value: far beyond any real document, within what jsonb and JSON.stringify handle. */
export const MAX_JSON_DEPTH = 100;

/** Longest list of references (a collection's documents). */
export const MAX_REF_LIST = 1_000;

/** Schemes of a url field when it declares none. */
export const DEFAULT_URL_SCHEMES = ['http', 'https'] as const;

/**
 * PostgreSQL text cannot hold NUL, and jsonb refuses an unpaired surrogate (\ud800 alone), which
 * a text column would silently turn into U+FFFD: both are refused, so what is stored is what was sent.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The keys the server's JSON body parser refuses (prototype pollution): a value holding one could be
 * stored from a text (a configuration) but never sent back in a request body, by a user or a device.
 */
const isPrototypeKey = (key: string, item: unknown) =>
  key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype'));

/**
 * What is wrong with a JSON value PostgreSQL must store: 'depth', 'text' (a key or string),
 * 'number' (1e400 parses to Infinity, which JSON.stringify would store as null), 'prototype' (a key
 * of isPrototypeKey), or undefined.
 * Stored `asText` (written out by JSON.stringify, which escapes NUL and lone surrogates), any string will do.
 */
function jsonProblem(value: unknown, asText: boolean, depth = 0): 'depth' | 'text' | 'number' | 'prototype' | undefined {
  if (typeof value === 'string') return asText || isStorableText(value) ? undefined : 'text';
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'number';
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_JSON_DEPTH) return 'depth';
  if (!Array.isArray(value) && Object.entries(value).some(([key, item]) => isPrototypeKey(key, item))) return 'prototype';
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && !asText && !isStorableText(key)) return 'text';
    const problem = jsonProblem(item, asText, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** jsonProblem in words for the field `label`, or undefined: one rule for JSON fields, config texts and device reports. */
export function jsonProblemText(value: unknown, label: string, asText = false): string | undefined {
  switch (jsonProblem(value, asText)) {
    case 'depth':
      return ownMessages.jsonTooDeep(label, MAX_JSON_DEPTH);
    case 'text':
      return ownMessages.unstorableText(label);
    case 'number':
      return ownMessages.jsonNotFinite(label);
    case 'prototype':
      return ownMessages.jsonPrototypeKey(label);
    default:
      return undefined;
  }
}

/** The first problem of a value against a JSON Schema, in words, or undefined (ajv, as @rjsf's forms use it). */
export function jsonSchemaProblem(schema: Readonly<Record<string, unknown>>, value: unknown): string | undefined {
  const { errors, validationError } = validator.rawValidation(schema as RJSFSchema, value);
  if (validationError) return validationError.message;
  const first = errors?.[0];
  if (!first) return undefined;
  return `${first.instancePath || '/'} ${first.message ?? 'is not valid'}`;
}

/** A calendar date that exists ('2024-02-30' does not). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: the latter reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * An instant PostgreSQL stores and gives back as written: its day exists, its offset is a real
 * one (at most 14 hours), and it falls within the years 1 to 9999 in UTC too.
 */
export function isStorableInstant(text: string): boolean {
  if (!isCalendarDate(text.slice(0, 10))) return false;
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (offset && (Number(offset[2]) > 14 || Number(offset[3]) > 59 || (Number(offset[2]) === 14 && Number(offset[3]) > 0))) return false;
  const year = new Date(text).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * A URL as people write it: scheme, '://', and no blank or control character anywhere, so what is
 * stored and linked is exactly what the user sees ('http:x' or ' http://a' parse, but are refused).
 */
export const isPlainUrl = (text: string): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(text) && ![...text].some((c) => c < ' ' || c === '\u007f') && isStorableText(text);

/** The id of one entry of a reference list: n or { "id": n }. */
export function refListEntryId(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as { id?: unknown }).id : entry;
}

/** The ids of a reference-list value (null is empty), or undefined when it is not one. */
export function refListIds(value: unknown): number[] | undefined {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const ids = value.map(refListEntryId);
  return ids.every((id) => Number.isInteger(id) && (id as number) > 0 && (id as number) <= INT4_MAX) ? (ids as number[]) : undefined;
}

/** How a list column shows a value; the console maps each to a react-admin field. */
export type ColumnDisplay = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum' | 'link' | 'ref';

/**
 * The message of a value of the wrong type: a text, or a function of the issue (a required field
 * answers its `required` message for a missing or null value, its type message otherwise).
 */
export type TypeError = string | ((issue: { input?: unknown }) => string);

/** What a message says a value of the kind must be. */
export type Expected = (field: FieldSpec) => string;

export interface KindDef {
  /** The PostgreSQL column type. */
  sql: string;
  expected: Expected;
  /**
   * The validator of a present, non-null value. `typeError` is the message of a value of the
   * wrong type; other problems name the field by `label`.
   */
  value: (field: FieldSpec, label: string, typeError: TypeError) => z.ZodType;
  /** The console input when the field declares none. */
  input: InputKind;
  /** How a table shows it; undefined: never a list column. */
  column?: ColumnDisplay;
  /** Lists can be sorted by it. */
  sortable: boolean;
  /** The list filter `{field: value}` compares it as this (undefined: not filterable by value). */
  filterAs?: 'integer' | 'number' | 'text' | 'boolean';
  /** Its text in a CSV export. */
  csv: (value: unknown) => string;
  /** How a valid value is stored, when not as sent (one form of a value that may be written two ways). */
  stored?: (value: unknown) => unknown;
}

const plain = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const asJson = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
/** ISO 8601: a database driver may hand a date or an instant over as a Date (read in UTC). */
const isoInstant = (value: unknown) => (value instanceof Date ? value.toISOString() : plain(value));
const isoDate = (value: unknown) => isoInstant(value).slice(0, 10);

/** `s` within the field's declared lengths (minLength, maxLength; `fallbackMax` when it declares none). */
const lengths = <S extends z.ZodString | z.ZodEmail>(s: S, field: FieldSpec, label: string, fallbackMax?: number): S => {
  if (field.minLength !== undefined) s = s.min(field.minLength, { error: ownMessages.tooShort(label, field.minLength) }) as S;
  const max = field.maxLength ?? fallbackMax;
  if (max !== undefined) s = s.max(max, { error: ownMessages.tooLong(label, max) }) as S;
  return s;
};

const text = (field: FieldSpec, label: string, typeError: TypeError) =>
  lengths(z.string({ error: typeError }), field, label).refine(isStorableText, { error: ownMessages.unstorableText(label) });

/** A number within the field's declared range (min, max), besides `bounded`'s own. */
const ranged = <T extends z.ZodNumber>(field: FieldSpec, label: string, bounded: T): z.ZodNumber => {
  let n: z.ZodNumber = bounded;
  if (field.min !== undefined) n = n.min(field.min, { error: ownMessages.atLeast(label, field.min) });
  if (field.max !== undefined) n = n.max(field.max, { error: ownMessages.atMost(label, field.max) });
  return n;
};

/** The form of an e-mail address the API accepts (zod's own); the start's report of stored values asks it too (server/db/tightenedRules.ts). */
export const EMAIL_PATTERN: RegExp = z.regexes.email;

/** The longest e-mail address (RFC 5321's path limit). */
export const MAX_EMAIL = 254;
/** The longest address a url field takes unless it declares less. */
export const MAX_URL = 2048;

/** The most characters a field takes: its maxLength, else its kind's own limit (an e-mail's, a url's), else none. */
export const maxLengthOf = (field: FieldSpec): number | undefined =>
  field.maxLength ?? (field.kind === 'email' ? MAX_EMAIL : field.kind === 'url' ? MAX_URL : undefined);

/** An object id as JSON sends it: a whole number from 1 to the database's largest integer. */
export const idValue = (typeError: TypeError) => z.int({ error: typeError }).min(1, { error: typeError }).max(INT4_MAX, { error: typeError });

export const KINDS: Record<FieldKind, KindDef> = {
  text: {
    sql: 'text',
    expected: () => 'a string',
    value: text,
    input: 'text',
    column: 'text',
    sortable: true,
    filterAs: 'text',
    csv: plain,
  },
  integer: {
    sql: 'integer',
    expected: () => 'a whole number',
    value: (field, label, typeError) => ranged(field, label, z.int({ error: typeError }).min(-INT4_MAX, { error: typeError }).max(INT4_MAX, { error: typeError })),
    input: 'number',
    column: 'number',
    sortable: true,
    filterAs: 'integer',
    csv: plain,
  },
  number: {
    sql: 'double precision',
    expected: () => 'a number',
    value: (field, label, typeError) => ranged(field, label, z.number({ error: typeError })),
    input: 'number',
    column: 'number',
    sortable: true,
    filterAs: 'number',
    csv: plain,
  },
  boolean: {
    sql: 'boolean',
    expected: () => 'true or false',
    value: (_f, _l, typeError) => z.boolean({ error: typeError }),
    input: 'switch',
    column: 'boolean',
    sortable: true,
    filterAs: 'boolean',
    csv: plain,
  },
  date: {
    sql: 'date',
    expected: () => 'a date (YYYY-MM-DD)',
    value: (_f, _l, typeError) => z.iso.date({ error: typeError }).refine(isCalendarDate, { error: typeError }),
    input: 'date',
    column: 'date',
    sortable: true,
    csv: isoDate,
  },
  datetime: {
    sql: 'timestamptz',
    expected: () => 'an ISO 8601 date and time with its offset',
    value: (_f, _l, typeError) =>
      z.iso.datetime({ offset: true, error: typeError }).refine(isStorableInstant, { error: typeError }),
    input: 'datetime',
    column: 'datetime',
    sortable: true,
    csv: isoInstant,
  },
  enum: {
    sql: 'text',
    expected: (field) => `one of ${(field.values ?? []).join(', ')}`,
    value: (field, _l, typeError) => z.enum(field.values as [string, ...string[]], { error: typeError }),
    input: 'enum',
    column: 'enum',
    sortable: true,
    filterAs: 'text',
    csv: plain,
  },
  url: {
    sql: 'text',
    expected: (field) => `a ${(field.schemes ?? DEFAULT_URL_SCHEMES).join(' or ')} address`,
    value: (field, label, typeError) => {
      const schemes = field.schemes ?? DEFAULT_URL_SCHEMES;
      // z.url trims what it checks, so it judges a copy: the value stored must be the one judged.
      const url = z.url({ protocol: new RegExp(`^(${schemes.join('|')})$`) });
      return z
        .string({ error: typeError })
        .max(maxLengthOf(field)!, { error: ownMessages.tooLong(label, maxLengthOf(field)!) })
        .refine((v) => isPlainUrl(v) && url.safeParse(v).success, { error: typeError })
        .meta({ format: 'uri' });
    },
    input: 'url',
    column: 'link',
    sortable: true,
    filterAs: 'text',
    csv: plain,
  },
  email: {
    sql: 'text',
    expected: () => 'an e-mail address',
    // z.email's own check (one @, a domain with a dot, no blanks): format 'email' in the JSON Schema.
    value: (field, label, typeError) => lengths(z.email({ pattern: EMAIL_PATTERN, error: typeError }), field, label, maxLengthOf(field)),
    input: 'email',
    column: 'text',
    sortable: true,
    filterAs: 'text',
    csv: plain,
  },
  ref: {
    sql: 'integer',
    expected: () => 'an id',
    value: (_f, _l, typeError) => idValue(typeError),
    input: 'select',
    column: 'ref',
    sortable: false,
    filterAs: 'integer',
    csv: plain,
  },
  refList: {
    sql: 'jsonb',
    expected: () => 'a list of ids ({ "id": n })',
    value: (field, label, typeError) =>
      z
        .array(z.union([idValue(typeError), z.strictObject({ id: idValue(typeError) }, { error: typeError })], { error: typeError }), { error: typeError })
        .max(MAX_REF_LIST, { error: ownMessages.listTooLong(label, MAX_REF_LIST.toLocaleString('en-GB')) })
        .refine((list) => new Set(list.map(refListEntryId)).size === list.length, { error: field.duplicate ?? ownMessages.duplicateInList(label) }),
    input: 'refList',
    sortable: false,
    csv: (value) => (refListIds(value) ?? []).join(' '),
    // [2, {"id": 3}] is stored as the spec writes a list: [{"id": 2}, {"id": 3}].
    stored: (value) => (value === null ? null : (refListIds(value) ?? []).map((id) => ({ id }))),
  },
  json: {
    sql: 'jsonb',
    expected: () => 'a JSON value',
    // z.unknown rather than z.json: a body is parsed JSON already, and z.json's recursion would
    // overflow the stack on a value nested 100,000 deep before the depth rule could refuse it.
    value: (field, label) =>
      z.unknown().superRefine((value, ctx) => {
        const problem = jsonProblemText(value, label);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
        else if (field.schema) {
          const detail = jsonSchemaProblem(field.schema, value);
          if (detail) ctx.addIssue({ code: 'custom', message: ownMessages.jsonSchemaMismatch(label, detail) });
        }
      }),
    input: 'json',
    sortable: false,
    csv: asJson,
  },
};

/** The column type of a field. */
export const sqlType = (field: FieldSpec): string => KINDS[field.kind].sql;

/** The input a field gets: its declared one, else its kind's. */
export const inputOf = (field: FieldSpec): InputKind => field.input ?? KINDS[field.kind].input;
