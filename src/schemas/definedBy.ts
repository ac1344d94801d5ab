/**
 * What a `definedBy` declaration means, run the same way by the console's forms and the server:
 * the definer's field gives the JSON Schema the dependent value must match, either as the schema
 * itself ('schema') or as custom field definitions compiled to one ('customFields', values stored
 * as the spec's list). Keyed by the declaration's `as`, so generic code never names a category.
 */
import { ownMessages } from '../messages';
import { clientSchemaErrors, clientSchemaProblem, clientValueProblem } from './clientSchema';
import { customFieldsSchema, readCustomFields, valuesToObject, type CustomField } from './customFields';
import type { FieldSpec } from './defineCategory';

export type DefinedByMode = NonNullable<FieldSpec['definedBy']>['as'];

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Schemas judged lately, by their JSON text: the console's form checks its fields on every render. */
const judged = new Map<string, string | undefined>();
const JUDGED_MAX = 20;

/** Why a value is not a JSON Schema the forms and the server can use, or undefined (null: no schema). */
export function jsonSchemaDefinitionProblem(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isObject(value)) return ownMessages.schemaNotObject;
  const key = JSON.stringify(value);
  if (judged.has(key)) return judged.get(key);
  const problem = clientSchemaProblem(value);
  if (judged.size >= JUDGED_MAX) judged.delete(judged.keys().next().value as string);
  judged.set(key, problem);
  return problem;
}

/** The `check` of a json field that holds a JSON Schema (both sides, naming the field by its label). */
export function jsonSchemaCheck(value: unknown, label: string): string | undefined {
  const problem = jsonSchemaDefinitionProblem(value);
  return problem ? ownMessages.notJsonSchema(label, problem) : undefined;
}

export interface DefinedByRule {
  /** The schema a form renders for the definer's field value (undefined: none, a raw JSON input). */
  schema(definer: unknown): JsonObject | undefined;
  /** The stored value as the schema sees it. */
  toForm(value: unknown): unknown;
  /** Why `value` does not fit the definer's field value, or undefined; `label` is the dependent field's, `definerLabel` the reference's. */
  problem(definer: unknown, value: unknown, label: string, definerLabel: string): string | undefined;
  /** The value kept when the definer changes under it (definitions removed), or undefined to leave it. */
  prune?(definer: unknown, value: unknown): unknown;
  /** The value kept when the object moves to another definer without sending one. */
  fit?(definer: unknown, value: unknown): unknown;
}

function definerSchema(definer: unknown): JsonObject | undefined {
  return isObject(definer) ? definer : undefined;
}

const definitionsOf = (definer: unknown): CustomField[] => readCustomFields(definer);

export const DEFINED_BY: Record<DefinedByMode, DefinedByRule> = {
  schema: {
    schema: definerSchema,
    toForm: (value) => value,
    problem(definer, value, label, definerLabel) {
      const schema = definerSchema(definer);
      if (!schema || value === null || value === undefined) return undefined;
      // A schema saved before the rules tightened is not run: it may be one they refuse for its cost.
      const refused = jsonSchemaDefinitionProblem(schema);
      if (refused) return ownMessages.definerSchemaRefused(label, definerLabel, refused);
      const detail = clientValueProblem(schema, value);
      return detail ? ownMessages.jsonSchemaMismatch(label, detail) : undefined;
    },
  },
  customFields: {
    schema: (definer) => customFieldsSchema(definitionsOf(definer)) as unknown as JsonObject,
    toForm: valuesToObject,
    problem(definer, value, label, definerLabel) {
      // Null is a device that never had values: left as it is (the console fills it on edit).
      if (value === null || value === undefined) return undefined;
      if (!Array.isArray(value)) return ownMessages.customFieldsShape;
      const definitions = definitionsOf(definer);
      const defined = new Map(definitions.map((d) => [d.name, d]));
      for (const entry of value as { name?: unknown; type?: unknown }[]) {
        const name = String(entry?.name);
        const definition = defined.get(name);
        if (!definition) return ownMessages.customFieldNotDefined(label, name, definerLabel);
        if (entry.type !== undefined && entry.type !== definition.type) {
          return ownMessages.customFieldWrongType(label, name, ownMessages.customFieldTypeNames[definition.type]);
        }
      }
      const schema = customFieldsSchema(definitions) as unknown as JsonObject;
      const first = clientSchemaErrors(schema, valuesToObject(value))[0];
      if (!first) return undefined;
      const name = first.instancePath.slice(1).replace(/~1/g, '/').replace(/~0/g, '~');
      const type = defined.get(name)?.type;
      return type === undefined
        ? ownMessages.jsonSchemaMismatch(label, `${first.instancePath || '/'} ${first.message ?? 'is not valid'}`)
        : ownMessages.customFieldWrongType(label, name, ownMessages.customFieldTypeNames[type]);
    },
    prune(definer, value) {
      if (!Array.isArray(value)) return undefined;
      const names = new Set(definitionsOf(definer).map((d) => d.name));
      const kept = (value as { name?: unknown }[]).filter((entry) => typeof entry?.name === 'string' && names.has(entry.name));
      return kept.length === value.length ? undefined : kept;
    },
    fit(definer, value) {
      if (!Array.isArray(value)) return value;
      const defined = new Map(definitionsOf(definer).map((d) => [d.name, d.type]));
      return (value as { name?: unknown; type?: unknown }[]).filter(
        (entry) => typeof entry?.name === 'string' && defined.get(entry.name) === entry.type,
      );
    },
  },
};

export const definedByRule = (mode: DefinedByMode): DefinedByRule => DEFINED_BY[mode];
