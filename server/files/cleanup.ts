/**
 * At start, before the server listens: what a crash or a failed write may have left in the file
 * store goes. A temporary file is an upload that never committed; a store file no object
 * references is one whose upload crashed between the move and the commit, or whose last object's
 * removal was cut short. Another server on the same PostgreSQL and files folder (a rolling
 * restart) may be committing an upload of such a file right now: each one goes only under its
 * hash's lock, once no object references it (releaseHash), as a delete's file does.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import { referencedHashes, releaseHash } from './references';
import { SHA3_HEX } from '../../src/schemas/defineCategory';
import type { FileStore } from './store';

export interface Cleaned {
  temporary: number;
  unreferenced: number;
}

export async function cleanStore(db: Database, registry: ServerRegistry, store: FileStore): Promise<Cleaned> {
  const cleaned: Cleaned = { temporary: 0, unreferenced: 0 };
  for (const name of await readdir(store.tmpDir)) {
    await rm(join(store.tmpDir, name), { recursive: true, force: true });
    cleaned.temporary++;
  }
  const keep = await referencedHashes(db, registry);
  for (const prefix of await readdir(store.hashDir)) {
    const dir = join(store.hashDir, prefix);
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const { name } = entry;
      if (keep.has(name) && name.startsWith(prefix)) continue;
      // Only a regular file under its own hash can be an upload being committed; anything else is debris.
      if (entry.isFile() && SHA3_HEX.test(name) && name.startsWith(prefix)) await releaseHash(db, registry, store, name);
      else await rm(join(dir, name), { recursive: true, force: true });
      cleaned.unreferenced++;
    }
  }
  return cleaned;
}
