/**
 * How a rollout's device state reads in the console: 'pending' is a device not yet reporting on its
 * update, which means two things by its phase: one still to come (waiting for it) or one started,
 * whose devices were told and have not reported yet. Read by the phase bars and the device's rollouts.
 */
import { ownMessages } from '../../messages';
import { phaseStarted, type RolloutDeviceState } from '../../schemas/rolloutPlan';

/** The label of `state` for a device of phase `phase` when the rollout is at phase `current` (0 before its start). */
export const deviceStateLabel = (state: RolloutDeviceState, phase: number, current: number): string =>
  state === 'pending' && phaseStarted(phase, current) ? ownMessages.rolloutPendingTold : ownMessages.rolloutDeviceStateLabels[state];
