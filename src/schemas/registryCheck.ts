/**
 * The registry is checked when it loads, so that a mistake in a schema file stops the start with
 * one line naming the category and the field, never with a SQL error later: an unknown kind, a
 * reference to a category that does not exist, a default its own field would refuse.
 */
import type { Category, FieldSpec } from './defineCategory';
import { KINDS } from './kinds';
import { CATEGORY_IDS } from './categoryIds';

export class RegistryError extends Error {
  constructor(category: string, field: string | undefined, problem: string) {
    super(`Schema error in ${field ? `${category}.${field}` : category}: ${problem}`);
    this.name = 'RegistryError';
  }
}

/** Tables that are not categories: sign-in (server/auth/tables.ts) and the migration history (server/db/migrate.ts). */
export const SERVER_TABLES: readonly string[] = ['settings', 'sessions', 'schema_migrations'];

/** What is wrong with one field declaration on its own, or undefined. */
export function fieldDeclarationProblem(field: FieldSpec): string | undefined {
  const kind = KINDS[field.kind as keyof typeof KINDS];
  if (!Object.hasOwn(KINDS, field.kind) || !kind) {
    return `unknown kind '${String(field.kind)}' (one of ${Object.keys(KINDS).join(', ')})`;
  }
  if ((field.kind === 'ref' || field.kind === 'refList') && !field.ref) return `a ${field.kind} field needs 'ref'`;
  if (field.kind === 'enum' && (!field.values || field.values.length === 0)) return "an enum field needs 'values'";
  if (field.kind === 'enum' && new Set(field.values).size !== field.values!.length) return "an enum field's values must differ";
  if (field.offered?.some((v) => !field.values?.includes(v))) return "'offered' names a value not in 'values'";
  if (field.schema !== undefined && field.kind !== 'json') return "'schema' is for json fields only";
  if (field.schemes !== undefined && field.kind !== 'url') return "'schemes' is for url fields only";
  if (field.default !== undefined && field.default !== null) {
    const result = kind.value(field, field.label, 'the default is not valid').safeParse(field.default);
    if (!result.success) return `the default ${JSON.stringify(field.default)} is not ${kind.expected(field)}`;
    const problem = field.check?.(field.default);
    if (problem) return `the default ${JSON.stringify(field.default)} is refused: ${problem}`;
  }
  if (field.backfill !== undefined) {
    const result = kind.value(field, field.label, 'the backfill is not valid').safeParse(field.backfill);
    if (!result.success) return `the backfill ${JSON.stringify(field.backfill)} is not ${kind.expected(field)}`;
  }
  return undefined;
}

/** What is wrong across the registry (references, keys, ids), as one error; nothing when it is sound. */
export function checkRegistry(categories: readonly Category[]): void {
  const keys = new Set<string>();
  const ids = new Set<number>();
  for (const category of categories) {
    if (keys.has(category.key)) throw new RegistryError(category.key, undefined, 'the key is declared twice');
    if (ids.has(category.id)) throw new RegistryError(category.key, undefined, `the category id ${category.id} is used twice`);
    const reserved = Object.entries(CATEGORY_IDS).find(([, id]) => id === category.id);
    if (reserved) throw new RegistryError(category.key, undefined, `the category id ${category.id} is the spec's '${reserved[0]}'`);
    if (SERVER_TABLES.includes(category.key)) throw new RegistryError(category.key, undefined, 'the key names a table the server keeps for itself');
    keys.add(category.key);
    ids.add(category.id);
  }
  for (const category of categories) {
    for (const [name, field] of Object.entries(category.fields)) {
      if (field.ref && !keys.has(field.ref)) throw new RegistryError(category.key, name, `'ref' names an unknown category '${field.ref}'`);
      for (const other of [field.follows?.via, field.labelFrom?.via, field.definedBy?.via, field.resolvesTo, ...(field.matches ?? [])]) {
        if (other !== undefined && !Object.hasOwn(category.fields, other)) {
          throw new RegistryError(category.key, name, `names an unknown field '${other}'`);
        }
      }
      if (field.renamedFrom !== undefined && Object.hasOwn(category.fields, field.renamedFrom)) {
        throw new RegistryError(category.key, name, `'renamedFrom' names a field that still exists ('${field.renamedFrom}')`);
      }
      if (field.definedBy) {
        const definer = categories.find((c) => c.key === category.fields[field.definedBy!.via]?.ref);
        const held = definer && Object.hasOwn(definer.fields, field.definedBy.field) ? definer.fields[field.definedBy.field] : undefined;
        if (field.kind !== 'json' || held?.kind !== 'json') {
          throw new RegistryError(category.key, name, `'definedBy' needs a json field and a reference to a category with the json field '${field.definedBy.field}'`);
        }
      }
      const sameOldName = Object.entries(category.fields).find(([other, f]) => other !== name && field.renamedFrom !== undefined && f.renamedFrom === field.renamedFrom);
      if (sameOldName) throw new RegistryError(category.key, name, `'renamedFrom' names '${field.renamedFrom}', as ${sameOldName[0]} does: one column cannot become two`);
    }
    for (const rule of category.unique ?? []) {
      for (const f of rule.fields) {
        if (!Object.hasOwn(category.fields, f)) throw new RegistryError(category.key, undefined, `unique rule '${rule.name}' names an unknown field '${f}'`);
      }
    }
    const lists = [...Object.values(category.lists ?? {}), ...Object.values(category.counts ?? {})];
    for (const list of lists) {
      const other = categories.find((c) => c.key === list.category);
      if (!other) throw new RegistryError(category.key, undefined, `a list names an unknown category '${list.category}'`);
      if (!Object.hasOwn(other.fields, list.via)) throw new RegistryError(category.key, undefined, `a list names an unknown field '${list.category}.${list.via}'`);
    }
    for (const [name, e] of Object.entries(category.expansions ?? {})) {
      if (!Object.hasOwn(category.fields, e.field)) throw new RegistryError(category.key, undefined, `expansion '${name}' names an unknown field '${e.field}'`);
    }
  }
}
