/**
 * What a create or update sends (spec section 5: "Only changed fields are sent on update").
 * Only fields a client may write are considered: the server answers 400 to system fields, and
 * expanded objects (type, group, ...) are read-only views.
 */
import type { Category } from '../schemas';
import { sameJson } from '../schemas/sameJson';

export type Json = Record<string, unknown>;

/** The fields of a category a client may send (fieldSets.writable). */
export const writableFields = (category: Category): string[] => [...category.fieldSets.writable];

/** The writable fields whose value differs between the edited data and the loaded record. */
export function changedFields(category: Category, data: Json, previous: Json | undefined): Json {
  const changes: Json = {};
  for (const name of writableFields(category)) {
    if (!(name in data) || data[name] === undefined) continue;
    if (previous && sameJson(data[name], previous[name])) continue;
    changes[name] = data[name];
  }
  return changes;
}

/** The body of a create: every writable field the form holds. */
export function createBody(category: Category, data: Json): Json {
  return changedFields(category, data, undefined);
}
