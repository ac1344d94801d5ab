/**
 * Which actions a rollout offers in its state (ROLLOUT_DESIGN.md decision 5): the buttons the
 * progress page shows. The server decides in the end; a pair it refuses answers 409 with its reason.
 */
import type { RolloutAction, RolloutProgress } from '../../schemas/rolloutPlan';

export function offeredActions(progress: Pick<RolloutProgress, 'state' | 'waits_for_continue' | 'next_phase_at'>): RolloutAction[] {
  switch (progress.state) {
    case 'draft':
      return ['start'];
    case 'running':
      return progress.waits_for_continue || progress.next_phase_at !== null ? ['continue', 'pause', 'abort'] : ['pause', 'abort'];
    case 'paused':
      return ['resume', 'abort'];
    default:
      return [];
  }
}
