/**
 * The embedded database has no autovacuum: the server's own maintenance must clear the dead rows
 * that check-ins leave and keep the visibility map that deep pages' index-only scans need.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { ANALYZE_EVERY, startEmbeddedMaintenance, VACUUM_EVERY_MS } from '../../server/runtime/embeddedMaintenance';

let db: Database | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await db?.close();
  db = undefined;
});

/** Pages VACUUM found all-visible (what lets an index-only scan skip the table), and whether ANALYZE has run. */
const state = async (database: Database) =>
  (
    await database.query<{ visible: number; analyzed: boolean }>(
      `SELECT relallvisible AS visible, EXISTS (SELECT 1 FROM pg_stats WHERE tablename = 'checkin') AS analyzed FROM pg_class WHERE relname = 'checkin'`,
    )
  ).rows[0];

// Only the embedded database needs it: the API suite's second run, on PostgreSQL, leaves it out.
describe.skipIf(process.env.DATABASE_URL)('maintenance of the embedded database', () => {
  it('vacuums every few minutes (the table\'s pages become all-visible) and analyzes one time in a few', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    db = await openDatabase({});
    await db.exec(`CREATE TABLE checkin (id int PRIMARY KEY, seen timestamptz); INSERT INTO checkin SELECT i, now() FROM generate_series(1, 500) i`);
    await db.exec(`UPDATE checkin SET seen = now() + interval '1 minute'`);
    expect(await state(db)).toEqual({ visible: 0, analyzed: false });
    const statements: string[] = [];
    const exec = db.exec.bind(db);
    // Told when each statement is done, so that the test waits for it rather than for a time.
    const watched: Database = Object.assign(Object.create(db) as Database, {
      exec: async (sql: string) => {
        await exec(sql);
        statements.push(sql);
      },
    });
    const maintenance = startEmbeddedMaintenance(watched, (m) => statements.push(m));
    vi.advanceTimersByTime(VACUUM_EVERY_MS - 1);
    expect(statements).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    expect(await state(db)).toEqual({ visible: expect.any(Number), analyzed: false });
    expect((await state(db)).visible).toBeGreaterThan(0);
    for (let i = 1; i < ANALYZE_EVERY; i++) {
      vi.advanceTimersByTime(VACUUM_EVERY_MS);
      await vi.waitFor(() => expect(statements).toHaveLength(i + 1));
    }
    expect(statements).toEqual([...Array<string>(ANALYZE_EVERY - 1).fill('VACUUM'), 'VACUUM ANALYZE']);
    expect((await state(db)).analyzed).toBe(true);
    maintenance.stop();
    vi.advanceTimersByTime(VACUUM_EVERY_MS * 3);
    expect(statements).toHaveLength(ANALYZE_EVERY);
  });
});
