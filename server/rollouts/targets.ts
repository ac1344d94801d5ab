/**
 * What a rollout does to its devices' targets (docs/ROLLOUTS.md, decisions 2 and 5): a phase's start
 * gives each of its devices the rollout's firmware, keeping the target it had; an abort gives it back.
 * Each is set-based (never a statement per device: 5,000 devices of a phase are one UPDATE) with one
 * INSERT of the devices' audit entries (action 'rollout', the field change of target_firmware_id, as a
 * group's propagation records its followers': follows.ts).
 */
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import type { Row } from '../crud/hooks';
import { entryColumns, fieldEntries } from '../crud/sideEffectEntries';
import { audit } from '../audit/record';
import { ident } from '../crud/sql';
import { ownMessages } from '../../src/messages';
import type { Actor, RolloutRow } from './row';

type Changed = Row & { before: unknown };

async function recordTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rows: Changed[]): Promise<void> {
  const device = registry.get('device');
  await audit(tx, fieldEntries(by, 'rollout', device, 'target_firmware_id', rows.map(({ before, ...row }) => ({ row, before }))));
}

/** Devices told per transaction: a phase of 50,000 locks its device rows (and holds the embedded database) a chunk at a time. */
export const TARGET_CHUNK = 5_000;

/**
 * Up to `chunk` devices of phase `phase` not yet told get the rollout's firmware as target (targeted,
 * previous_target_id kept), those still of its team and type; one that left them is let go as failed.
 * Answers how many were taken: fewer than `chunk`, the phase's devices are all told. Only devices not
 * yet targeted: a step redone after a crash changes nothing twice.
 */
export async function targetChunk(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, phase: number, chunk = TARGET_CHUNK): Promise<number> {
  const device = registry.get('device');
  const { rows: taken } = await tx.query<{ device_id: number }>(
    `SELECT "device_id" FROM "rollout_device" WHERE "rollout_id" = $1 AND "phase" = $2 AND NOT "targeted" AND "holds" AND "state" = 'pending' ORDER BY "device_id" LIMIT $3`,
    [rollout.id, phase, chunk],
  );
  if (taken.length === 0) return 0;
  const ids = taken.map((r) => r.device_id);
  const { rows } = await tx.query<Changed>(
    `WITH "set" AS (
       UPDATE "device" AS "t" SET "target_firmware_id" = $3 FROM "device" AS "o"
        WHERE "t"."id" = ANY($2::int[]) AND "o"."id" = "t"."id" AND "t"."team_id" = $4 AND "t"."type_id" = $5
        RETURNING ${entryColumns(device, 't')}, "t"."target_firmware_id", "o"."target_firmware_id" AS "before")
     UPDATE "rollout_device" AS "rd" SET "targeted" = true, "previous_target_id" = "set"."before", "changed" = $6
       FROM "set" WHERE "rd"."rollout_id" = $1 AND "rd"."device_id" = "set"."id"
     RETURNING "set".*`,
    // When told, by the servers' clock that dates the devices' reports (update_changed): a report since counts (deviceStates.ts).
    [rollout.id, ids, rollout.firmware_id, rollout.team_id, rollout.type_id, new Date()],
  );
  if (rows.length < ids.length) {
    await tx.query(
      `UPDATE "rollout_device" SET "state" = 'failed', "message" = $3, "changed" = now(), "holds" = false
        WHERE "rollout_id" = $1 AND "device_id" = ANY($2::int[]) AND NOT "targeted"`,
      [rollout.id, ids, ownMessages.rolloutDeviceLeft],
    );
  }
  await recordTargets(tx, registry, by, rows);
  return ids.length;
}

/**
 * Abort: the devices whose target the rollout set and that have not succeeded (all of them with
 * rollback_on_abort) get their previous target back, if their target is still the rollout's
 * firmware (a target changed since is the newer decision); then the rollout holds none of them.
 * A previous target disabled since is no target any more (spec: a disabled firmware is no device's
 * target): such a device gets none, as one whose previous target was deleted (previous_target_id null).
 */
export async function restoreTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow): Promise<void> {
  const device = registry.get('device');
  const flag = registry.get('firmware').disabled?.field;
  // The flag is 0 or 1 (src/schemas/firmware.ts, as isDisabled reads it).
  const enabled = flag === undefined ? 'true' : `"f".${ident(flag)} IS DISTINCT FROM 1`;
  const previous = `(SELECT "f"."id" FROM "firmware" AS "f" WHERE "f"."id" = "rd"."previous_target_id" AND ${enabled})`;
  const { rows } = await tx.query<Changed>(
    `UPDATE "device" AS "t" SET "target_firmware_id" = ${previous} FROM "device" AS "o", "rollout_device" AS "rd"
      WHERE "rd"."rollout_id" = $1 AND "rd"."targeted" AND "rd"."holds" AND ("rd"."state" <> 'succeeded' OR $3)
        AND "t"."id" = "rd"."device_id" AND "o"."id" = "t"."id" AND "t"."target_firmware_id" = $2
        AND "t"."target_firmware_id" IS DISTINCT FROM ${previous}
      RETURNING ${entryColumns(device, 't')}, "t"."target_firmware_id", "o"."target_firmware_id" AS "before"`,
    [rollout.id, rollout.firmware_id, rollout.rollback_on_abort],
  );
  await releaseDevices(tx, rollout.id);
  await recordTargets(tx, registry, by, rows);
}

/** The rollout holds none of its devices any more (finished or aborted): each may join another rollout. */
export async function releaseDevices(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE "rollout_device" SET "holds" = false WHERE "rollout_id" = $1 AND "holds"', [id]);
}
