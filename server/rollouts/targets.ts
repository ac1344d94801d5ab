/**
 * What a rollout does to its devices' targets (docs/ROLLOUTS.md, decisions 2 and 5): a phase's start
 * gives each of its devices the rollout's firmware, keeping the target it had; an abort gives it back.
 * Each is one set-based UPDATE over rollout_device (never a statement per device: a phase of 50,000
 * devices is one statement) and one INSERT of the devices' audit entries (action 'rollout', the field
 * change of target_firmware_id, as a group's propagation records its followers': follows.ts).
 */
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import type { Row } from '../crud/hooks';
import { entryColumns, fieldEntries } from '../crud/sideEffectEntries';
import { audit } from '../audit/record';
import { ownMessages } from '../../src/messages';
import type { Actor, RolloutRow } from './row';

type Changed = Row & { before: unknown };

async function recordTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rows: Changed[]): Promise<void> {
  const device = registry.get('device');
  await audit(tx, fieldEntries(by, 'rollout', device, 'target_firmware_id', rows.map(({ before, ...row }) => ({ row, before }))));
}

/**
 * Phase `phase` starts: its devices still of the rollout's team and type get its firmware as target
 * (targeted, previous_target_id kept); those that left the team or type since the start are let go as
 * failed. Only devices not yet targeted: a step redone after a crash changes nothing twice.
 */
export async function startPhaseTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, phase: number): Promise<void> {
  const device = registry.get('device');
  const { rows } = await tx.query<Changed>(
    `WITH "set" AS (
       UPDATE "device" AS "t" SET "target_firmware_id" = $3 FROM "device" AS "o", "rollout_device" AS "rd"
        WHERE "rd"."rollout_id" = $1 AND "rd"."phase" = $2 AND NOT "rd"."targeted" AND "rd"."holds"
          AND "t"."id" = "rd"."device_id" AND "o"."id" = "t"."id" AND "t"."team_id" = $4 AND "t"."type_id" = $5
        RETURNING ${entryColumns(device, 't')}, "t"."target_firmware_id", "o"."target_firmware_id" AS "before")
     UPDATE "rollout_device" AS "rd" SET "targeted" = true, "previous_target_id" = "set"."before", "changed" = now()
       FROM "set" WHERE "rd"."rollout_id" = $1 AND "rd"."device_id" = "set"."id"
     RETURNING "set".*`,
    [rollout.id, phase, rollout.firmware_id, rollout.team_id, rollout.type_id],
  );
  await tx.query(
    `UPDATE "rollout_device" SET "state" = 'failed', "message" = $3, "changed" = now(), "holds" = false
      WHERE "rollout_id" = $1 AND "phase" = $2 AND NOT "targeted" AND "holds"`,
    [rollout.id, phase, ownMessages.rolloutDeviceLeft],
  );
  await recordTargets(tx, registry, by, rows);
}

/**
 * Abort: the devices whose target the rollout set and that have not succeeded (all of them with
 * rollback_on_abort) get their previous target back, if their target is still the rollout's
 * firmware (a target changed since is the newer decision); then the rollout holds none of them.
 */
export async function restoreTargets(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow): Promise<void> {
  const device = registry.get('device');
  const { rows } = await tx.query<Changed>(
    `UPDATE "device" AS "t" SET "target_firmware_id" = "rd"."previous_target_id" FROM "device" AS "o", "rollout_device" AS "rd"
      WHERE "rd"."rollout_id" = $1 AND "rd"."targeted" AND "rd"."holds" AND ("rd"."state" <> 'succeeded' OR $3)
        AND "t"."id" = "rd"."device_id" AND "o"."id" = "t"."id" AND "t"."target_firmware_id" = $2
        AND "t"."target_firmware_id" IS DISTINCT FROM "rd"."previous_target_id"
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
