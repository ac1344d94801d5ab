/**
 * Rollouts (docs/ROLLOUTS.md): a rollout is edited only while a draft (its devices and targets are the
 * engine's once it has started: server/rollouts/), and one running or paused cannot be deleted (abort
 * it first: its devices' targets would stay the rollout's with nothing to give them back). Its devices
 * are chosen one way: a group, a filter or a list.
 */
import type { CategoryHooks, Row } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { rollout } from '../../src/schemas/rollout';
import { ownMessages } from '../../src/messages';
import { badRequest, conflict } from '../http/errors';

type RolloutRow = RowOf<typeof rollout>;

const stateWord = (state: unknown) => (ownMessages.rolloutStateLabels[String(state)] ?? String(state)).toLowerCase();

function oneWay(after: Row): void {
  const ways = [after.devices_group_id != null, after.device_filter != null, Array.isArray(after.device_ids) && after.device_ids.length > 0];
  if (ways.filter(Boolean).length > 1) throw badRequest(ownMessages.rolloutDevicesOneWay);
}

export const rolloutHooks: CategoryHooks<RolloutRow> = {
  async beforeCreate({ input }) {
    oneWay(input);
  },
  async prepareUpdate({ existing }) {
    if (existing.state !== 'draft') throw conflict(ownMessages.rolloutEditNotDraft(stateWord(existing.state)));
  },
  async beforeUpdate({ input, existing }) {
    oneWay({ ...existing, ...input });
  },
  async beforeDelete({ existing }) {
    if (existing.state === 'running' || existing.state === 'paused') throw conflict(ownMessages.rolloutDeleteUnderWay(stateWord(existing.state)));
  },
};
