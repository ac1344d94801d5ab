/**
 * Most check-ins change nothing but the device's last_seen. Writing each in a statement of its own
 * costs a round trip and a row update apiece, which caps a fleet's check-ins per second; here the
 * check-ins that arrive while one write is under way are written together by the next one (group
 * commit, grouped.ts). A check-in is still answered only once its last_seen is stored, so nothing
 * acknowledged is lost and an idle server writes each at once.
 * A device row locked by a longer transaction (a user's save, a team move) is skipped by the batch and
 * written on its own, so that it holds up only its own check-in, not the fleet's.
 */
import type { Queryable } from '../db/database';
import { grouped } from './grouped';

const BATCH = `
WITH "free" AS (SELECT "id" FROM "device" WHERE "id" = ANY($1::int[]) ORDER BY "id" FOR UPDATE SKIP LOCKED)
UPDATE "device" d SET "last_seen" = $2 FROM "free" WHERE d."id" = "free"."id" RETURNING d."id"`;
const ONE = 'UPDATE "device" SET "last_seen" = $2 WHERE "id" = $1';

export interface LastSeenWriter {
  /** Resolves once the device's last_seen is written (now, or the moment of the batch it joined). */
  touch(deviceId: number): Promise<void>;
}

export function lastSeenWriter(db: Queryable): LastSeenWriter {
  const write = grouped<number, void>(async (batch) => {
    const now = new Date().toISOString();
    const ids = [...new Set(batch)].sort((a, b) => a - b);
    const { rows } = await db.query<{ id: number }>(BATCH, [ids, now], 'pucs_device_seen_batch');
    const written = new Set(rows.map((r) => r.id));
    // Locked by another transaction (or deleted meanwhile): each waits for its own row, not the batch.
    const alone = new Map<number, Promise<void>>();
    const own = (id: number) => alone.get(id) ?? alone.set(id, db.query(ONE, [id, now], 'pucs_device_seen_one').then(() => undefined)).get(id)!;
    return batch.map((id) => (written.has(id) ? undefined : own(id)));
  });
  return { touch: write };
}
