/**
 * GET /api/device/{id}/rollouts (issue 30, design point 10): the rollouts a device is or was in, newest
 * first, for the members of its team (another team's device answers the 404 of an unknown one), so the
 * device page can say why its target is what it is. Its contract: src/schemas/deviceRollouts.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_ROLLOUTS, deviceRolloutsPath, type DeviceRollout } from '../../src/schemas/deviceRollouts';
import { notFoundError, requireUser } from '../crud/access';
import { selectVisible } from '../crud/read';
import { answers, error, errors, ID_PARAMS, json } from '../openapi/contract';
import type { Queryable } from '../db/database';

/**
 * The device's rollouts, newest first (the one a device is in now has the highest id of its rollouts).
 * `keeps_target`: a rollout that let the device go (finished or aborted) after telling it, whose firmware
 * is still the device's target, which its group (if any) does not give it, and that no later rollout of the
 * same firmware told it again (that one set the target: only it says so) (docs/ROLLOUTS.md, "The group
 * rule": a rollout over chosen devices or a filter).
 */
export async function deviceRollouts(db: Queryable, deviceId: number): Promise<DeviceRollout[]> {
  const { rows } = await db.query<DeviceRollout>(
    `SELECT r."id", r."name", r."state", r."phase", rd."phase" AS "device_phase", rd."state" AS "device_state", rd."message", rd."holds",
            COALESCE(r."state" IN ('finished', 'aborted') AND rd."phase" <= r."phase" AND d."target_firmware_id" = r."firmware_id"
              AND g."target_firmware_id" IS DISTINCT FROM r."firmware_id"
              AND NOT EXISTS (SELECT 1 FROM "rollout_device" lrd JOIN "rollout" lr ON lr."id" = lrd."rollout_id"
                               WHERE lrd."device_id" = rd."device_id" AND lr."id" > r."id" AND lr."firmware_id" = r."firmware_id"
                                 AND lr."state" <> 'draft' AND lrd."phase" <= lr."phase"), false) AS "keeps_target"
       FROM "rollout_device" rd JOIN "rollout" r ON r."id" = rd."rollout_id"
       JOIN "device" d ON d."id" = rd."device_id" AND d."team_id" = r."team_id"
       LEFT JOIN "devices_group" g ON g."id" = d."group_id"
      WHERE rd."device_id" = $1
      ORDER BY r."id" DESC`,
    [deviceId],
  );
  return rows;
}

const SCHEMA = {
  operationId: 'device_rollouts',
  summary: "A device's rollouts",
  description:
    "Members of the device's team. The rollouts the device is or was in, newest first: each rollout's state and phase, the device's phase and " +
    'update state in it (with its failure message), and whether it holds the device now (`holds`: running or paused; its target firmware is ' +
    "then the rollout's, and a change of it or of the device's group by hand is refused 409).",
  tags: ['device'],
  params: ID_PARAMS,
  response: answers({
    200: { description: 'The rollouts, newest first; [] when none.', content: json(DEVICE_ROLLOUTS) },
    ...errors('401'),
    404: error('No such device, or one of a team the caller is not in (the same answer).'),
  }),
};

export const deviceRolloutRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(`/api${deviceRolloutsPath(':id')}`, { schema: SCHEMA }, async (request) => {
    const user = requireUser(request.user);
    const [row] = await selectVisible(app.db, user, app.registry.get('device'), ['id'], (p) => [`"t"."id" = ${p.add(request.params.id)}`]);
    if (!row) throw notFoundError();
    return deviceRollouts(app.db, request.params.id);
  });
};
