/**
 * The contract of GET /api/device/{id}/rollouts (issue 30, docs/ROLLOUTS.md): the rollouts a device is
 * or was in, newest first, each with where the device stands in it. The server declares it on its route
 * (server/rollouts/deviceRollouts.ts) and the device page reads it (src/resources/device/DeviceRollouts.tsx).
 */
import { z } from 'zod';
import { ROLLOUT_DEVICE_STATES, ROLLOUT_STATES } from './rolloutPlan';

export const deviceRolloutsPath = (deviceId: number | string) => `/device/${deviceId}/rollouts`;

export const DEVICE_ROLLOUT = z.object({
  id: z.number().int().describe("The rollout's id."),
  name: z.string(),
  state: z.enum(ROLLOUT_STATES).describe("The rollout's state."),
  phase: z.number().int().describe("The rollout's current phase (0 before it starts)."),
  device_phase: z.number().int().describe('The phase the device is in (1 to the number of phases).'),
  device_state: z.enum(ROLLOUT_DEVICE_STATES).describe("The device's update in the rollout: pending until its phase starts and it reports."),
  message: z.string().nullable().describe("The device's failure message, if it failed."),
  holds: z.boolean().describe('The rollout sets the device’s target firmware now (running or paused): a change of it by hand is refused.'),
  keeps_target: z
    .boolean()
    .describe(
      "The rollout finished or was aborted, and the device's target firmware is still the one it set, which the device's group (if any) does not give: " +
        'a rollout over chosen devices or a filter leaves a grouped device its own target until the group’s target changes.',
    ),
});
export type DeviceRollout = z.infer<typeof DEVICE_ROLLOUT>;

export const DEVICE_ROLLOUTS = z.array(DEVICE_ROLLOUT);
