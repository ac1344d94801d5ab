/**
 * The figures of the home page (GET /api/dashboard) in one aggregate statement over one scan of the
 * caller's devices: the total, the last-seen counts, the devices per type, per type and firmware
 * (current and target) and per configuration state; the names are joined onto the few grouped rows
 * only. Devices are scoped exactly like the devices table (visibleWhere: the teams the caller is a
 * member of, for a server administrator too), so the figures are those of the rows the table lists.
 *
 * The update figures count the stored update_state as the table's 'Update' filter does (the filters the
 * dashboard links to, dashboardFigures.ts); the rollouts under way are read by a second, small statement.
 *
 * The states come from the stored config_state column, the one the table's 'Configuration state'
 * filter compares (the server keeps it by the sync rules on every write and check-in): a count
 * here is what that filter lists.
 */
import { CONFIG_STATES, device } from '../../src/schemas/device';
import { type } from '../../src/schemas/type';
import { firmware } from '../../src/schemas/firmware';
import { rollout } from '../../src/schemas/rollout';
import type { Category } from '../../src/schemas/defineCategory';
import { failedUpdatesFilter, updatingNowFilter } from '../../src/custom/dashboard/dashboardFigures';
import type { DashboardFigures, DeclaredField, FirmwareCount, RolloutFigure, TypeFigures } from '../../src/custom/dashboard/dashboardFigures';
import type { ConfigState } from '../../src/schemas/device';
import type { Database } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from '../crud/access';
import { ident, SqlParams } from '../crud/sql';

/** A column of the category, checked against its declared fields when compiled. */
const col = <C extends Category>(alias: string, _category: C, name: (DeclaredField<C> & string) | 'id') => `${ident(alias)}.${ident(name)}`;

/** Not seen for more than this is 'not seen for a day'. */
const STALE_AFTER = '1 day';

/** GROUPING() of (type, current firmware, target firmware, state): a bit set per column not grouped by. */
const SET = { all: 0b1111, type: 0b0111, current: 0b0011, target: 0b0101, state: 0b1110 } as const;

/** How recently a device was seen, as the fine groups carry it. */
const SEEN = { recently: 0, notForADay: 1, never: 2 } as const;

/** Where a device's update stands, as the fine groups carry it. */
const UPDATE = { other: 0, updating: 1, failed: 2 } as const;

/** The rollouts under way the home page lists at most. */
const ROLLOUTS_SHOWN = 20;

interface Group {
  set: number;
  type_id: number | null;
  config_state: ConfigState | null;
  firmware_id: number | null;
  count: number;
  never_seen: number;
  not_seen_for_a_day: number;
  updating_now: number;
  failed_updates: number;
  type_name: string | null;
  firmware_name: string | null;
  firmware_version: string | null;
}

/**
 * The scan hashes each device once into fine groups (type, firmwares, state, seen) and the GROUPING
 * SETS roll those few hundred rows up: on PGlite that costs about two thirds of grouping the
 * devices by every set directly.
 */
function statement(user: SessionUser): { sql: string; values: unknown[] } {
  const params = new SqlParams();
  const [typeId, current, target, state, lastSeen, update] = [
    col('d', device, 'type_id'),
    col('d', device, 'current_firmware_id'),
    col('d', device, 'target_firmware_id'),
    col('d', device, 'config_state'),
    col('d', device, 'last_seen'),
    col('d', device, 'update_state'),
  ];
  const sql = `
WITH "fine" AS (
  SELECT ${typeId} AS "type_id", ${current} AS "current", ${target} AS "target", ${state} AS "config_state",
    CASE WHEN ${lastSeen} IS NULL THEN ${SEEN.never} WHEN ${lastSeen} < now() - interval '${STALE_AFTER}' THEN ${SEEN.notForADay} ELSE ${SEEN.recently} END AS "seen",
    CASE WHEN ${update} = ANY(${params.add(updatingNowFilter.update_state)}::text[]) THEN ${UPDATE.updating}
      WHEN ${update} = ${params.add(failedUpdatesFilter.update_state)} THEN ${UPDATE.failed} ELSE ${UPDATE.other} END AS "update",
    count(*)::int AS "count"
  FROM ${ident(device.key)} "d"
  WHERE ${visibleWhere(device, user, 'd', params)}
  GROUP BY 1, 2, 3, 4, 5, 6
), "g" AS (
  SELECT GROUPING("type_id", "current", "target", "config_state")::int AS "set",
    "type_id", "config_state", COALESCE("current", "target") AS "firmware_id",
    sum("count")::int AS "count",
    COALESCE(sum("count") FILTER (WHERE "seen" = ${SEEN.never}), 0)::int AS "never_seen",
    COALESCE(sum("count") FILTER (WHERE "seen" = ${SEEN.notForADay}), 0)::int AS "not_seen_for_a_day",
    COALESCE(sum("count") FILTER (WHERE "update" = ${UPDATE.updating}), 0)::int AS "updating_now",
    COALESCE(sum("count") FILTER (WHERE "update" = ${UPDATE.failed}), 0)::int AS "failed_updates"
  FROM "fine"
  GROUP BY GROUPING SETS ((), ("type_id"), ("type_id", "current"), ("type_id", "target"), ("config_state"))
)
SELECT "g".*, ${col('t', type, 'name')} AS "type_name", ${col('f', firmware, 'name')} AS "firmware_name", ${col('f', firmware, 'version')} AS "firmware_version"
FROM "g"
LEFT JOIN ${ident(type.key)} "t" ON ${col('t', type, 'id')} = "g"."type_id" AND ${visibleWhere(type, user, 't', params)}
LEFT JOIN ${ident(firmware.key)} "f" ON ${col('f', firmware, 'id')} = "g"."firmware_id" AND ${visibleWhere(firmware, user, 'f', params)}`;
  return { sql, values: params.values };
}

