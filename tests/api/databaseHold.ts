/**
 * Holding the database from a test, so that requests' statements wait for their turn without any
 * clock (the overload and heavy-work tests share it).
 */
import type { TestApp } from './helpers';

/** Waits (a turn of the event loop at a time, no clock) until `cond` holds. */
export async function until(cond: () => boolean | Promise<boolean>) {
  while (!(await cond())) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Holds every connection of the database so that requests' statements wait for their turn: PGlite
 * runs one statement at a time, so one transaction left open holds every other; the PostgreSQL
 * pool has 10 connections (server/db/database.ts).
 */
export async function holdDatabase(app: TestApp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holders = app.db.kind === 'pglite' ? 1 : 10;
  const started = app.db.stats.started;
  const done = Array.from({ length: holders }, () => app.db.transaction(() => gate));
  await until(() => app.db.stats.started >= started + holders);
  return {
    release: async () => {
      release();
      await Promise.all(done);
    },
  };
}
