/**
 * A rollout's end after its last phase (docs/ROLLOUTS.md, decision 4): it lets its devices go (a chunk
 * per transaction right after, step.ts updateTargets) and, when its devices were a group, sets the group's target to its firmware. The spec makes a group's
 * devices follow the group's target: setting it through the generic propagation (follows.ts) keeps
 * that rule true after the rollout (a device joining the group later gets the firmware too), with the
 * group's own audit entry (action 'rollout') and its devices' ('follow'); a device of the group that
 * another running rollout holds (one that joined the group after this one's start) keeps the target
 * that rollout sets, as a user's change of the group's target would not be allowed to change it.
 */
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import type { Row } from '../crud/hooks';
import { propagateToFollowers } from '../crud/follows';
import { entryColumns, fieldEntries } from '../crud/sideEffectEntries';
import { audit } from '../audit/record';
import { eventOf, NOW, patchRollout, type Actor, type RolloutRow } from './row';

async function setGroupTarget(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow): Promise<void> {
  const group = registry.get('devices_group');
  // Only a group still of the rollout's team and type: one moved since keeps its own target.
  const { rows } = await tx.query<Row & { before: unknown }>(
    `UPDATE "devices_group" AS "t" SET "target_firmware_id" = $2 FROM "devices_group" AS "o"
      WHERE "t"."id" = $1 AND "o"."id" = "t"."id" AND "t"."team_id" = $3 AND "t"."type_id" = $4 AND "t"."target_firmware_id" IS DISTINCT FROM $2
      RETURNING ${entryColumns(group, 't')}, "t"."target_firmware_id", "o"."target_firmware_id" AS "before"`,
    [rollout.devices_group_id, rollout.firmware_id, rollout.team_id, rollout.type_id],
  );
  if (rows.length === 0) return;
  const { before, ...updated } = rows[0];
  await audit(tx, fieldEntries(by, 'rollout', group, 'target_firmware_id', [{ row: updated, before }]));
  // This rollout's own devices were let go just before: a device still held is another rollout's.
  const held = `EXISTS (SELECT 1 FROM "rollout_device" AS "h" WHERE "h"."device_id" = "t"."id" AND "h"."holds")`;
  await propagateToFollowers(tx, registry, by, group, { ...updated, target_firmware_id: before }, updated, { device: held });
}

/** The last phase ended: finished (its devices let go right after, a chunk per transaction: step.ts updateTargets), a group's target set. */
export async function finishRollout(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow): Promise<RolloutRow> {
  if (rollout.devices_group_id !== null) await setGroupTarget(tx, registry, by, rollout);
  return patchRollout(tx, rollout.id, { state: 'finished', phase_ended: rollout.phase_ended ?? NOW, next_phase_at: null }, [eventOf('finished', rollout.phase, by)]);
}
