/**
 * Which stored files are in use: an object references the file of its hash once its filename is
 * set (before the upload, the hash is only what the client announced). A file is removed only
 * at zero references, counted under a transaction-level advisory lock on its hash; an upload of the
 * same bytes takes the same lock while it makes sure the file is there, so the two never cross
 * (a removal counts the upload's row once it commits, or the upload puts the file back).
 */
import type { Category, FileSpec } from '../../src/schemas/defineCategory';
import type { Database, Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import { ident } from '../crud/sql';
import type { FileStore } from './store';

/** Any constant of our own, apart from the migration's (server/db/migrate.ts). */
const FILE_LOCK_CLASS = 7_311_021;

export type FileCategory = Category & { file: FileSpec };

export const fileCategories = (registry: ServerRegistry): FileCategory[] =>
  registry.categories.filter((c): c is FileCategory => c.file !== undefined);

/** The path segment of the category's upload and download routes. */
export const fileRoute = (category: FileCategory): string => category.file.route ?? category.key;

/** Held until the transaction ends; two hashes may share a lock (32 bits of the hash), which only serialises them. */
export async function lockHash(tx: Queryable, hash: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1::int, ('x' || substr($2::text, 1, 8))::bit(32)::int)`, [FILE_LOCK_CLASS, hash]);
}

async function referenceCount(tx: Queryable, registry: ServerRegistry, hash: string): Promise<number> {
  let total = 0;
  for (const { key, file } of fileCategories(registry)) {
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ident(key)} WHERE ${ident(file.hash)} = $1 AND ${ident(file.filename)} IS NOT NULL`,
      [hash],
    );
    total += rows[0].n;
  }
  return total;
}

/** Every hash some object's uploaded file has. */
export async function referencedHashes(db: Queryable, registry: ServerRegistry): Promise<Set<string>> {
  const hashes = new Set<string>();
  for (const { key, file } of fileCategories(registry)) {
    const { rows } = await db.query<{ h: string }>(
      `SELECT DISTINCT ${ident(file.hash)} AS h FROM ${ident(key)} WHERE ${ident(file.filename)} IS NOT NULL AND ${ident(file.hash)} IS NOT NULL`,
    );
    for (const { h } of rows) hashes.add(h);
  }
  return hashes;
}

/** Removes the file of `hash` if no object references it any more; run after the change that dropped a reference committed. */
export async function releaseHash(db: Database, registry: ServerRegistry, store: FileStore, hash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockHash(tx, hash);
    if ((await referenceCount(tx, registry, hash)) === 0) await store.remove(hash);
  });
}
