/**
 * Opens the configured database as it is, without migrating it (`npm run db`): a migration the
 * data refuses is the very thing one may need SQL to mend. The embedded database is taken only
 * when no server holds it (the pid lock), and only when it exists (never made empty by accident).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../db/database';
import type { ServerConfig } from '../config';
import { acquireLock } from './pidLock';
import { DatabaseInUseError, embeddedDatabaseDir } from './openConfiguredDatabase';

/** The data folder has no embedded database yet. */
export class NoDatabaseError extends Error {
  constructor(readonly dir: string) {
    super(dir);
  }
}

export async function openForRepair(config: ServerConfig): Promise<{ db: Database; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const db = await openDatabase({ url: config.databaseUrl });
    return { db, close: () => db.close() };
  }
  const dir = embeddedDatabaseDir(config);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new NoDatabaseError(dir);
  const lock = acquireLock(config.dataDir);
  if ('heldBy' in lock) throw new DatabaseInUseError(resolve(config.dataDir), lock.heldBy);
  let db: Database;
  try {
    db = await openDatabase({ dataDir: dir });
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    db,
    async close() {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
