/**
 * JSON Schemas written by clients (a type's provisioning schema), checked the same way by the
 * console and the server. A client controls both the schema and the values checked against it,
 * so what ajv would run without bound is refused when the schema is saved: regular expressions
 * (ReDoS), uniqueItems (quadratic), oversized schemas, $ref cycles that never enter the value
 * (stack overflow), and anything that names a schema for later reference ($id, $anchor, remote
 * $ref): schemas of different teams must not see each other in a shared ajv. Compiled validators
 * are kept by schema text in a small LRU, in an ajv of their own, so a write does not recompile.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ownMessages } from '../messages';

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Largest schema, in bytes of its JSON text: ample for a form, small enough that compiling it stays cheap. */
export const MAX_SCHEMA_BYTES = 32 * 1024;

/** Keywords whose checking time a value sent by a client drives without bound. */
const COSTLY = ['pattern', 'patternProperties', 'uniqueItems'];

/** Keywords that register a schema, or a part of it, for reference from elsewhere. */
const NAMING = ['$id', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveAnchor', '$recursiveRef'];

/** The dialect @rjsf's ajv implements; any other $schema would be looked up, and fail. */
const DRAFT_07 = ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema'];

/** A $ref a schema may hold: itself, or one of its root's definitions. */
const LOCAL_REF = /^#(?:\/(?:definitions|\$defs)\/[^/]+)?$/;

/** Keywords whose values are data, never schemas (and a $ref cannot point into them). */
const DATA = new Set(['enum', 'const', 'default', 'examples']);

/** Keywords whose values map names to schemas: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'definitions', '$defs', 'dependencies', 'dependentSchemas']);

/** Keywords that apply a subschema to the same value: a $ref reached through them alone does not go deeper. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE = ['not', 'if', 'then', 'else'];
const IN_PLACE_MAPS = ['dependencies', 'dependentSchemas'];

/** The first keyword refused anywhere in the schema, in words (the root's $id is allowed: it is removed before compiling). */
function keywordProblem(node: unknown, root: boolean): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const problem = keywordProblem(item, false);
      if (problem) return problem;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (COSTLY.includes(key)) return ownMessages.schemaCostlyKeyword(key);
    if (NAMING.includes(key) && !(root && key === '$id')) return ownMessages.schemaNamingKeyword(key);
    if (key === '$schema' && !DRAFT_07.includes(value as string)) return ownMessages.schemaDialect(DRAFT_07[0]);
    if (key === '$ref' && !(typeof value === 'string' && LOCAL_REF.test(value))) return ownMessages.schemaRefNotLocal(String(value));
    if (DATA.has(key)) continue;
    const children = NAME_MAPS.has(key) && isObject(value) ? Object.values(value) : [value];
    for (const child of children) {
      const problem = keywordProblem(child, false);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** The schema a local $ref names (undefined: none; ajv's compile says so). */
function target(root: JsonObject, ref: string): unknown {
  if (ref === '#') return root;
  const [, map, name] = ref.split('/');
  const defs = root[map];
  const key = decodeURIComponent(name).replace(/~1/g, '/').replace(/~0/g, '~');
  return isObject(defs) && Object.hasOwn(defs, key) ? defs[key] : undefined;
}

/** The $refs a schema applies to the very value it checks. */
function inPlaceRefs(node: unknown, refs: string[] = []): string[] {
  if (!isObject(node)) return refs;
  if (typeof node.$ref === 'string') refs.push(node.$ref);
  for (const key of IN_PLACE_LISTS) if (Array.isArray(node[key])) for (const s of node[key]) inPlaceRefs(s, refs);
  for (const key of IN_PLACE) inPlaceRefs(node[key], refs);
  for (const key of IN_PLACE_MAPS) if (isObject(node[key])) for (const s of Object.values(node[key])) inPlaceRefs(s, refs);
  return refs;
}

/** A $ref that leads back to itself without checking any part of the value (every check would overflow the stack). */
function cycleProblem(root: JsonObject): string | undefined {
  const done = new Set<string>();
  const visit = (ref: string, path: string[]): string | undefined => {
    if (path.includes(ref)) return ownMessages.schemaRefCycle(ref);
    if (done.has(ref)) return undefined;
    for (const next of inPlaceRefs(target(root, ref))) {
      const problem = visit(next, [...path, ref]);
      if (problem) return problem;
    }
    done.add(ref);
    return undefined;
  };
  return visit('#', []);
}

/** An ajv of its own, configured as @rjsf's forms' one, holding nothing between compilations. */
const ajv = customizeValidator().ajv;

/** A schema as compiled: without the root's $id, which ajv would register. */
function anonymous(schema: JsonObject): JsonObject {
  const { $id: _id, ...rest } = schema;
  return rest;
}

/** Validators compiled lately, by schema text, least recently used first. */
const compiled = new Map<string, ValidateFunction>();
export const COMPILED_MAX = 100;

/** The validator of a schema, compiled once while it is in use (throws what ajv throws on a schema it cannot compile). */
function validatorOf(schema: JsonObject): ValidateFunction {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) {
    compiled.delete(key);
    compiled.set(key, hit);
    return hit;
  }
  const own = anonymous(schema);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(own);
  } finally {
    ajv.removeSchema(own);
  }
  if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validate);
  return validate;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Why a client's schema is refused, in words, or undefined; it is then compiled and kept. */
export function clientSchemaProblem(schema: JsonObject): string | undefined {
  const bytes = new TextEncoder().encode(JSON.stringify(schema)).length;
  if (bytes > MAX_SCHEMA_BYTES) return ownMessages.schemaTooLarge(MAX_SCHEMA_BYTES);
  const problem = keywordProblem(schema, true) ?? cycleProblem(schema);
  if (problem) return problem;
  try {
    if (!ajv.validateSchema(anonymous(schema))) return ajv.errorsText(ajv.errors, { dataVar: 'schema' });
    validatorOf(schema);
    return undefined;
  } catch (err) {
    return errorText(err);
  }
}

/** The errors of a value against an accepted client schema (the caller checked it with clientSchemaProblem). */
export function clientSchemaErrors(schema: JsonObject, value: unknown): ErrorObject[] {
  const validate = validatorOf(schema);
  return validate(value) ? [] : (validate.errors ?? []);
}

/** The first error of a value against an accepted client schema, in words, or undefined. */
export function clientValueProblem(schema: JsonObject, value: unknown): string | undefined {
  const first = clientSchemaErrors(schema, value)[0];
  return first ? `${first.instancePath || '/'} ${first.message ?? 'is not valid'}` : undefined;
}
