/**
 * Create, update and delete of one object, the generic way. Every write runs in one
 * transaction: checks, hooks and the statement itself, so any error leaves nothing stored.
 *
 * Order of answers on update and delete: 404 unknown or invisible object; 403 permission; 400
 * body hygiene, field validation and followed fields; 409 locked field; 400 references; hooks; 409 uniqueness or
 * object in use. On create the body is validated (400) before the permission (403), which
 * depends on the body's team_id. (401 for signed-out callers comes first, in routes.ts.)
 */
import type { Category } from '../../src/schemas/defineCategory';
import { withDefaults } from '../../src/schemas/compile';
import type { Database, Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { assertPermitted, notFoundError, teamOf } from './access';
import { checkObject, validateBody } from './validate';
import { checkReferences } from './references';
import { checkLocks, checkNotListed, listingReferrers } from './locks';
import { deriveFollowers, propagateToFollowers } from './follows';
import { checkDefinedBy, pruneDependents } from './definedBy';
import { checkUnique } from './uniqueness';
import { mapDbError } from './dbErrors';
import { insertRow, updateRow } from './rows';
import { setServerFields } from './serverFields';
import { selectVisible } from './read';
import { publicColumns } from './projection';
import { toJson } from './serialize';
import { sameJson } from '../../src/schemas/sameJson';
import { ident } from './sql';
import { checkFileHashKept, checkImageKept } from '../files/rules';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';
import type { ReadMemo } from './readMemo';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { settleReferrers } from './deleteReferrers';
import type { ServerConfig } from '../config';

/** What a write runs on: the database and the registry (the app, once built). */
export interface Store {
  db: Database;
  registry: ServerRegistry;
  /** The server's configuration (what a hook's rule reads: how long an invitation link works). */
  config?: ServerConfig;
  /** The file store (server/files): a deleted object's file is released once the delete commits; an image holder's file is read. */
  files?: { released(category: Category, row: Row): Promise<void>; isImage(hash: string): Promise<boolean> };
}

/**
 * The whole stored object (secrets included: hooks may need them), locked for the write before
 * any check: a concurrent write that references it holds a share lock on it (references.ts,
 * follows.ts), so once this lock is granted every such referrer is committed and seen by the
 * in-use checks (locks.ts).
 */
export async function loadForWrite(tx: Queryable, user: SessionUser, category: Category, id: number): Promise<Row> {
  const columns = ['id', ...category.fieldSets.stored];
  const [row] = await selectVisible(tx, user, category, columns, (p) => [`"t"."id" = ${p.add(id)}`], true);
  if (!row) throw notFoundError();
  return row;
}

/** `origin`: where links of the answer point (a hook's, CreateContext.origin). */
export async function createObject({ db, registry, config }: Store, user: SessionUser, category: Category, body: unknown, origin?: () => string): Promise<Row> {
  const input = validateBody(category, body, 'create');
  assertPermitted(category.permissions.create, category, user, input);
  checkObject(category, input, withDefaults(category, input));
  const hooks = registry.hooks(category.key);
  await hooks.admit?.({ db, user, category, body });
  try {
    const created = await db.transaction(async (tx) => {
      await deriveFollowers(tx, registry, user, category, input);
      await checkReferences(tx, registry, user, category, input, Object.keys(input));
      await hooks.beforeCreate?.({ tx, user, category, registry, input, origin, config });
      await checkDefinedBy(tx, category, input, input);
      await checkUnique(tx, category, input);
      setServerFields(category, user, input);
      const row = await insertRow(tx, category, input);
      // The object's entry first, then those of what its hooks do (a team's first admin).
      await audit(tx, objectEntry(user, 'create', category, undefined, row));
      const extra = await hooks.afterCreate?.({ tx, user, category, registry, input, created: row, origin, config });
      return { row, extra };
    });
    return { ...toJson(created.row, publicColumns(category)), ...created.extra };
  } catch (err) {
    throw mapDbError(err, category, 'create', input);
  }
}

export async function updateObject(store: Store, user: SessionUser, category: Category, id: number, body: unknown): Promise<Row> {
  await store.registry.hooks(category.key).admit?.({ db: store.db, user, category, body });
  const updated = await store.db.transaction((tx) => updateInTransaction(tx, store, user, category, id, body));
  return toJson(updated, publicColumns(category));
}

/** What a batch (server/batch/) gives each of its updates: the object it locked and loaded, and its reads so far. */
export interface BatchUpdate {
  /** The whole stored object, as loadForWrite reads it, locked. */
  loaded: Row;
  memo: ReadMemo;
}

/**
 * The update of one object inside a transaction the caller holds (one object's, or a batch's,
 * server/batch/): every check of an update, then the statement; answers the stored row. The
 * category's `admit` hook, which must run outside the transaction, is the caller's.
 */
export async function updateInTransaction(
  tx: Queryable,
  { db, registry, files }: Store,
  user: SessionUser,
  category: Category,
  id: number,
  body: unknown,
  batch?: BatchUpdate,
): Promise<Row> {
  const hooks = registry.hooks(category.key);
  let after: Row = {};
  try {
    const existing = batch?.loaded ?? (await loadForWrite(tx, user, category, id));
    assertPermitted(category.permissions.update, category, user, existing);
    const input = validateBody(category, body, 'update', id);
    await deriveFollowers(tx, registry, user, category, input, existing, batch?.memo);
    after = { ...existing, ...input };
    const teamChanged = teamOf(category, after) !== teamOf(category, existing);
    // Moving an object to another team needs admin rights there too (before a hook does anything there).
    if (teamChanged) assertPermitted(category.permissions.update, category, user, after);
    await hooks.prepareUpdate?.({ tx, db, user, category, registry, input, existing });
    after = { ...existing, ...input };
    const changed = Object.keys(input).filter((k) => !sameJson(input[k], existing[k]));
    // Locks first: "in use" explains a refused move better than the references it would break.
    await checkLocks(tx, registry, category, existing, input);
    checkFileHashKept(category, existing, input);
    if (files) await checkImageKept(category, existing, input, files.isImage);
    await checkReferences(tx, registry, user, category, after, teamChanged ? Object.keys(category.fields) : changed, existing, batch?.memo);
    await hooks.beforeUpdate?.({ tx, db, user, category, registry, input, existing });
    after = { ...existing, ...input };
    checkObject(category, input, after);
    await checkDefinedBy(tx, category, input, after, existing);
    await checkUnique(tx, category, after, existing);
    const row = await updateRow(tx, category, id, input);
    await pruneDependents(tx, registry.categories, user, category, input, row);
    await propagateToFollowers(tx, registry, user, category, existing, row);
    await hooks.afterUpdate?.({ tx, db, user, category, registry, input, existing, updated: row });
    const entry = objectEntry(user, hooks.auditAction?.(existing, row) ?? 'update', category, existing, row);
    // A body that changed nothing changed nothing to record.
    if (Object.keys(entry.changes ?? {}).length > 0) await audit(tx, entry);
    return row;
  } catch (err) {
    throw mapDbError(err, category, 'update', after);
  }
}

/**
 * The delete of an object already loaded for write: its permission, hook, lists, its referrers
 * cleared or deleted (deleteReferrers.ts), then the statement and its audit entry (`action`: 'delete', or a cascade's own name for the object whose content went first).
 */
export async function deleteLoaded(tx: Queryable, registry: ServerRegistry, user: SessionUser, category: Category, existing: Row, action = 'delete'): Promise<void> {
  assertPermitted(category.permissions.delete, category, user, existing);
  await registry.hooks(category.key).beforeDelete?.({ tx, user, category, registry, existing });
  await checkNotListed(tx, registry, category, existing);
  await settleReferrers(tx, registry.categories, user, category, [existing.id]);
  await tx.query(`DELETE FROM ${ident(category.key)} WHERE "id" = $1`, [existing.id]);
  await audit(tx, objectEntry(user, action, category, existing, undefined));
}

/** How many objects one statement of deleteLoadedAll deletes. */
export const DELETE_BATCH = 2000;

/**
 * Deletes loaded objects of one category by the rules of deleteLoaded, telling `onEach` the object
 * about to go (a refusal names it). Where nothing of that delete runs per object but the permission
 * (no beforeDelete hook, no list that may name one), they go DELETE_BATCH at a time, one statement
 * each (a type's thousands of devices: one statement instead of one per device, the embedded
 * database answering nothing else meanwhile), in a savepoint: a refusal of the database (a
 * reference) undoes the batch and its objects go one by one, the refusal naming its object.
 */
export async function deleteLoadedAll(
  tx: Queryable,
  registry: ServerRegistry,
  user: SessionUser,
  category: Category,
  rows: readonly Row[],
  onEach: (row: Row) => void,
): Promise<void> {
  const oneByOne = async (objects: readonly Row[]) => {
    for (const row of objects) {
      onEach(row);
      await deleteLoaded(tx, registry, user, category, row);
    }
  };
  if (registry.hooks(category.key).beforeDelete !== undefined || listingReferrers(registry, category).length > 0) return oneByOne(rows);
  for (let start = 0; start < rows.length; start += DELETE_BATCH) {
    const batch = rows.slice(start, start + DELETE_BATCH);
    for (const row of batch) {
      onEach(row);
      assertPermitted(category.permissions.delete, category, user, row);
    }
    await tx.query('SAVEPOINT "delete_batch"');
    try {
      await settleReferrers(tx, registry.categories, user, category, batch.map((row) => row.id));
      await tx.query(`DELETE FROM ${ident(category.key)} WHERE "id" = ANY($1::int[])`, [batch.map((row) => row.id)]);
      await audit(
        tx,
        batch.map((row) => objectEntry(user, 'delete', category, row, undefined)),
      );
      await tx.query('RELEASE SAVEPOINT "delete_batch"');
    } catch {
      await tx.query('ROLLBACK TO SAVEPOINT "delete_batch"');
      await oneByOne(batch);
    }
  }
}

/** Deletes and answers the object as it was. */
export async function deleteObject({ db, registry, files }: Store, user: SessionUser, category: Category, id: number): Promise<Row> {
  let existing: Row = { id };
  try {
    await db.transaction(async (tx) => {
      existing = await loadForWrite(tx, user, category, id);
      await deleteLoaded(tx, registry, user, category, existing);
    });
    await files?.released(category, existing);
    return toJson(existing, publicColumns(category));
  } catch (err) {
    throw mapDbError(err, category, 'delete', existing);
  }
}
