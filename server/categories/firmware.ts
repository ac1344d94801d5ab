/**
 * Firmwares: a firmware cannot be disabled while it is the target firmware of a device (spec section 4) or of a group (whose
 * devices follow the group's target firmware, so they would be aimed at it next).
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { firmware } from '../../src/schemas/firmware';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';

export const firmwareHooks: CategoryHooks<RowOf<typeof firmware>> = {
  async beforeUpdate(ctx) {
    const { tx, input, existing } = ctx;
    if (input.is_disabled !== 1 || existing.is_disabled === 1) return;
    const { rows } = await tx.query(
      `SELECT 1 FROM "device" WHERE "target_firmware_id" = $1
       UNION ALL SELECT 1 FROM "devices_group" WHERE "target_firmware_id" = $1 LIMIT 1`,
      [existing.id],
    );
    if (rows.length > 0) throw conflict(ownMessages.firmwareIsTarget);
  },
};
