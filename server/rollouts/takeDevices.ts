/**
 * A rollout's devices, taken when it starts (docs/ROLLOUTS.md, decision 1): its group's members, its
 * filter's matches (the devices table's own filter, server/crud/listQuery.ts) or its chosen devices,
 * as they are then, among the devices of its team and its firmware's type; ordered by id and cut into
 * phases by phaseSizes, the rule the console's preview shows. One INSERT ... SELECT, whatever their
 * number; a device another rollout holds is skipped by the unique index rollout_device_held_key (which
 * waits for a rollout starting at the same time on another process) and the start is then refused,
 * naming it.
 */
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import type { ServerRegistry } from '../crud/registry';
import { parseFilter } from '../crud/listQuery';
import { resolveSearches } from '../crud/listSearch';
import { conditionSql } from '../crud/listSql';
import { SqlParams } from '../crud/sql';
import { conflict } from '../http/errors';
import { phaseSizes, rolloutUnderWay } from '../../src/schemas/rolloutPlan';
import { refListIds } from '../../src/schemas/kinds';
import { ownMessages } from '../../src/messages';
import type { RolloutRow } from './row';

/** What names a rollout's devices: its team, and its group, filter or chosen devices. */
export type Selection = Pick<RolloutRow, 'id' | 'team_id' | 'devices_group_id' | 'device_filter' | 'device_ids'>;

/** The WHERE over device alias "t" of the rollout's devices: its group if set, else its filter if set, else its chosen devices. */
async function selectionWhere(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: Selection, typeId: number, params: SqlParams): Promise<string> {
  const where = [`"t"."team_id" = ${params.add(rollout.team_id)}::int`, `"t"."type_id" = ${params.add(typeId)}::int`];
  if (rollout.devices_group_id !== null) {
    where.push(`"t"."group_id" = ${params.add(rollout.devices_group_id)}::int`);
  } else if (rollout.device_filter !== null) {
    const device = registry.get('device');
    const parsed = parseFilter(device, { filter: JSON.stringify(rollout.device_filter) }, (key) => registry.find(key));
    for (const condition of await resolveSearches(tx, user, parsed)) where.push(conditionSql(condition, params));
  } else {
    where.push(`"t"."id" = ANY(${params.add(refListIds(rollout.device_ids) ?? [])}::int[])`);
  }
  return where.join(' AND ');
}

/** Group names shown in the refusal below, at most; the rest counted. */
const GROUPS_NAMED = 3;

/**
 * The group rule (spec: 'a device in a group cannot have an individual firmware'; docs/ROLLOUTS.md, "The
 * group rule"): a rollout over chosen devices or a filter that would take devices of a group is refused
 * (409), naming how many and which groups, at its create, its change and its start (a device may join a
 * group in between): a group's devices are brought a firmware by a rollout over the group.
 */
export async function refuseGroupedDevices(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: Selection, typeId: number): Promise<void> {
  if (rollout.devices_group_id !== null) return;
  const params = new SqlParams();
  await refuseIfGrouped(tx, await selectionWhere(tx, registry, user, rollout, typeId, params), params);
}

/** The refusal above, for the devices of `where` (over device alias "t"). */
async function refuseIfGrouped(tx: Queryable, where: string, params: SqlParams): Promise<void> {
  const { rows } = await tx.query<{ name: string; n: number }>(
    `SELECT "g"."name", count(*)::int AS "n" FROM "device" AS "t" JOIN "devices_group" AS "g" ON "g"."id" = "t"."group_id"
      WHERE ${where} GROUP BY "g"."id", "g"."name" ORDER BY count(*) DESC, "g"."name"`,
    params.values,
  );
  if (rows.length === 0) return;
  const devices = rows.reduce((sum, row) => sum + row.n, 0);
  throw conflict(ownMessages.rolloutGroupedDevices(devices, rows.slice(0, GROUPS_NAMED).map((row) => row.name), rows.length - GROUPS_NAMED));
}

