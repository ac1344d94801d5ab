/**
 * Rollouts (docs/ROLLOUTS.md): a rollout is edited only while a draft (its devices and targets are the
 * engine's once it has started: server/rollouts/), and one running or paused cannot be deleted (abort
 * it first: its devices' targets would stay the rollout's with nothing to give them back). Its device
 * filter's group is a group of its team, as the group of devices_group_id is (the generic reference
 * check does not look inside a JSON field): another team's would be stored and only the start would
 * find no devices in it. Its chosen devices are of its firmware's type, as its group is (a list's
 * `matches` would keep each listed device's type from changing for good, finished rollouts included):
 * the start would silently leave the others out. A filter's `group_id: null` asks for the devices of
 * no group (the filter that keeps the group rule). A rollout over a group stores rollback_on_abort
 * true: its abort gives every device back anyway (rollsBackAll).
 */
import type { CreateContext, CategoryHooks, Row } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { rollout } from '../../src/schemas/rollout';
import { ownMessages } from '../../src/messages';
import { badRequest, conflict } from '../http/errors';
import { visibleWhere } from '../crud/access';
import { SqlParams } from '../crud/sql';
import { refListIds } from '../../src/schemas/kinds';
import { rollsBackAll, rolloutDeletable, rolloutEditable } from '../../src/schemas/rolloutPlan';
import { releaseAll } from '../rollouts/targets';
import { refuseGroupedDevices } from '../rollouts/takeDevices';
import type { RolloutRow as EngineRow } from '../rollouts/row';

type RolloutRow = RowOf<typeof rollout>;

/** The filter's group, when it names one (null: the devices of no group): of the rollout's team and seen by the caller, else the 400 of an unknown reference. */
async function checkFilterGroup({ tx, user, registry, category }: CreateContext, after: Row): Promise<void> {
  const group = (after.device_filter as { group_id?: number | null } | null)?.group_id;
  if (group === undefined || group === null) return;
  const params = new SqlParams();
  const { rows } = await tx.query(
    `SELECT 1 FROM "devices_group" AS "t" WHERE "t"."id" = ${params.add(group)}::int AND "t"."team_id" = ${params.add(after.team_id)}::int
        AND ${visibleWhere(registry.get('devices_group'), user, 't', params)} FOR SHARE OF "t"`,
    params.values,
  );
  if (rows.length === 0) throw badRequest(ownMessages.referenceNotFound(category.fields.device_filter.label));
}

/** The chosen devices are all of the rollout's type (the firmware's), else 400 as for a group of another type. */
async function checkChosenType({ tx, category }: CreateContext, after: Row): Promise<void> {
  const ids = refListIds(after.device_ids) ?? [];
  if (ids.length === 0) return;
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "device" WHERE "id" = ANY($1::int[]) AND "type_id" = $2', [ids, after.type_id]);
  if (rows[0].n < ids.length) throw badRequest(ownMessages.referenceMismatch(category.fields.device_ids.label, category.fields.type_id.label));
}

/** No device of a group among its chosen devices or its filter's matches now (the start checks again: takeDevices.ts). */
async function checkUngrouped({ tx, user, registry }: CreateContext, after: Row): Promise<void> {
  if (typeof after.type_id !== 'number' || typeof after.team_id !== 'number') return;
  const selection = {
    id: Number(after.id ?? 0),
    team_id: after.team_id,
    devices_group_id: (after.devices_group_id as number | null | undefined) ?? null,
    device_filter: (after.device_filter as Record<string, unknown> | null | undefined) ?? null,
    device_ids: after.device_ids,
  };
  await refuseGroupedDevices(tx, registry, user, selection, after.type_id);
}

const SELECTION = ['device_filter', 'device_ids', 'devices_group_id', 'firmware_id', 'type_id', 'team_id'];

/**
 * A rollout over a group stores rollback_on_abort true whatever was sent: its abort gives every device back
 * (rollsBackAll, docs/ROLLOUTS.md "The group rule"), and a client reading it is told so.
 */
function rollbackAsDone(input: Row, after: Row): void {
  if (rollsBackAll(after)) input.rollback_on_abort = true;
}

export const rolloutHooks: CategoryHooks<RolloutRow> = {
  async beforeCreate(ctx) {
    rollbackAsDone(ctx.input, ctx.input);
    await checkFilterGroup(ctx, ctx.input);
    await checkChosenType(ctx, ctx.input);
    await checkUngrouped(ctx, ctx.input);
  },
  async prepareUpdate(ctx) {
    const { existing, input } = ctx;
    if (!rolloutEditable(existing.state)) throw conflict(ownMessages.rolloutEditNotDraft(String(existing.state)));
    rollbackAsDone(input, { ...existing, ...input });
    if (!SELECTION.some((field) => field in input)) return;
    await checkFilterGroup(ctx, { ...existing, ...input });
    await checkChosenType(ctx, { ...existing, ...input });
    await checkUngrouped(ctx, { ...existing, ...input });
  },
  async beforeDelete({ tx, registry, user, existing }) {
    if (!rolloutDeletable(existing.state)) throw conflict(ownMessages.rolloutDeleteUnderWay(String(existing.state)));
    // Finished or aborted a moment ago, it may still hold devices (let go a chunk per transaction after
    // it: server/rollouts/step.ts): the rest go now, an aborted one's with their previous target.
    await releaseAll(tx, registry, user, existing as unknown as EngineRow);
  },
};
