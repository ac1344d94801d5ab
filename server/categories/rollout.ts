/**
 * Rollouts (docs/ROLLOUTS.md): a rollout is edited only while a draft (its devices and targets are the
 * engine's once it has started: server/rollouts/), and one running or paused cannot be deleted (abort
 * it first: its devices' targets would stay the rollout's with nothing to give them back). Its device
 * filter's group is a group of its team, as the group of devices_group_id is (the generic reference
 * check does not look inside a JSON field): another team's would be stored and only the start would
 * find no devices in it.
 */
import type { CreateContext, CategoryHooks, Row } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { rollout } from '../../src/schemas/rollout';
import { ownMessages } from '../../src/messages';
import { badRequest, conflict } from '../http/errors';
import { visibleWhere } from '../crud/access';
import { SqlParams } from '../crud/sql';

type RolloutRow = RowOf<typeof rollout>;

/** The filter's group, when it names one: of the rollout's team and seen by the caller, else the 400 of an unknown reference. */
async function checkFilterGroup({ tx, user, registry, category }: CreateContext, after: Row): Promise<void> {
  const group = (after.device_filter as { group_id?: number } | null)?.group_id;
  if (group === undefined) return;
  const params = new SqlParams();
  const { rows } = await tx.query(
    `SELECT 1 FROM "devices_group" AS "t" WHERE "t"."id" = ${params.add(group)}::int AND "t"."team_id" = ${params.add(after.team_id)}::int
        AND ${visibleWhere(registry.get('devices_group'), user, 't', params)} FOR SHARE OF "t"`,
    params.values,
  );
  if (rows.length === 0) throw badRequest(ownMessages.referenceNotFound(category.fields.device_filter.label));
}

export const rolloutHooks: CategoryHooks<RolloutRow> = {
  async beforeCreate(ctx) {
    await checkFilterGroup(ctx, ctx.input);
  },
  async prepareUpdate(ctx) {
    const { existing, input } = ctx;
    if (existing.state !== 'draft') throw conflict(ownMessages.rolloutEditNotDraft(String(existing.state)));
    if ('device_filter' in input || 'team_id' in input) await checkFilterGroup(ctx, { ...existing, ...input });
  },
  async beforeDelete({ existing }) {
    if (existing.state === 'running' || existing.state === 'paused') throw conflict(ownMessages.rolloutDeleteUnderWay(String(existing.state)));
  },
};
