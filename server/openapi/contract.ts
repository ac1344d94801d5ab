/**
 * The words a route declares where it is registered (its contract): zod schemas of its path, query
 * and body, which Fastify checks before the handler runs (fastify-type-provider-zod, server/app.ts),
 * its responses, and the OpenAPI words of the operation. server/openapi/plugin.ts collects them from
 * the routes themselves into the document, so a route and its description cannot drift apart.
 *
 * Responses are declared for the document only: answers are written by plain JSON.stringify
 * (server/app.ts), so no field is dropped, reordered or coerced and the answers stay byte for byte
 * what the handlers return.
 */
import { z } from 'zod';
import { ownMessages } from '../../src/messages';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';
import { idFromText, INT4_MAX } from '../../src/schemas/kinds';
import { ref, type JsonSchema } from './jsonSchema';

// The OpenAPI words of an operation, typed as @fastify/swagger's (which fastify-type-provider-zod's types load).
declare module 'fastify' {
  interface FastifySchema {
    operationId?: string;
    summary?: string;
    description?: string;
    tags?: readonly string[];
    /** The security requirement when not the session's (the device API's token). */
    security?: ReadonlyArray<{ [securityLabel: string]: readonly string[] }>;
  }
}

/** One response: what it means, its headers, and its body by media type (none for 204). */
export interface ResponseDoc {
  description: string;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
  content?: Record<string, { schema: z.ZodType }>;
}

/**
 * A route's answers, for the document: typed as such, so the handler's return is not bound to them
 * (answers are plain JSON, and a file or a 204 is sent through the reply).
 */
export const answers = (byStatus: Record<string, ResponseDoc>): Record<string, ResponseDoc> => byStatus;

const descriptions = z.registry<{ json: JsonSchema }>();

/**
 * `schema` checks, the document shows `json`: for what zod cannot say the way a reader needs it
 * (a path id is text on the wire, an integer in meaning), or for a part the handler checks itself.
 */
export function describedAs<T extends z.ZodType>(json: JsonSchema, schema: T): T {
  descriptions.add(schema, { json });
  return schema;
}

/** The JSON Schema given to describedAs, if any (server/openapi/operation.ts). */
export const documentedJson = (schema: z.core.$ZodType): JsonSchema | undefined => descriptions.get(schema as z.ZodType)?.json;

/**
 * Any value, shown as this JSON Schema: an answer described by the registry, or a request part the
 * handler checks itself with the spec's messages (the generic routes' bodies and list queries,
 * server/crud/), which Fastify then lets through.
 */
export const documented = (json: JsonSchema) => describedAs(json, z.unknown());

/** A schema of the document's components (a category's object, the error body). */
export const component = (name: string) => documented(ref(name));

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export const ERROR_TEXT: Record<string, string> = {
  '400': 'Refused: the Description says why (a missing or invalid value, an unknown field, a bad query).',
  '401': 'Not signed in.',
  '403': `Forbidden: the caller may not do this (not an admin of the team), or a non-GET call lacks \`${CSRF_HEADER_NAME}: ${CSRF_VALUE}\` or comes from another origin.`,
  '404': 'No such object, or one of a team the caller is not in (the same answer).',
  '409': 'Conflicts with other objects: a unique rule (the Description names the value), an object still in use, or a concurrent change (send it again).',
  '413': 'The body is too large.',
  '429': 'Too many failed attempts: wait for `Retry-After` seconds.',
};

/** An error answer of a route in its own words, `{"Description": "..."}`. */
export const error = (description: string): ResponseDoc => ({ description, content: json(component('Error')) });

/** Error answers of a route in the usual words. */
export function errors(...codes: (keyof typeof ERROR_TEXT)[]): Record<string, ResponseDoc> {
  return Object.fromEntries(codes.map((code) => [code, error(ERROR_TEXT[code])]));
}

/** A file answer (a download) of these media types. */
export const file = (...types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]));

/** A text answer (a PEM, an SVG, a CSV, a page) of this media type. */
export const text = (type: string) => ({ [type]: { schema: z.string() } });

/** An object's id in an answer. */
export const objectId = z.number().int().min(1).max(INT4_MAX);

const ID_JSON = { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'The object id; any other text answers 404.' };

/** An object id in the path: any other text is an unknown object (404, like an id that does not exist). */
export const idParam = describedAs(
  ID_JSON,
  z.string().transform((raw, ctx) => {
    const id = idFromText(raw);
    if (id === undefined) ctx.issues.push({ code: 'custom', message: ownMessages.notFound, input: raw });
    return id ?? z.NEVER;
  }),
);

export const ID_PARAMS = z.object({ id: idParam });

/** The same id, read by the handler once what must come first is checked (a device's token before anything it names). */
export const ID_TEXT_PARAMS = z.object({ id: describedAs(ID_JSON, z.string()) });

/** A download's `?r=`, which only makes each URL new to caches; any other parameter is ignored too. */
export const CACHE_BUSTER = z.looseObject({ r: describedAs({ type: 'string', description: 'Ignored: makes each URL new to caches.' }, z.unknown()).optional() });

/**
 * A JSON body. Not an object answers 'The request body must be a JSON object.', a key it does not
 * declare 'Unknown field ...' (`loose`: ignored instead); each field names its own refusal.
 */
export function jsonBody<T extends z.ZodRawShape>(shape: T, opts: { loose?: boolean } = {}) {
  const error = (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys' ? ownMessages.unknownField((issue as { keys: string[] }).keys[0]) : ownMessages.bodyNotObject;
  return opts.loose ? z.object(shape, { error }) : z.strictObject(shape, { error });
}

/** A body whose fields all may be left out: no body at all is `{}` (a bare PUT). */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);
