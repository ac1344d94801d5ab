/**
 * Runs one call per item, in turn, and stops at the first failure: what was done stays done, the
 * failed item and the ones after it are untouched, and the answer tells both (bulk actions of a
 * table, spec section 9: deletions happen sequentially). One at a time keeps the server's per-object
 * rules (permissions, team scoping, a device's group and firmware) the only rules, and a stop
 * half-way easy to read.
 */
export interface TurnFailure<T> {
  item: T;
  /** Its place in the list: the items before it are done. */
  index: number;
  error: unknown;
}

export interface TurnResult<T> {
  done: number;
  total: number;
  /** Absent when every item was done. */
  failure?: TurnFailure<T>;
}

export async function runInTurn<T>(
  items: readonly T[],
  step: (item: T, index: number) => Promise<unknown>,
  onProgress?: (done: number, total: number) => void,
): Promise<TurnResult<T>> {
  const total = items.length;
  onProgress?.(0, total);
  for (let index = 0; index < total; index++) {
    try {
      await step(items[index], index);
    } catch (error) {
      return { done: index, total, failure: { item: items[index], index, error } };
    }
    onProgress?.(index + 1, total);
  }
  return { done: total, total };
}
