/**
 * Firmwares: is_disabled is 0 or 1 (spec: 'is_disabled equal 1'), and a firmware cannot be
 * disabled while it is the target firmware of a device (spec section 4) or of a group (whose
 * devices follow the group's target firmware, so they would be aimed at it next).
 */
import type { CategoryHooks, CreateContext } from '../crud/hooks';
import { ownMessages } from '../../src/messages';
import { badRequest, conflict } from '../http/errors';

function checkDisabledFlag({ input }: CreateContext): void {
  if ('is_disabled' in input && input.is_disabled !== 0 && input.is_disabled !== 1) {
    throw badRequest(ownMessages.wrongFieldType('is_disabled', '0 or 1'));
  }
}

export const firmwareHooks: CategoryHooks = {
  async beforeCreate(ctx) {
    checkDisabledFlag(ctx);
  },
  async beforeUpdate(ctx) {
    checkDisabledFlag(ctx);
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
