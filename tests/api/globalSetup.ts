/**
 * Builds a migrated database once per run, and every test's database starts as a copy of it.
 * - PGlite: a folder, copied and opened in place for each test: about 0.3 s, where a dump loaded into a
 *   new in-memory database took about 1.1 s (a new database takes 3-5 s; STACK.md). The folders live in
 *   memory (/dev/shm) where the machine has it with room enough, and go with the run (those of a run
 *   killed before its end go at the next run's start).
 * - PostgreSQL (DATABASE_URL): a template database, each test's made by CREATE DATABASE ... TEMPLATE
 *   rather than migrated anew (a test's app about 370 ms instead of 550 ms), dropped with the run.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../server/db/database';
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

const PREFIX = 'pucs-template-';
/** What a run's folder needs: the template (about 42 MB) and a copy per worker, with room to spare. */
const ROOM = 512 * 1024 * 1024;

/** A folder in memory if the machine has one we may write with room enough, else the usual temporary folder. */
function memoryFolder(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const free = statfsSync('/dev/shm');
    if (free.bavail * free.bsize >= ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The folders of runs that were killed before their teardown (their process gone): removed. */
function removeStaleFolders(parent: string) {
  for (const name of readdirSync(parent).filter((n) => n.startsWith(PREFIX))) {
    const folder = join(parent, name);
    try {
      const pid = Number(readFileSync(join(folder, 'pid'), 'utf8'));
      if (Number.isSafeInteger(pid) && pid > 0 && !alive(pid)) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Not ours, or being made: left alone.
    }
  }
}

/** Runs `fn` on a database opened for it, closed after whatever happens. */
async function withDatabase(opts: Parameters<typeof openDatabase>[0], fn: (db: Database) => Promise<unknown>): Promise<void> {
  const db = await openDatabase(opts);
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

async function build(url: string | undefined, template: string, postgresTemplate: string) {
  if (!url) return withDatabase({ dataDir: template }, migrate);
  await withDatabase({ url }, (admin) => admin.exec(`CREATE DATABASE ${postgresTemplate}`));
  await withDatabase({ url: databaseUrl(url, postgresTemplate) }, migrate);
}

export default async function setup(project: TestProject) {
  const parent = memoryFolder();
  removeStaleFolders(parent);
  const dir = mkdtempSync(join(parent, PREFIX));
  writeFileSync(join(dir, 'pid'), String(process.pid));
  const template = join(dir, 'template');
  const url = process.env.DATABASE_URL;
  const postgresTemplate = `pucs_test_template_${randomBytes(6).toString('hex')}`;
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) await withDatabase({ url }, (admin) => admin.exec(`DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`));
  };
  try {
    await build(url, template, postgresTemplate);
  } catch (err) {
    await teardown().catch(() => {});
    throw err;
  }
  project.provide('pgliteTemplate', template);
  project.provide('pgliteCopies', dir);
  project.provide('postgresTemplate', postgresTemplate);
  return teardown;
}
