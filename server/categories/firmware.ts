/**
 * Firmwares: a firmware cannot be disabled while it is the target firmware of a device (spec section 4) or of a group (whose
 * devices follow the group's target firmware, so they would be aimed at it next). The targets are read from the registry
 * (every reference to a firmware through a target_firmware_id field), so a new category that targets a firmware is covered.
 */
import type { CategoryHooks } from '../crud/hooks';
import { isReferencedBy } from '../crud/locks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { firmware } from '../../src/schemas/firmware';
import { referrersOf } from '../../src/schemas/referrers';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';

/** The field through which an object aims at a firmware (a device's current firmware is what it runs, not a target). */
const TARGET_FIELD = 'target_firmware_id';

export const firmwareHooks: CategoryHooks<RowOf<typeof firmware>> = {
  async beforeUpdate(ctx) {
    const { tx, registry, category, input, existing } = ctx;
    if (input.is_disabled !== 1 || existing.is_disabled === 1) return;
    for (const referrer of referrersOf(registry.categories, category)) {
      if (referrer.via === TARGET_FIELD && (await isReferencedBy(tx, referrer, existing))) throw conflict(ownMessages.firmwareIsTarget);
    }
  },
};
