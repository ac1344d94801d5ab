/**
 * A client's JSON Schema, as the console's form and the server both judge it (the type's
 * provisioning schema field): what could run without bound is refused, and an accepted schema is
 * compiled once, not on every value checked against it.
 */
import Ajv from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientSchemaProblem, clientValueProblem, COMPILED_MAX } from '../../src/schemas/clientSchema';
import { fieldProblem } from '../../src/schemas/compile';
import { mustGetCategory } from '../../src/schemas';

afterEach(() => vi.restoreAllMocks());

describe("the provisioning schema field's check (the console's form runs it)", () => {
  const check = (value: unknown) => fieldProblem(mustGetCategory('type').fields.provisioning_schema, value);

  it('names the refused keyword', () => {
    expect(check({ type: 'string', pattern: '^(a+)+$' })).toBe(
      "The field 'Provisioning schema' is not a valid JSON Schema: the keyword 'pattern' is not accepted: the time to check a value against it has no bound.",
    );
    expect(check({ items: [{ uniqueItems: true }] })).toMatch(/'uniqueItems' is not accepted/);
    expect(check({ $schema: 5 })).toMatch(/'\$schema' may only be/);
  });
});

describe('what a schema applies to one part of a value', () => {
  const definitions = (levels: number, def: (below: { $ref: string }) => object) => {
    const defs: Record<string, unknown> = { a0: { type: 'integer' } };
    for (let i = 1; i <= levels; i++) defs[`a${i}`] = def({ $ref: `#/definitions/a${i - 1}` });
    return { definitions: defs, $ref: `#/definitions/a${levels}` };
  };
  const tooCostly = "the schema applies more than 5000 subschemas to one part of a value (each '$ref' counting as what it names)";

  it('refuses definitions that each apply the one below twice (2^30 at 30 levels), at once or level by level', () => {
    expect(clientSchemaProblem(definitions(30, (below) => ({ allOf: [below, below] })))).toBe(tooCostly);
    expect(clientSchemaProblem(definitions(30, (below) => ({ items: { allOf: [below, below] } })))).toBe(tooCostly);
    const doubling = { items: { allOf: [{ $ref: '#' }, { $ref: '#' }] } };
    expect(clientSchemaProblem(doubling)).toBe(tooCostly);
  });

  it('accepts a definition used twice, a few levels of them, and a recursive tree', () => {
    expect(clientSchemaProblem(definitions(8, (below) => ({ allOf: [below, below] })))).toBeUndefined();
    const tree = { type: 'object', properties: { child: { $ref: '#' }, children: { type: 'array', items: { $ref: '#' } } } };
    expect(clientSchemaProblem(tree)).toBeUndefined();
  });

  it('refuses a $ref that applies itself to the same value, however deep in the schema', () => {
    expect(clientSchemaProblem({ items: { $ref: '#/definitions/a' }, definitions: { a: { not: { $ref: '#/definitions/a' } } } })).toBe(
      "'$ref' '#/definitions/a' leads back to itself without checking a part of the value",
    );
  });
});

describe('compiled validators', () => {
  it('are kept by schema content: checking many values compiles once', () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const schema = { type: 'object', properties: { kept: { type: 'integer', maximum: 10 } } };
    expect(clientSchemaProblem(schema)).toBeUndefined();
    for (let i = 0; i < 20; i++) expect(clientValueProblem({ ...schema }, { kept: i })).toBe(i > 10 ? '/kept must be <= 10' : undefined);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('hold at most COMPILED_MAX schemas, the least recently used leaving first', () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const first = { type: 'object', title: 'first' };
    clientValueProblem(first, {});
    for (let i = 0; i < COMPILED_MAX; i++) clientValueProblem({ type: 'object', title: `other ${i}` }, {});
    expect(compile).toHaveBeenCalledTimes(COMPILED_MAX + 1);
    clientValueProblem(first, {});
    expect(compile).toHaveBeenCalledTimes(COMPILED_MAX + 2);
  });
});
