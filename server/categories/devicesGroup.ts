/**
 * Groups: the devices of a group follow its target firmware (spec section 4, 'Group choice'),
 * so changing the group's target firmware changes theirs.
 */
import type { CategoryHooks } from '../crud/hooks';

export const devicesGroupHooks: CategoryHooks = {
  async afterUpdate({ tx, input, existing }) {
    if (!('target_firmware_id' in input) || input.target_firmware_id === existing.target_firmware_id) return;
    await tx.query(`UPDATE "device" SET "target_firmware_id" = $1 WHERE "group_id" = $2`, [input.target_firmware_id, existing.id]);
  },
};
