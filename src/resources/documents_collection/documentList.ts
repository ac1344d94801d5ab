/**
 * The edits of a collection's ordered list of documents (spec section 2), as plain functions of
 * the ids: adding one already listed changes nothing and says so, moves swap neighbours.
 */

export interface Added {
  ids: number[];
  /** The document was already listed: ids are unchanged ('The document is already in the collection.'). */
  duplicate: boolean;
}

export function addDocumentId(ids: readonly number[], id: number): Added {
  return ids.includes(id) ? { ids: [...ids], duplicate: true } : { ids: [...ids, id], duplicate: false };
}

export function removeDocumentAt(ids: readonly number[], index: number): number[] {
  return ids.filter((_, i) => i !== index);
}

/** Moves the entry at `index` one place up (-1) or down (+1); at an end, nothing moves. */
export function moveDocument(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
