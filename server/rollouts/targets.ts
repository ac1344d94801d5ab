/**
 * What a rollout does to its devices' targets (docs/ROLLOUTS.md, decisions 2 and 5): a phase's start
 * gives each of its devices the rollout's firmware, keeping the target it had; an abort gives it back.
 * Each goes a chunk of devices per transaction, set-based (never a statement per device: 5,000 devices
 * are one UPDATE) with one INSERT of the devices' audit entries (action 'rollout', the field change of target_firmware_id, as a
 * group's propagation records its followers': follows.ts).
 */
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import type { Row } from '../crud/hooks';
import { entryColumns, fieldEntries } from '../crud/sideEffectEntries';
import { audit } from '../audit/record';
import { ident } from '../crud/sql';
import { ownMessages } from '../../src/messages';
import { DEFAULT_ROLLOUT_CHUNK } from '../config';
import { rollsBackAll } from '../../src/schemas/rolloutPlan';
import type { Actor, RolloutRow } from './row';

type Changed = Row & { before: unknown };

async function recordTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rows: Changed[]): Promise<void> {
  const device = registry.get('device');
  await audit(tx, fieldEntries(by, 'rollout', device, 'target_firmware_id', rows.map(({ before, ...row }) => ({ row, before }))));
}

/**
 * Up to `chunk` devices of phase `phase` not yet told get the rollout's firmware as target (targeted,
 * previous_target_id kept), those still of its team and type; one that left them is let go as failed.
 * Answers how many were taken: fewer than `chunk`, the phase's devices are all told. Only devices not
 * yet targeted: a step redone after a crash changes nothing twice.
 */
export async function targetChunk(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, phase: number, chunk = DEFAULT_ROLLOUT_CHUNK): Promise<number> {
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
     UPDATE "rollout_device" AS "rd" SET "targeted" = true, "previous_target_id" = "set"."before", "changed" = now()
       FROM "set" WHERE "rd"."rollout_id" = $1 AND "rd"."device_id" = "set"."id"
     RETURNING "set".*`,
    // When told, by the database's clock, which dates the devices' reports too (update_changed): a report
    // since counts (deviceStates.ts), whichever process's clock is ahead.
    [rollout.id, ids, rollout.firmware_id, rollout.team_id, rollout.type_id],
  );
  if (rows.length < ids.length) {
    await tx.query(
      `UPDATE "rollout_device" SET "state" = 'failed', "message" = $3, "changed" = now(), "holds" = false
        WHERE "rollout_id" = $1 AND "device_id" = ANY($2::int[]) AND NOT "targeted"`,
      [rollout.id, ids, ownMessages.rolloutDeviceLeft],
    );
  }
  await recordTargets(tx, registry, by, rows);
  // The phase's time limit counts from its last devices told (deviceStates.ts timeLimitPassed): a chunk told
  // late (after a restart) gets the whole limit too. The rollout's row is locked by the caller (step.ts).
  await tx.query('UPDATE "rollout" SET "phase_started" = now() WHERE "id" = $1 AND "phase" = $2', [rollout.id, phase]);
  return ids.length;
}

/**
 * An aborted rollout gives these devices of it back their previous target: those whose target it set
 * and that have not succeeded (all of them when rollsBackAll), if their target is still the
 * rollout's firmware (a target changed since is the newer decision). A previous target disabled since
 * is no target any more (spec: a disabled firmware is no device's target): such a device gets none, as
 * one whose previous target was deleted (previous_target_id null). A rollout over a group gives a
 * device of a group its group's target, not the target it had: the spec makes a group's devices follow
 * it, and one that had an individual target in its group (left by a rollout over chosen devices before
 * the group rule, docs/ROLLOUTS.md) would keep that exception; the group's target is the one from
 * before the rollout, which no one could change while it held the group's devices.
 */
async function giveBack(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, ids: number[]): Promise<void> {
  const device = registry.get('device');
  const flag = registry.get('firmware').disabled?.field;
  // The flag is 0 or 1 (src/schemas/firmware.ts, as isDisabled reads it).
  const enabled = flag === undefined ? 'true' : `"f".${ident(flag)} IS DISTINCT FROM 1`;
  const kept = `(SELECT "f"."id" FROM "firmware" AS "f" WHERE "f"."id" = "rd"."previous_target_id" AND ${enabled})`;
  const previous =
    rollout.devices_group_id === null
      ? kept
      : `(CASE WHEN "t"."group_id" IS NULL THEN ${kept} ELSE (SELECT "g"."target_firmware_id" FROM "devices_group" AS "g" WHERE "g"."id" = "t"."group_id") END)`;
  const { rows } = await tx.query<Changed>(
    `UPDATE "device" AS "t" SET "target_firmware_id" = ${previous} FROM "device" AS "o", "rollout_device" AS "rd"
      WHERE "rd"."rollout_id" = $1 AND "rd"."device_id" = ANY($4::int[]) AND "rd"."targeted" AND ("rd"."state" <> 'succeeded' OR $3)
        AND "t"."id" = "rd"."device_id" AND "o"."id" = "t"."id" AND "t"."target_firmware_id" = $2
        AND "t"."target_firmware_id" IS DISTINCT FROM ${previous}
      RETURNING ${entryColumns(device, 't')}, "t"."target_firmware_id", "o"."target_firmware_id" AS "before"`,
    [rollout.id, rollout.firmware_id, rollsBackAll(rollout), ids],
  );
  await recordTargets(tx, registry, by, rows);
}

/**
 * A finished or aborted rollout lets go of up to `chunk` devices it still holds (by id), each free to
 * join another rollout at once; an aborted one gives them their previous target back as it does
 * (giveBack). Answers how many it let go: fewer than `chunk`, it holds none any more. A chunk is whole
 * or not at all (targets, entries and holds in one transaction), and only held devices are taken: a
 * release redone after a crash gives nothing back twice, and one cut short leaves the rest held for the
 * engine's next step to let go (step.ts activeRollouts).
 */
export async function releaseChunk(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, chunk = DEFAULT_ROLLOUT_CHUNK): Promise<number> {
  const { rows: held } = await tx.query<{ device_id: number }>(
    'SELECT "device_id" FROM "rollout_device" WHERE "rollout_id" = $1 AND "holds" ORDER BY "device_id" LIMIT $2',
    [rollout.id, chunk],
  );
  if (held.length === 0) return 0;
  const ids = held.map((r) => r.device_id);
  if (rollout.state === 'aborted') await giveBack(tx, registry, by, rollout, ids);
  await tx.query('UPDATE "rollout_device" SET "holds" = false WHERE "rollout_id" = $1 AND "device_id" = ANY($2::int[])', [rollout.id, ids]);
  return ids.length;
}

/** Every device the finished or aborted rollout still holds let go now, in the caller's transaction (a delete's). */
export async function releaseAll(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow): Promise<void> {
  while ((await releaseChunk(tx, registry, by, rollout)) === DEFAULT_ROLLOUT_CHUNK) {
    // The next chunk, until one is short.
  }
}
