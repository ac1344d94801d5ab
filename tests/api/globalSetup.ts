/**
 * Builds a migrated PGlite database once per run and hands its dump to every test file, which
 * then starts from a copy in under a second (a new database takes 3-5 s; STACK.md).
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pucs-template-'));
  const file = join(dir, 'template.tar');
  if (!process.env.DATABASE_URL) {
    const db = (await openDatabase({})) as Awaited<ReturnType<typeof openDatabase>> & { dump(): Promise<Blob> };
    await migrate(db);
    writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
    await db.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
