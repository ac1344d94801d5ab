/**
 * The rollout calls beyond the generic ones (docs/ROLLOUTS.md), and the engine of this process:
 *
 *   PUT /api/rollout/{id}/state {"action"}   team admins: start, pause, resume, continue, abort -> 200 the progress
 *   GET /api/rollout/{id}/progress           team members: ROLLOUT_PROGRESS
 *
 * Another team's rollout answers 404 like an unknown id; a member who is not an admin 403 on an action.
 */
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../src/messages';
import { ROLLOUT_ACTIONS, ROLLOUT_PROGRESS } from '../../src/schemas/rolloutPlan';
import type { SessionUser } from '../auth/sessionUser';
import type { Queryable } from '../db/database';
import { assertPermitted, notFoundError, requireUser, visibleWhere } from '../crud/access';
import { SqlParams } from '../crud/sql';
import { answers, error, errors, ID_PARAMS, json, jsonBody } from '../openapi/contract';
import { applyAction } from './actions';
import { readProgress } from './progress';
import { lockRollout, type RolloutRow } from './row';
import { startRolloutEngine } from './loop';
import { ANSWER_AFTER_DEVICES, updateTargets } from './step';

const ACTION_BODY = jsonBody({
  action: z
    .enum(ROLLOUT_ACTIONS, { error: ownMessages.rolloutUnknownAction })
    .describe('start (draft), pause (running), resume (paused), continue (running, its phase ended), abort (running or paused).'),
});

export const rolloutRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, registry: app.registry, chunk: app.config.rolloutChunk };
  const engine = startRolloutEngine(deps, app.config.rolloutTickMs, (message) => app.log.error(message));
  const unlisten = app.updateEnded.listen(engine.reported);
  app.addHook('onClose', async () => {
    unlisten();
    await engine.stop();
  });
  const category = app.registry.get('rollout');

  /** The rollout, if the caller sees it (404 otherwise); `lock`: locked for an action, waiting for a step under way. */
  /** The rollout `id` as SQL, if the caller sees it. */
  const visibleSql = (user: SessionUser, id: number, params: SqlParams) =>
    `SELECT "t".* FROM "rollout" AS "t" WHERE "t"."id" = ${params.add(id)}::int AND ${visibleWhere(category, user, 't', params)}`;

  async function visible(db: Queryable, user: SessionUser, id: number, lock: boolean): Promise<RolloutRow> {
    const params = new SqlParams();
    const { rows } = await db.query<RolloutRow>(visibleSql(user, id, params), params.values);
    if (!rows[0]) throw notFoundError();
    if (!lock) return rows[0];
    // Deleted while this waited for the lock (a delete racing the action): the 404 of an unknown id.
    const locked = await lockRollout(db, id, false);
    if (!locked) throw notFoundError();
    return locked;
  }

  /** The progress of the rollout `id`, if the caller sees it (404 otherwise): one statement (progress.ts). */
  async function progressOf(user: SessionUser, id: number) {
    const params = new SqlParams();
    const found = await readProgress(app.db, visibleSql(user, id, params), params.values);
    if (!found) throw notFoundError();
    return found;
  }

  const progress = { description: 'Where the rollout stands.', content: json(ROLLOUT_PROGRESS) };
  const notFound = error('No such rollout, or one of a team the caller is not in (the same answer).');

  app.put(
    '/api/rollout/:id/state',
    {
      schema: {
        operationId: 'changeRolloutState',
        summary: "Start, pause, resume, continue or abort a rollout",
        description:
          'Admins of the rollout\'s team. `start` takes the devices (a group\'s members, a filter\'s matches or the chosen devices, as they are now) and starts phase 1; ' +
          '`abort` gives every device whose target the rollout set and that has not succeeded its previous target back (all of them with `rollback_on_abort`, which a rollout over a group always has: each of its devices gets the group\'s target back). ' +
          'An action its state does not allow answers 409 naming the state; a device already in another running rollout, 409 naming it; a filter or chosen devices that would take devices of a group, 409 naming how many and which groups (a filter with `"group_id": null` takes the devices of no group: docs/ROLLOUTS.md, "The group rule").',
        tags: ['rollout'],
        params: ID_PARAMS,
        body: ACTION_BODY,
        response: answers({ 200: progress, ...errors('400', '401', '403'), 404: notFound, 409: error('The state does not allow the action, or the devices or the firmware do not (the Description says which).') }),
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const row = await app.db.transaction(async (tx) => {
        const rollout = await visible(tx, user, request.params.id, true);
        assertPermitted(category.permissions.update, category, user, rollout);
        await applyAction(tx, app.registry, user, rollout, request.body.action);
        return rollout;
      });
      // A start's or a continue's devices told now, an abort's given back, before the answer (the first
      // ANSWER_AFTER_DEVICES of them when an engine runs here: it does the rest right after); should that
      // fail, the action stands and the engine goes on at its next tick.
      const budget = app.config.rolloutTickMs > 0 ? ANSWER_AFTER_DEVICES : Infinity;
      await updateTargets(deps, row.id, user, budget).catch((err: unknown) => request.log.error(err));
      engine.nudge();
      return progressOf(user, row.id);
    },
  );

  app.get(
    '/api/rollout/:id/progress',
    {
      schema: {
        operationId: 'rolloutProgress',
        summary: 'Where a rollout stands',
        description: "Members of the rollout's team. Each phase's devices by state, the failed devices (at most 200) with their messages, a timeline of at most 60 points, the history.",
        tags: ['rollout'],
        params: ID_PARAMS,
        response: answers({ 200: progress, ...errors('401'), 404: notFound }),
      },
    },
    async (request) => progressOf(requireUser(request.user), request.params.id),
  );
};
