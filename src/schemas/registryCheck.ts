/**
 * The registry is checked when it loads, so that a mistake in a schema file stops the start with
 * one line naming the category and the field, never with a SQL error later: a reference to a
 * category that does not exist, a key or id used twice. Each field on its own (an unknown kind, a
 * default its own field would refuse) is checked as it is declared (fieldCheck.ts).
 */
import type { Category } from './defineCategory';
import { RegistryError } from './fieldCheck';
import { CATEGORY_IDS } from './categoryIds';
import { ownMessages } from '../messages';

/** What is wrong across the registry (references, keys, ids), as one error; nothing when it is sound. */
export function checkRegistry(categories: readonly Category[]): void {
  const keys = new Set<string>();
  const ids = new Set<number>();
  for (const category of categories) {
    if (keys.has(category.key)) throw new RegistryError(category.key, undefined, ownMessages.schemaKeyTwice);
    if (ids.has(category.id)) throw new RegistryError(category.key, undefined, ownMessages.schemaIdTwice(category.id));
    const reserved = Object.entries(CATEGORY_IDS).find(([, id]) => id === category.id);
    if (reserved) throw new RegistryError(category.key, undefined, ownMessages.schemaIdReserved(category.id, reserved[0]));
    keys.add(category.key);
    ids.add(category.id);
  }
  for (const category of categories) {
    const needsFirst = category.console?.needsFirst;
    if (needsFirst !== undefined && !keys.has(needsFirst)) throw new RegistryError(category.key, undefined, ownMessages.schemaUnknownNeedsFirst(needsFirst));
    for (const [name, field] of Object.entries(category.fields)) {
      if (field.ref && !keys.has(field.ref)) throw new RegistryError(category.key, name, ownMessages.schemaUnknownRef(field.ref));
      for (const other of [field.follows?.via, field.labelFrom?.via, field.definedBy?.via, field.resolvesTo, ...(field.matches ?? [])]) {
        if (other !== undefined && !Object.hasOwn(category.fields, other)) {
          throw new RegistryError(category.key, name, ownMessages.schemaUnknownField(other));
        }
      }
      if (field.renamedFrom !== undefined && Object.hasOwn(category.fields, field.renamedFrom)) {
        throw new RegistryError(category.key, name, ownMessages.schemaRenamedStillExists(field.renamedFrom));
      }
      if (field.listThrough) {
        const holder = categories.find((c) => c.key === field.ref);
        if (field.kind !== 'ref' || holder?.fields[field.listThrough.list]?.kind !== 'refList') {
          throw new RegistryError(category.key, name, ownMessages.schemaListThrough(field.listThrough.list));
        }
      }
      if (field.definedBy) {
        const definer = categories.find((c) => c.key === category.fields[field.definedBy!.via]?.ref);
        const held = definer && Object.hasOwn(definer.fields, field.definedBy.field) ? definer.fields[field.definedBy.field] : undefined;
        if (field.kind !== 'json' || held?.kind !== 'json') {
          throw new RegistryError(category.key, name, ownMessages.schemaDefinedBy(field.definedBy.field));
        }
      }
      if (field.enabledOnly && (field.kind !== 'ref' || !categories.find((c) => c.key === field.ref)?.disabled)) {
        throw new RegistryError(category.key, name, ownMessages.schemaEnabledOnly);
      }
      const sameOldName = Object.entries(category.fields).find(([other, f]) => other !== name && field.renamedFrom !== undefined && f.renamedFrom === field.renamedFrom);
      if (sameOldName) throw new RegistryError(category.key, name, ownMessages.schemaRenamedTwice(String(field.renamedFrom), sameOldName[0]));
    }
    const stillDeclared = (category.removed ?? []).find((name) => Object.hasOwn(category.fields, name));
    if (stillDeclared !== undefined) throw new RegistryError(category.key, stillDeclared, ownMessages.schemaRemovedDeclared(stillDeclared));
    const flag = category.disabled?.field;
    if (flag !== undefined && !['integer', 'boolean'].includes(category.fields[flag]?.kind ?? '')) {
      throw new RegistryError(category.key, flag, ownMessages.schemaDisabledFlag);
    }
    for (const rule of category.unique ?? []) {
      for (const f of rule.fields) {
        if (!Object.hasOwn(category.fields, f)) throw new RegistryError(category.key, undefined, ownMessages.schemaUniqueUnknownField(rule.name, f));
      }
    }
    const lists = [...Object.values(category.lists ?? {}), ...Object.values(category.counts ?? {})];
    for (const list of lists) {
      const other = categories.find((c) => c.key === list.category);
      if (!other) throw new RegistryError(category.key, undefined, ownMessages.schemaListUnknownCategory(list.category));
      if (!Object.hasOwn(other.fields, list.via)) throw new RegistryError(category.key, undefined, ownMessages.schemaListUnknownField(list.category, list.via));
    }
    for (const key of category.deleteWithContent ?? []) {
      if (!Object.hasOwn(category.lists ?? {}, key)) throw new RegistryError(category.key, undefined, ownMessages.schemaDeleteWithContent(key));
    }
    for (const [name, e] of Object.entries(category.expansions ?? {})) {
      if (!Object.hasOwn(category.fields, e.field)) throw new RegistryError(category.key, undefined, ownMessages.schemaExpansionUnknownField(name, e.field));
    }
  }
}