/** Most devices first; ties by name and version, 'none' (no name) last. */
const byCount = <T extends { count: number; name: string | null; version?: string | null }>(a: T, b: T) =>
  b.count - a.count || Number(a.name === null) - Number(b.name === null) || `${a.name} ${a.version ?? ''}`.localeCompare(`${b.name} ${b.version ?? ''}`);

const firmwareCount = (g: Group): FirmwareCount => ({ firmware_id: g.firmware_id, name: g.firmware_name, version: g.firmware_version, count: g.count });

/** The rollouts under way of the teams `user` is a member of, newest first. */
async function rolloutsUnderWay(db: Database, user: SessionUser): Promise<RolloutFigure[]> {
  const params = new SqlParams();
  const { rows } = await db.query<RolloutFigure>(
    `SELECT "r"."id", ${col('r', rollout, 'name')} AS "name", ${col('r', rollout, 'state')} AS "state", ${col('r', rollout, 'phase')} AS "phase",
       jsonb_array_length(${col('r', rollout, 'phases')})::int AS "phases"
     FROM ${ident(rollout.key)} "r"
     WHERE ${col('r', rollout, 'state')} IN ('running', 'paused') AND ${visibleWhere(rollout, user, 'r', params)}
     ORDER BY "r"."id" DESC LIMIT ${ROLLOUTS_SHOWN}`,
    params.values,
  );
  return rows;
}

/** The figures over the devices `user` may see. */
export async function dashboardFigures(db: Database, user: SessionUser): Promise<DashboardFigures> {
  const { sql, values } = statement(user);
  const [{ rows }, rollouts] = await Promise.all([db.query<Group>(sql, values), rolloutsUnderWay(db, user)]);
  const total = rows.find((g) => g.set === SET.all);
  const types = new Map<number | null, TypeFigures>();
  for (const g of rows.filter((r) => r.set === SET.type)) {
    types.set(g.type_id, { type_id: g.type_id as number, name: g.type_name ?? '', count: g.count, current_firmware: [], target_firmware: [] });
  }
  for (const g of rows) {
    if (g.set === SET.current) types.get(g.type_id)?.current_firmware.push(firmwareCount(g));
    if (g.set === SET.target) types.get(g.type_id)?.target_firmware.push(firmwareCount(g));
  }
  for (const t of types.values()) {
    t.current_firmware.sort(byCount);
    t.target_firmware.sort(byCount);
  }
  const states = new Map(rows.filter((g) => g.set === SET.state).map((g) => [g.config_state, g.count]));
  return {
    device_count: total?.count ?? 0,
    not_seen_for_a_day: total?.not_seen_for_a_day ?? 0,
    never_seen: total?.never_seen ?? 0,
    config_states: [...CONFIG_STATES, null].map((s) => ({ config_state: s, count: states.get(s) ?? 0 })),
    types: [...types.values()].sort(byCount),
    updating_now: total?.updating_now ?? 0,
    failed_updates: total?.failed_updates ?? 0,
    rollouts,
  };
}
