/**
 * A list embedded in an object of an answer (a firmware's devices, a document's 'Used in') may be
 * cut, so that an answer's cost does not grow with the fleet: each object of a list answer
 * (GET /api/full/{cat}) embeds at most PUCS_MAX_EMBEDDED_LIST objects per list, one object's full
 * form (GET /api/full/{cat}/{id}) at most PUCS_MAX_LIST. A cut list has beside it `{key}_total`,
 * how many objects it holds whole; an uncut one has none (the spec's shape). The server writes the
 * total (server/crud/expand.ts, listThrough.ts) and the console reads it, both through this file.
 */

/** The key beside a cut list `key` that tells its whole length. */
export const embeddedTotalKey = (key: string): string => `${key}_total`;

/** How many objects the list `key` of `holder` holds whole: its total when it was cut, else its length. */
export function embeddedTotal(holder: object, key: string): number {
  const total: unknown = Reflect.get(holder, embeddedTotalKey(key));
  if (typeof total === 'number') return total;
  const list: unknown = Reflect.get(holder, key);
  return Array.isArray(list) ? list.length : 0;
}
