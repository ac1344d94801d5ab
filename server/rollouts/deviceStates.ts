/**
 * Where each device of a rollout's phase stands (docs/ROLLOUTS.md, decision 3), read from the device's
 * own row, which its check-ins keep (update_state, update_firmware_id, update_changed,
 * current_firmware_id): the check-in path, the fleet's hot path, is not changed. A device running the
 * rollout's firmware has succeeded; otherwise a report about that firmware made since the device got
 * it as target says where it stands (an older report, a failure before this rollout, does not count).
 * Succeeded and failed are final for the phase. Each a set-based statement over the phase.
 */
import type { Queryable } from '../db/database';
import { ownMessages } from '../../src/messages';
import type { RolloutRow } from './row';

const FINAL = `('succeeded', 'failed')`;

/** The phase's targeted devices not yet final take their state from their rows. */
export async function syncDeviceStates(tx: Queryable, rollout: RolloutRow): Promise<void> {
  const reported = `("d"."update_firmware_id" = $3 AND "d"."update_changed" >= "rd"."changed")`;
  const runs = `"d"."current_firmware_id" = $3`;
  // The message: CASE WHEN runs first, not 'NOT runs AND ...': for a device that never reported a
  // current firmware `runs` is NULL, and NOT NULL would drop its failure's message.
  await tx.query(
    `UPDATE "rollout_device" AS "rd"
        SET "state" = CASE WHEN ${runs} THEN 'succeeded' ELSE "d"."update_state" END,
            "message" = CASE WHEN ${runs} THEN NULL WHEN "d"."update_state" = 'failed' THEN "d"."update_message" END,
            "changed" = CASE WHEN ${reported} THEN "d"."update_changed" ELSE now() END
       FROM "device" AS "d"
      WHERE "rd"."rollout_id" = $1 AND "rd"."phase" = $2 AND "rd"."targeted" AND "rd"."state" NOT IN ${FINAL} AND "d"."id" = "rd"."device_id"
        AND (${runs} OR (${reported} AND "d"."update_state" IS DISTINCT FROM "rd"."state"))`,
    [rollout.id, rollout.phase, rollout.firmware_id],
  );
}

export interface PhaseCounts {
  devices: number;
  failed: number;
  final: number;
}

export async function phaseCounts(tx: Queryable, rollout: RolloutRow): Promise<PhaseCounts> {
  const { rows } = await tx.query<PhaseCounts>(
    `SELECT COALESCE(sum("n"), 0)::int AS "devices", COALESCE(sum("n") FILTER (WHERE "state" = 'failed'), 0)::int AS "failed",
            COALESCE(sum("n") FILTER (WHERE "state" IN ${FINAL}), 0)::int AS "final"
       FROM "rollout_phase_state" WHERE "rollout_id" = $1 AND "phase" = $2`,
    [rollout.id, rollout.phase],
  );
  return rows[0];
}

/**
 * The phase's time limit has passed (by the database's clock), counted from when its last devices were
 * told (phase_started, moved on by each chunk told: targets.ts); never while some of its devices are
 * still to be told (a process stopped between chunks): those are told first, as a device never told
 * cannot have failed to report.
 */
export async function timeLimitPassed(tx: Queryable, rollout: RolloutRow): Promise<boolean> {
  if (rollout.phase_timeout_minutes === null || rollout.phase_started === null) return false;
  const { rows } = await tx.query<{ over: boolean }>(
    `SELECT $1::timestamptz + make_interval(mins => $2::int) <= now()
        AND NOT EXISTS (SELECT 1 FROM "rollout_device" WHERE "rollout_id" = $3 AND "phase" = $4 AND NOT "targeted" AND "holds" AND "state" = 'pending') AS "over"`,
    [rollout.phase_started, rollout.phase_timeout_minutes, rollout.id, rollout.phase],
  );
  return rows[0].over;
}

/** The time limit passed: the phase's devices not final have failed. */
export async function failTheRest(tx: Queryable, rollout: RolloutRow): Promise<void> {
  await tx.query(
    `UPDATE "rollout_device" SET "state" = 'failed', "message" = $3, "changed" = now() WHERE "rollout_id" = $1 AND "phase" = $2 AND "state" NOT IN ${FINAL}`,
    [rollout.id, rollout.phase, ownMessages.rolloutPhaseTimedOut],
  );
}
