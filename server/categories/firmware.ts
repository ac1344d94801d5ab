/**
 * Firmwares: one that a running or paused rollout is bringing to devices (docs/ROLLOUTS.md) stays as
 * the rollout's start checked it, enabled and of its type, even when no device has it as target at
 * the moment (its first phase's devices deleted): disabled, the rollout's next phase would give its
 * devices a disabled target (spec: a disabled firmware is no device's target); retyped, the
 * rollout's type would follow it and every device of the later phases would fail as gone from the type.
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { firmware } from '../../src/schemas/firmware';
import { isDisabled } from '../../src/schemas/disabled';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';
import { firmwareRollout } from '../rollouts/holds';

type FirmwareRow = RowOf<typeof firmware>;

export const firmwareHooks: CategoryHooks<FirmwareRow> = {
  async prepareUpdate({ tx, category, input, existing }) {
    const disables = !isDisabled(category, existing) && isDisabled(category, { ...existing, ...input });
    const retypes = 'type_id' in input && input.type_id !== existing.type_id;
    if (!disables && !retypes) return;
    const rollout = await firmwareRollout(tx, existing.id);
    if (rollout !== undefined) throw conflict(ownMessages.firmwareInRollout(rollout));
  },
};
