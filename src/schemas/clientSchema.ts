/**
 * JSON Schemas written by clients (a type's provisioning schema), checked the same way by the
 * console and the server. A client controls both the schema and the values checked against it,
 * so what ajv would run without bound is refused when the schema is saved: regular expressions
 * (ReDoS), uniqueItems (quadratic), oversized schemas, $ref cycles that never enter the value
 * (stack overflow) or that multiply what is applied to one value, and anything that names a
 * schema for later reference ($id, $anchor, remote $ref): schemas of different teams must not
 * see each other in a shared ajv. Compiled validators
 * are kept by schema text in a small LRU, in an ajv of their own, so a write does not recompile.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ownMessages } from '../messages';
import { MAX_JSON_DEPTH } from './kinds';

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

/** Keywords that apply subschemas to the very value being checked. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'];
const IN_PLACE = ['not', 'if', 'then', 'else'];
const IN_PLACE_MAPS = ['dependencies', 'dependentSchemas'];

/**
 * Most subschemas a schema may apply to one part of a value, each $ref counted as what it names:
 * about what 32 KB of schema holds without $ref. Definitions referring to others twice over, a
 * few levels deep, would otherwise apply millions (2^30 at 30 levels).
 */
const MAX_APPLIED = 5_000;

/** Most steps the cost check takes (sets of subschemas times the property names they know): beyond, the schema is too intricate to judge. */
const MAX_STEPS = 1_000_000;

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

/** The subschemas a schema applies to the same value, with the $ref that led to each (undefined: none). */
function inPlace(root: JsonObject, node: JsonObject): [JsonObject, string | undefined][] {
  const subs: [JsonObject, string | undefined][] = [];
  const add = (sub: unknown, ref?: string) => {
    if (isObject(sub)) subs.push([sub, ref]);
  };
  if (typeof node.$ref === 'string') add(target(root, node.$ref), node.$ref);
  for (const key of IN_PLACE_LISTS) if (Array.isArray(node[key])) for (const sub of node[key]) add(sub);
  for (const key of IN_PLACE) add(node[key]);
  for (const key of IN_PLACE_MAPS) if (isObject(node[key])) for (const sub of Object.values(node[key])) add(sub);
  return subs;
}

type Applied = Map<JsonObject, number>;

/** Adds `times` of each subschema in `from` to `into`. */
function addAll(into: Applied, from: Applied, times = 1): void {
  for (const [node, k] of from) into.set(node, (into.get(node) ?? 0) + k * times);
}

const sum = (applied: Applied) => [...applied.values()].reduce((a, b) => a + b, 0);

/**
 * What the subschemas applied to one value apply to its parts, by part: an element of an array
 * (all positions together), each property named by one of them, any other property, a key.
 */
function partsOf(applied: Applied, step: (steps: number) => void): Applied[] {
  const element: Applied = new Map();
  const key: Applied = new Map();
  const other: Applied = new Map();
  const named = new Set<string>();
  const add = (into: Applied, sub: unknown, times: number) => {
    if (isObject(sub)) into.set(sub, (into.get(sub) ?? 0) + times);
  };
  for (const [node, times] of applied) {
    for (const sub of Array.isArray(node.items) ? node.items : [node.items]) add(element, sub, times);
    add(element, node.additionalItems, times);
    add(element, node.contains, times);
    add(key, node.propertyNames, times);
    add(other, node.additionalProperties, times);
    if (isObject(node.properties)) for (const name of Object.keys(node.properties)) named.add(name);
  }
  step(applied.size * (1 + named.size));
  const byName = [...named].map((name) => {
    const part: Applied = new Map();
    for (const [node, times] of applied) {
      const own = isObject(node.properties) && Object.hasOwn(node.properties, name);
      add(part, own ? (node.properties as JsonObject)[name] : node.additionalProperties, times);
    }
    return part;
  });
  return [element, key, other, ...byName].filter((part) => part.size > 0);
}

class Refused {
  constructor(readonly problem: string) {}
}

/**
 * Refuses a schema that would apply itself to a value without end ($ref cycles that never go
 * into the value: every check would overflow the stack) or more than MAX_APPLIED subschemas to
 * one part of a value, at any depth a stored value may have.
 */
function costProblem(root: JsonObject): string | undefined {
  const closures = new Map<JsonObject, Applied>();
  const path = new Set<JsonObject>();
  const refs: string[] = [];
  /** The subschemas applied to a value with `node`, itself included, each as many times as it is. */
  const closure = (node: JsonObject): Applied => {
    const known = closures.get(node);
    if (known) return known;
    path.add(node);
    const result: Applied = new Map([[node, 1]]);
    for (const [sub, ref] of inPlace(root, node)) {
      if (path.has(sub)) throw new Refused(ownMessages.schemaRefCycle(ref ?? refs[refs.length - 1] ?? '#'));
      if (ref) refs.push(ref);
      addAll(result, closure(sub));
      if (ref) refs.pop();
      if (sum(result) > MAX_APPLIED) throw new Refused(ownMessages.schemaTooCostly(MAX_APPLIED));
    }
    path.delete(node);
    closures.set(node, result);
    return result;
  };
  const ids = new Map<JsonObject, number>();
  const idOf = (node: JsonObject) => ids.get(node) ?? (ids.set(node, ids.size), ids.size - 1);
  /** The shallowest depth each set of subschemas was followed from. */
  const seen = new Map<string, number>();
  let steps = 0;
  const step = (n: number) => {
    steps += n;
    if (steps > MAX_STEPS) throw new Refused(ownMessages.schemaTooCostly(MAX_APPLIED));
  };
  const follow = (entering: Applied, depth: number): void => {
    const applied: Applied = new Map();
    for (const [node, times] of entering) addAll(applied, closure(node), times);
    if (sum(applied) > MAX_APPLIED) throw new Refused(ownMessages.schemaTooCostly(MAX_APPLIED));
    if (depth >= MAX_JSON_DEPTH) return;
    for (const part of partsOf(applied, step)) {
      const signature = [...part].map(([node, times]) => `${idOf(node)}x${times}`).sort().join(' ');
      if ((seen.get(signature) ?? Infinity) <= depth + 1) continue;
      seen.set(signature, depth + 1);
      follow(part, depth + 1);
    }
  };
  try {
    follow(new Map([[root, 1]]), 0);
    return undefined;
  } catch (err) {
    if (err instanceof Refused) return err.problem;
    throw err;
  }
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
  const problem = keywordProblem(schema, true) ?? costProblem(schema);
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
