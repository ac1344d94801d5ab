/**
 * A route's contract (server/openapi/contract.ts) as an OpenAPI operation: its zod schemas turned
 * into JSON Schema, its words kept. server/openapi/plugin.ts calls it for every /api route.
 */
import { z } from 'zod';
import type { FastifySchema } from 'fastify';
import type { JsonSchema } from './jsonSchema';
import { documentedJson, type ResponseDoc } from './contract';
import { CSRF_VALUE } from '../../src/csrf';

/** zod's JSON Schema (what a client sends: zod's input side), a part described by hand in its place. */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const json = documentedJson(zodSchema);
      if (!json) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, structuredClone(json));
    },
  }) as JsonSchema;
  return rest;
}

type Parameter = { name: string; in: string; required: boolean; description?: string; schema: JsonSchema };

function parameters(where: 'path' | 'query' | 'header', schema: unknown): Parameter[] {
  if (!schema) return [];
  const json = toJsonSchema(schema as z.ZodType);
  const required = (json.required as string[] | undefined) ?? [];
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** Every call but GET carries this header (the CSRF rule of server/auth/plugin.ts, for every /api route). */
const CSRF_PARAMETER: Parameter = {
  name: 'X-Requested-With',
  in: 'header',
  required: true,
  description: 'Required on every call but GET (else 403).',
  schema: { type: 'string', const: CSRF_VALUE, default: CSRF_VALUE },
};

const content = (byType: Record<string, { schema: z.ZodType }>) =>
  Object.fromEntries(Object.entries(byType).map(([type, { schema }]) => [type, { schema: toJsonSchema(schema) }]));

function response({ description, headers, content: byType }: ResponseDoc) {
  return {
    description,
    ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, h]) => [name, { description: h.description, schema: toJsonSchema(h.schema) }])) } : {}),
    ...(byType ? { content: content(byType) } : {}),
  };
}

/** A body schema, or one per media type (an upload's multipart form). */
function requestBody(body: unknown) {
  if (!body) return {};
  const byType = (body as { content?: Record<string, { schema: z.ZodType }> }).content ?? { 'application/json': { schema: body as z.ZodType } };
  // Optional when the call is valid without one (a bare PUT: optionalBody reads it as {}).
  const json = byType['application/json']?.schema;
  const required = json === undefined || !json.safeParse(undefined).success;
  return { requestBody: { required, content: content(byType) } };
}

export interface RouteSeen {
  method: string;
  url: string;
  schema?: FastifySchema;
  public: boolean;
}

export function operation({ method, url, schema, public: isPublic }: RouteSeen & { schema: FastifySchema }) {
  const { operationId, summary, description, tags, params, querystring, headers, body, response: responses, security } = schema;
  const csrf = method !== 'GET' && url.startsWith('/api/') ? [CSRF_PARAMETER] : [];
  const all = [...parameters('path', params), ...parameters('query', querystring), ...parameters('header', headers), ...csrf];
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags,
    ...(all.length ? { parameters: all } : {}),
    ...requestBody(body),
    responses: Object.fromEntries(Object.entries((responses ?? {}) as Record<string, ResponseDoc>).map(([code, r]) => [code, response(r)])),
    ...(security ? { security } : isPublic ? { security: [] } : {}),
  };
}
