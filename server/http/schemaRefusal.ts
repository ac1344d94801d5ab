/**
 * The one place a request the route's schema refuses (server/openapi/contract.ts) becomes an answer
 * in the API's shape: Fastify's schemaErrorFormatter. The words are the schema's own (each field of
 * a contract names its refusal with the spec's message, src/messages.ts); this picks which and the
 * status: a path that names nothing is an unknown object (404), anything else the caller sent is a 400.
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';
import { ownMessages } from '../../src/messages';
import { badRequest, notFound, type ApiError } from './errors';

export function schemaRefusal(errors: FastifySchemaValidationError[], part: SchemaErrorDataVar): ApiError {
  // An unknown key is named first, as a reader checks a body's keys before their values.
  const first = errors.find((e) => e.keyword === 'unrecognized_keys') ?? errors[0];
  if (part === 'params') return notFound(first?.message ?? ownMessages.notFound);
  return badRequest(first?.message ?? ownMessages.malformedRequest);
}
