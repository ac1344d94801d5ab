/**
 * Which rollout holds a device (rollout_device.holds, docs/ROLLOUTS.md): while it holds one, the
 * rollout alone sets the device's target firmware, so a user's change of the device's target or
 * group, or of its group's target, is refused naming the rollout (server/categories/device.ts,
 * devicesGroup.ts); a firmware a rollout is bringing to devices stays enabled and of its type
 * (server/categories/firmware.ts). Read in the write's transaction, after the device, group or firmware row is locked.
 * A device claimed or moved into another team leaves its rollouts (server/claim/transfer.ts, server/categories/device.ts).
 */
import type { Queryable } from '../db/database';

export interface Hold {
  device: string;
  rollout: string;
}

const HELD = `SELECT d."name" AS "device", r."name" AS "rollout"
  FROM "rollout_device" rd JOIN "device" d ON d."id" = rd."device_id" JOIN "rollout" r ON r."id" = rd."rollout_id"
  WHERE rd."holds" AND`;

/** The rollout holding the device, if one does. */
export async function deviceHold(tx: Queryable, deviceId: number): Promise<Hold | undefined> {
  const { rows } = await tx.query<Hold>(`${HELD} rd."device_id" = $1`, [deviceId]);
  return rows[0];
}

/** A device of the group some rollout holds (the first by id), if there is one. */
export async function groupHold(tx: Queryable, groupId: number): Promise<Hold | undefined> {
  const { rows } = await tx.query<Hold>(`${HELD} d."group_id" = $1 ORDER BY d."id" LIMIT 1`, [groupId]);
  return rows[0];
}

/** A running or paused rollout of the firmware (the first by id), if there is one: it still gives the firmware to devices. */
export async function firmwareRollout(tx: Queryable, firmwareId: number): Promise<string | undefined> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT "name" FROM "rollout" WHERE "firmware_id" = $1 AND "state" IN ('running', 'paused') ORDER BY "id" LIMIT 1`,
    [firmwareId],
  );
  return rows[0]?.name;
}

/**
 * A device claimed or moved into another team leaves its rollouts, as a deleted one does: the old team's
 * rollout never sets its target again, and its new team never reads of it.
 */
export async function leaveRollouts(tx: Queryable, deviceId: number): Promise<void> {
  await tx.query('DELETE FROM "rollout_device" WHERE "device_id" = $1', [deviceId]);
}
