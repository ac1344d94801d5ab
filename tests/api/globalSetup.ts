/**
 * Builds a migrated database once per run, and every test's database starts as a copy of it.
 * - PGlite: a folder, copied and opened in place for each test: about 0.3 s, where a dump loaded into a
 *   new in-memory database took about 1.1 s (a new database takes 3-5 s; STACK.md). The folders live in
 *   memory (/dev/shm) where the machine has it, and go with the run.
 * - PostgreSQL (DATABASE_URL): a template database, each test's made by CREATE DATABASE ... TEMPLATE
 *   (about 40 ms, where migrating a new one took about 450 ms), dropped with the run.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { databaseUrl } from './databaseUrl';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database's folder, copied for each test. */
    pgliteTemplate: string;
    /** Where the tests' copies go. */
    pgliteCopies: string;
    /** The migrated template database on the PostgreSQL server of DATABASE_URL. */
    postgresTemplate: string;
  }
}

/** A folder in memory if the machine has one we may write, else the usual temporary folder. */
function memoryFolder(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(memoryFolder(), 'pucs-template-'));
  const template = join(dir, 'template');
  const url = process.env.DATABASE_URL;
  const postgresTemplate = `pucs_test_template_${randomBytes(6).toString('hex')}`;
  if (url) {
    const admin = await openDatabase({ url });
    await admin.exec(`CREATE DATABASE ${postgresTemplate}`);
    const db = await openDatabase({ url: databaseUrl(url, postgresTemplate) });
    await migrate(db);
    await db.close();
    await admin.close();
  } else {
    const db = await openDatabase({ dataDir: template });
    await migrate(db);
    await db.close();
  }
  project.provide('pgliteTemplate', template);
  project.provide('pgliteCopies', dir);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = await openDatabase({ url });
      await admin.exec(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
      await admin.close();
    }
  };
}
