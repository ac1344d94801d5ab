/**
 * Runs the calls of a bulk action in turn, one batch of items per call (one item per call unless
 * told), and stops at the first failure: what was done stays done, the failed batch and the ones
 * after it are untouched, and the answer tells both (bulk actions of a table, spec section 9:
 * deletions happen sequentially). A batch is one server transaction (src/batch.ts: the same
 * per-object rules as one by one), so a refused batch changed nothing and a stop half-way is easy to read.
 */
export interface TurnFailure<T> {
  /** The first item of the batch refused. */
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
  step: (batch: readonly T[], index: number) => Promise<unknown>,
  onProgress?: (done: number, total: number) => void,
  batchSize = 1,
): Promise<TurnResult<T>> {
  const total = items.length;
  onProgress?.(0, total);
  for (let index = 0; index < total; index += batchSize) {
    const batch = items.slice(index, index + batchSize);
    try {
      await step(batch, index);
    } catch (error) {
      return { done: index, total, failure: { item: items[index], index, error } };
    }
    onProgress?.(index + batch.length, total);
  }
  return { done: total, total };
}
