/**
 * Opens the database the configuration names and brings it up to date: PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite under <dataDir>/pglite, guarded by the pid lock.
 * Shared by `npm start` and the user CLI so both agree on where the data is and who may touch it.
 */
import { join, resolve } from 'node:path';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { ServerConfig } from '../config';
import { ownMessages } from '../../src/messages';
import { acquireLock } from './pidLock';
import { startEmbeddedMaintenance } from './embeddedMaintenance';
import { createEmbeddedDatabase } from './createEmbeddedDatabase';

export const embeddedDatabaseDir = (config: Pick<ServerConfig, 'dataDir'>) => join(resolve(config.dataDir), 'pglite');

/** A running server (or another CLI) holds the embedded database: `dir`, held by process `pid`. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(ownMessages.dataDirLocked(dir, pid));
  }
}

export interface OpenedDatabase {
  db: Database;
  /** Human-readable location, without credentials. */
  where: string;
  /** Closes the database and releases the lock. */
  close(): Promise<void>;
}

export function describeDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `embedded, ${embeddedDatabaseDir(config)}`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL, ${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** `onMigrated` hears each schema statement the migration applied, `onNotice` what it reports (a removed field's kept column). */
export async function openConfiguredDatabase(
  config: ServerConfig,
  onMigrated?: (statement: string) => void,
  onNotice: (line: string) => void = () => {},
): Promise<OpenedDatabase> {
  const where = describeDatabase(config);
  if (config.databaseUrl) {
    const db = await openDatabase({ url: config.databaseUrl });
    try {
      (await migrate(db, undefined, onMigrated)).notices.forEach(onNotice);
    } catch (err) {
      await db.close();
      throw err;
    }
    return { db, where, close: () => db.close() };
  }

  const lock = acquireLock(config.dataDir);
  if ('heldBy' in lock) throw new DatabaseInUseError(resolve(config.dataDir), lock.heldBy);
  let db: Database | undefined;
  try {
    await createEmbeddedDatabase(embeddedDatabaseDir(config));
    db = await openDatabase({ dataDir: embeddedDatabaseDir(config) });
    (await migrate(db, undefined, onMigrated)).notices.forEach(onNotice);
    // PGlite has no autovacuum (embeddedMaintenance.ts): fresh statistics, or paging a big fleet
    // picks slow plans, and a fresh visibility map, or deep pages visit the table (about 1.5 s at 100k devices).
    await db.exec('VACUUM ANALYZE');
  } catch (err) {
    await db?.close().catch(() => {});
    lock.release();
    throw err;
  }
  const opened = db;
  const maintenance = startEmbeddedMaintenance(opened);
  return {
    db: opened,
    where,
    async close() {
      maintenance.stop();
      try {
        await opened.close();
      } finally {
        lock.release();
      }
    },
  };
}
