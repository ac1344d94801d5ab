/**
 * Groups: the spec makes a group's devices follow its target firmware (server/crud/follows.ts), but a
 * device a rollout holds takes its target from the rollout (server/rollouts/holds.ts): a change of the
 * target of a group holding such a device is refused 409 naming the device and the rollout, and so is
 * the group's delete, which would clear such a device's group (and the running rollout's own group).
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { devicesGroup } from '../../src/schemas/devicesGroup';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';
import { groupHold } from '../rollouts/holds';
import type { Queryable } from '../db/database';

type GroupRow = RowOf<typeof devicesGroup>;

async function refuseIfHeld(tx: Queryable, groupId: number): Promise<void> {
  const hold = await groupHold(tx, groupId);
  if (hold) throw conflict(ownMessages.groupDeviceHeldByRollout(hold.device, hold.rollout));
}

export const devicesGroupHooks: CategoryHooks<GroupRow> = {
  async prepareUpdate({ tx, input, existing }) {
    if (!('target_firmware_id' in input) || input.target_firmware_id === existing.target_firmware_id) return;
    await refuseIfHeld(tx, existing.id);
  },
  async beforeDelete({ tx, existing }) {
    await refuseIfHeld(tx, existing.id);
  },
};
