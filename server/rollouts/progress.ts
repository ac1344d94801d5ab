/**
 * GET /api/rollout/{id}/progress's answer (ROLLOUT_PROGRESS, src/schemas/rolloutPlan.ts): each phase's
 * devices by state, the failed devices with their names and messages (at most 200), and a timeline of
 * at most 60 points of the devices succeeded and failed so far (readProgress).
 */
import type { Queryable } from '../db/database';
import { ROLLOUT_DEVICE_STATES, type PhaseProgress, type RolloutProgress } from '../../src/schemas/rolloutPlan';
import type { HistoryEvent, RolloutRow } from './row';

export const FAILED_SHOWN = 200;
export const TIMELINE_POINTS = 60;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const lastEvent = (history: HistoryEvent[], event: HistoryEvent['event'], phase: number) => history.findLast((e) => e.event === event && e.phase === phase)?.date ?? null;

function phasesOf(rollout: RolloutRow, rows: { phase: number; state: string; n: number }[]): PhaseProgress[] {
  return rollout.phases.map((_, i) => {
    const phase = i + 1;
    const counts = Object.fromEntries(ROLLOUT_DEVICE_STATES.map((s) => [s, rows.find((r) => r.phase === phase && r.state === s)?.n ?? 0])) as Record<
      (typeof ROLLOUT_DEVICE_STATES)[number],
      number
    >;
    const devices = Object.values(counts).reduce((a, b) => a + b, 0);
    const ended = lastEvent(rollout.history, 'phase_ended', phase);
    return { devices, ...counts, started_at: lastEvent(rollout.history, 'phase_started', phase), ended_at: ended };
  });
}

/** The first `start` and the last `finished` or `abort` of a rollout's history (jsonb), as timestamptz. */
const historyDate = (events: string, last: boolean) =>
  `(SELECT ("h"."e"->>'date')::timestamptz FROM jsonb_array_elements(COALESCE("r"."history", '[]'::jsonb)) WITH ORDINALITY AS "h"("e", "i")
     WHERE "h"."e"->>'event' IN (${events}) ORDER BY "h"."i"${last ? ' DESC' : ''} LIMIT 1)`;

type ProgressRow = RolloutRow & {
  __counts: { phase: number; state: string; n: number }[];
  __failed: RolloutProgress['failed_devices'];
  __timeline: { date: string; succeeded: number; failed: number }[];
};

/**
 * The progress of the rollout of `rollout` (SQL selecting at most one row of "rollout" AS "t", with
 * `params`' values) in one statement: the rollout's row, each phase's devices by state (the counts
 * rollout_phase_state keeps, tables.ts), the failed devices shown (at most FAILED_SHOWN, by phase and
 * id) and the timeline (TIMELINE_POINTS points of the devices succeeded and failed so far, counted in
 * one pass over the devices whose update ended). One statement, one turn of the database: under a
 * fleet's check-ins a read waits its turn for each statement (issue 30's bench: p95 285-380 ms in four
 * statements). Undefined when no rollout is selected.
 */
export async function readProgress(db: Queryable, rollout: string, params: unknown[]): Promise<RolloutProgress | undefined> {
  const { rows } = await db.query<ProgressRow>(
    `WITH "r" AS (${rollout}),
     "span" AS (SELECT "lo", GREATEST(COALESCE("hi", now()), "lo" + interval '1 second') AS "hi"
                  FROM (SELECT ${historyDate(`'start'`, false)} AS "lo", ${historyDate(`'finished', 'abort'`, true)} AS "hi" FROM "r") AS "s" WHERE "lo" IS NOT NULL),
     "b" AS (SELECT LEAST(${TIMELINE_POINTS - 1}, GREATEST(0, floor(${TIMELINE_POINTS} * extract(epoch FROM "rd"."changed" - "span"."lo") / extract(epoch FROM "span"."hi" - "span"."lo"))))::int AS "i",
                    count(*) FILTER (WHERE "rd"."state" = 'succeeded') AS "s", count(*) FILTER (WHERE "rd"."state" = 'failed') AS "f"
               FROM "rollout_device" AS "rd", "span" WHERE "rd"."rollout_id" = (SELECT "id" FROM "r") AND "rd"."state" IN ('succeeded', 'failed') GROUP BY 1),
     "points" AS (SELECT "g"."i", "span"."lo" + ("span"."hi" - "span"."lo") * ("g"."i" + 1) / ${TIMELINE_POINTS} AS "date",
                         (sum(COALESCE("b"."s", 0)) OVER (ORDER BY "g"."i"))::int AS "succeeded", (sum(COALESCE("b"."f", 0)) OVER (ORDER BY "g"."i"))::int AS "failed"
                    FROM "span" CROSS JOIN generate_series(0, ${TIMELINE_POINTS - 1}) AS "g"("i") LEFT JOIN "b" ON "b"."i" = "g"."i")
     SELECT "r".*,
       (SELECT COALESCE(json_agg(json_build_object('phase', "c"."phase", 'state', "c"."state", 'n', "c"."n")), '[]'::json)
          FROM "rollout_phase_state" AS "c" WHERE "c"."rollout_id" = "r"."id") AS "__counts",
       (SELECT COALESCE(json_agg("f" ORDER BY "f"."phase", "f"."id"), '[]'::json)
          FROM (SELECT "d"."id", "d"."name", "rd"."phase", "rd"."message" FROM "rollout_device" AS "rd" JOIN "device" AS "d" ON "d"."id" = "rd"."device_id"
                 WHERE "rd"."rollout_id" = "r"."id" AND "rd"."state" = 'failed' ORDER BY "rd"."phase", "d"."id" LIMIT ${FAILED_SHOWN}) AS "f") AS "__failed",
       (SELECT COALESCE(json_agg(json_build_object('date', "p"."date", 'succeeded', "p"."succeeded", 'failed', "p"."failed") ORDER BY "p"."i"), '[]'::json)
          FROM "points" AS "p") AS "__timeline"
     FROM "r"`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  const { __counts: counts, __failed: failed, __timeline: points, ...stored } = row;
  const phases = phasesOf(stored, counts);
  const hasNext = phases.some((p, i) => i + 1 > stored.phase && p.devices > 0);
  return {
    state: stored.state,
    phase: stored.phase,
    next_phase_at: iso(stored.next_phase_at),
    waits_for_continue: stored.state === 'running' && stored.phase_ended !== null && stored.advance === 'manual' && hasNext,
    phases,
    failed_devices: failed,
    timeline: points.map((p) => ({ date: iso(p.date) as string, succeeded: p.succeeded, failed: p.failed })),
    history: stored.history,
  };
}
