/**
 * At start, before the server listens: what a crash or a failed write may have left in the file
 * store goes. A temporary file is an upload that never committed; a store file no object
 * references is one whose upload crashed between the move and the commit, or whose last object's
 * removal was cut short. Nothing else runs yet, so no upload or delete is in flight.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import { referencedHashes } from './references';
import type { FileStore } from './store';

export interface Cleaned {
  temporary: number;
  unreferenced: number;
}

export async function cleanStore(db: Queryable, registry: ServerRegistry, store: FileStore): Promise<Cleaned> {
  const cleaned: Cleaned = { temporary: 0, unreferenced: 0 };
  for (const name of await readdir(store.tmpDir)) {
    await rm(join(store.tmpDir, name), { recursive: true, force: true });
    cleaned.temporary++;
  }
  const keep = await referencedHashes(db, registry);
  for (const prefix of await readdir(store.hashDir)) {
    const dir = join(store.hashDir, prefix);
    for (const name of await readdir(dir).catch(() => [])) {
      if (keep.has(name) && name.startsWith(prefix)) continue;
      await rm(join(dir, name), { recursive: true, force: true });
      cleaned.unreferenced++;
    }
  }
  return cleaned;
}