/** Takes the rollout's devices into rollout_device (holds = true); answers how many. */
export async function takeDevices(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: RolloutRow, typeId: number): Promise<number> {
  const params = new SqlParams();
  const where = await selectionWhere(tx, registry, user, rollout, typeId, params);
  // Its devices locked first (FOR KEY SHARE, the lock the foreign keys of the rows inserted below take anyway, only
  // later), so that one being moved to another team meanwhile is either gone from the choice by then, or moved once
  // this start has committed, and then leaves its rollouts (holds.ts): taken from an older read, it stayed held by
  // its old team's rollout.
  await tx.query(`SELECT "t"."id" FROM "device" AS "t" WHERE ${where} ORDER BY "t"."id" FOR KEY SHARE OF "t"`, params.values);
  // The group rule asked once they are locked: a device moved into a group by a change that held it meanwhile is seen
  // in its group (a change after waits for this start, then finds the device held).
  if (rollout.devices_group_id === null) await refuseIfGrouped(tx, where, params);
  const { rows: counted } = await tx.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM "device" AS "t" WHERE ${where}`, params.values);
  const total = counted[0].n;
  if (total === 0) throw conflict(ownMessages.rolloutNoDevices);
  // Phase k holds the devices ranked up to the k-th running sum of the sizes; one that joined since the count, the last phase.
  const sizes = phaseSizes(total, rollout.phases);
  const bounds = sizes.map((_, i) => sizes.slice(0, i + 1).reduce((a, b) => a + b, 0));
  const id = params.add(rollout.id);
  const { rows } = await tx.query<{ n: number }>(
    `WITH "taken" AS (
       INSERT INTO "rollout_device" ("rollout_id", "device_id", "phase")
       SELECT ${id}::int, "s"."id", COALESCE((SELECT min("b"."k") FROM unnest(${params.add(bounds)}::int[]) WITH ORDINALITY AS "b"("upper", "k") WHERE "s"."rn" <= "b"."upper"), ${sizes.length})
         FROM (SELECT "t"."id", row_number() OVER (ORDER BY "t"."id") AS "rn" FROM "device" AS "t" WHERE ${where}) AS "s"
       ON CONFLICT ("device_id") WHERE "holds" DO NOTHING RETURNING 1)
     SELECT count(*)::int AS "n" FROM "taken"`,
    params.values,
  );
  if (rows[0].n < total) await refuseHeld(tx, rollout.id, rollout.team_id);
  return rows[0].n;
}

/**
 * Fewer taken than counted: a device skipped as held by another rollout answers 409 naming it and
 * that rollout (none such: a device deleted since the count, which is simply not taken); a rollout
 * that has stopped and is still giving its devices back says so, as the refusal lasts only until then.
 */
async function refuseHeld(tx: Queryable, id: number, team: number): Promise<void> {
  const { rows } = await tx.query<{ device: string; rollout: string; state: string }>(
    `SELECT "d"."name" AS "device", "r"."name" AS "rollout", "r"."state" FROM "rollout_device" AS "h"
       JOIN "device" AS "d" ON "d"."id" = "h"."device_id" JOIN "rollout" AS "r" ON "r"."id" = "h"."rollout_id"
      WHERE "h"."holds" AND "h"."rollout_id" <> $1 AND "d"."team_id" = $2
        AND NOT EXISTS (SELECT 1 FROM "rollout_device" AS "m" WHERE "m"."rollout_id" = $1 AND "m"."device_id" = "h"."device_id")
      ORDER BY "d"."id" LIMIT 1`,
    [id, team],
  );
  if (!rows[0]) return;
  const { device, rollout, state } = rows[0];
  // A finished or aborted rollout still letting its devices go, a chunk at a time (step.ts updateTargets).
  if (rolloutUnderWay(state)) throw conflict(ownMessages.rolloutDeviceHeld(device, rollout));
  throw conflict(ownMessages.rolloutDeviceReleasing(device, rollout, state));
}
