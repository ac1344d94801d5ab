/**
 * The group rule at a start racing a device's move into a group (PostgreSQL; the embedded database runs one
 * statement at a time): the device's change holds its row (the update's FOR UPDATE) while the start of a
 * rollout over chosen devices waits to lock it; once the move commits, the start sees the device in its
 * group and is refused (409 naming the group), taking nothing. Before, it checked the groups before waiting
 * and then took the device: a device of a group held by a rollout over chosen devices, given its own target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { ownMessages } from '../../src/messages';
import { act, draft, fleet, oldFirmwareGroup, progress, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase({ url: w.t.url });
  });
  afterAll(() => other.close());

  it("a device moved into a group while a start waits for it: the start is refused, nothing taken, still a draft", async () => {
    const g = await oldFirmwareGroup(w, 'joined beds');
    const [d] = await fleet(w, 1, { name: 'joins a group' });
    const id = await draft(w, { device_ids: [d.id] });
    let started: ReturnType<typeof act> | undefined;
    await other.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM "device" WHERE "id" = $1 FOR UPDATE', [d.id]);
      await tx.query('UPDATE "device" SET "group_id" = $1 WHERE "id" = $2', [g, d.id]);
      started = act(w, id, 'start');
      // The start waits for the device's row: a session of this test's database waiting for a lock, seen from a third connection.
      for (;;) {
        const { rows } = await w.t.db.query<{ n: number }>(
          `SELECT count(*)::int AS "n" FROM "pg_stat_activity" WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`,
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const res = await started!;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().Description).toBe(ownMessages.rolloutGroupedDevices(1, ['joined beds'], 0));
    const { rows } = await w.t.db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "rollout_device" WHERE "device_id" = $1', [d.id]);
    expect(rows[0].n).toBe(0);
    expect((await progress(w, id)).state).toBe('draft');
  });
});
