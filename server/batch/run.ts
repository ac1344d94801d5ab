/**
 * A batch of the generic update or delete (server/crud/write.ts) over many objects of a category,
 * in one transaction: each object by the same rules and refusals as one by one, and the first
 * refusal undoes the whole batch, answering its status with a Description that names the object
 * ('Device 'Dev 7' (id 12): ...'; an id unknown or of another team: 'Device 12: Not found.').
 */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import type { SessionUser } from '../auth/sessionUser';
import { ApiError } from '../http/errors';
import { notFoundError } from '../crud/access';
import { selectVisible } from '../crud/read';
import { displayName, mapDbError } from '../crud/dbErrors';
import { deleteLoadedAll, updateInTransaction, type Store } from '../crud/write';
import type { Row } from '../crud/hooks';
import type { Queryable } from '../db/database';
import { ReadMemo } from '../crud/readMemo';

/** The refusal of one object of the batch, named: its status, its reason after the name. */
function named(category: Category, id: number, row: Row | undefined, err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const who = row ? ownMessages.batchObjectNamed(category.title, displayName(category, row), id) : ownMessages.batchObjectId(category.title, id);
  return new ApiError(err.status, ownMessages.batchRefused(who, err.description), err.headers);
}

/**
 * The objects of `ids` the caller sees, whole as loadForWrite reads them, locked for the write in
 * one statement, by id (each write of the batch takes its object from here; two batches lock in the
 * same order). An id not among
 * them, unknown or of another team, refuses the batch as one object's write would (404), named.
 */
async function lockAll(tx: Queryable, user: SessionUser, category: Category, ids: readonly number[], columns: readonly string[]): Promise<Map<number, Row>> {
  const rows = await selectVisible(tx, user, category, columns, (p) => [`"t"."id" = ANY(${p.add(ids)}::int[])`], true);
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  const unknown = ids.find((id) => !byId.has(id));
  if (unknown !== undefined) throw named(category, unknown, undefined, notFoundError());
  return byId;
}

/** Applies the same update body to every object of `ids`, in order; answers how many were updated. */
export async function updateBatch(store: Store, user: SessionUser, category: Category, ids: readonly number[], body: unknown): Promise<number> {
  await store.registry.hooks(category.key).admit?.({ db: store.db, user, category, body });
  await store.db.transaction(async (tx) => {
    const rows = await lockAll(tx, user, category, ids, category.fieldSets.stored);
    const memo = new ReadMemo();
    for (const id of ids) {
      try {
        await updateInTransaction(tx, store, user, category, id, body, { loaded: rows.get(id) as Row, memo });
      } catch (err) {
        throw named(category, id, rows.get(id), err);
      }
    }
  });
  return ids.length;
}

/** Deletes every object of `ids` by the rules of the one-by-one delete; answers how many were deleted. */
export async function deleteBatch(store: Store, user: SessionUser, category: Category, ids: readonly number[]): Promise<number> {
  let deleted: Row[] = [];
  await store.db.transaction(async (tx) => {
    const rows = await lockAll(tx, user, category, ids, category.fieldSets.stored);
    deleted = ids.map((id) => rows.get(id) as Row);
    let current: Row | undefined;
    try {
      await deleteLoadedAll(tx, store.registry, user, category, deleted, (row) => {
        current = row;
      });
    } catch (err) {
      const row = current ?? deleted[0];
      throw named(category, row.id as number, row, mapDbError(err, category, 'delete', row));
    }
  });
  for (const row of deleted) await store.files?.released(category, row);
  return deleted.length;
}
