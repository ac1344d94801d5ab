/**
 * Rollouts (docs/ROLLOUTS.md): a rollout is edited only while a draft (its devices and targets are the
 * engine's once it has started: server/rollouts/), and one running or paused cannot be deleted (abort
 * it first: its devices' targets would stay the rollout's with nothing to give them back).
 */
import type { CategoryHooks } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { rollout } from '../../src/schemas/rollout';
import { ownMessages } from '../../src/messages';
import { conflict } from '../http/errors';
import { releaseAll } from '../rollouts/targets';
import type { RolloutRow as EngineRow } from '../rollouts/row';

type RolloutRow = RowOf<typeof rollout>;

export const rolloutHooks: CategoryHooks<RolloutRow> = {
  async prepareUpdate({ existing }) {
    if (existing.state !== 'draft') throw conflict(ownMessages.rolloutEditNotDraft(String(existing.state)));
  },
  async beforeDelete({ tx, registry, user, existing }) {
    if (existing.state === 'running' || existing.state === 'paused') throw conflict(ownMessages.rolloutDeleteUnderWay(String(existing.state)));
    // Finished or aborted a moment ago, it may still hold devices (let go a chunk per transaction after
    // it: server/rollouts/step.ts): the rest go now, an aborted one's with their previous target.
    await releaseAll(tx, registry, user, existing as unknown as EngineRow);
  },
};
