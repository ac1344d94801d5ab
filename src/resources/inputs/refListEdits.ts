/**
 * The edits of an ordered list of references (RefListFieldInput), as plain functions of the ids:
 * adding one already listed changes nothing and says so (a collection's 'The document is already
 * in the collection.'), moves swap neighbours.
 */

export interface Added {
  ids: number[];
  /** The object was already listed: ids are unchanged. */
  duplicate: boolean;
}

export function addId(ids: readonly number[], id: number): Added {
  return ids.includes(id) ? { ids: [...ids], duplicate: true } : { ids: [...ids, id], duplicate: false };
}

export function removeAt(ids: readonly number[], index: number): number[] {
  return ids.filter((_, i) => i !== index);
}

/** Moves the entry at `index` one place up (-1) or down (+1); at an end, nothing moves. */
export function moveBy(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
