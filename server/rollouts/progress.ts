/**
 * GET /api/rollout/{id}/progress's answer (ROLLOUT_PROGRESS, src/schemas/rolloutPlan.ts): each phase's
 * devices by state (the counts rollout_phase_state keeps, tables.ts), the failed
 * devices with their names and messages (at most 200), and a timeline of at most 60 points of the
 * devices succeeded and failed so far, counted in one pass in the database.
 */
import type { Queryable } from '../db/database';
import { ROLLOUT_DEVICE_STATES, type PhaseProgress, type RolloutProgress } from '../../src/schemas/rolloutPlan';
import type { HistoryEvent, RolloutRow } from './row';

export const FAILED_SHOWN = 200;
export const TIMELINE_POINTS = 60;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The date of the phase's last `event` in the history. */
const lastEvent = (history: HistoryEvent[], event: HistoryEvent['event'], phase: number) => history.findLast((e) => e.event === event && e.phase === phase)?.date ?? null;

async function phasesOf(db: Queryable, rollout: RolloutRow): Promise<PhaseProgress[]> {
  const { rows } = await db.query<{ phase: number; state: string; n: number }>('SELECT "phase", "state", "n" FROM "rollout_phase_state" WHERE "rollout_id" = $1', [
    rollout.id,
  ]);
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

async function timeline(db: Queryable, rollout: RolloutRow): Promise<RolloutProgress['timeline']> {
  const start = rollout.history.find((e) => e.event === 'start')?.date;
  if (start === undefined) return [];
  const end = rollout.history.findLast((e) => e.event === 'finished' || e.event === 'abort')?.date ?? null;
  const { rows } = await db.query<{ date: Date; succeeded: number; failed: number }>(
    `WITH "span" AS (SELECT $2::timestamptz AS "lo", GREATEST(COALESCE($3::timestamptz, now()), $2::timestamptz + interval '1 second') AS "hi"),
     "b" AS (SELECT LEAST(${TIMELINE_POINTS - 1}, GREATEST(0, floor(${TIMELINE_POINTS} * extract(epoch FROM "rd"."changed" - "span"."lo") / extract(epoch FROM "span"."hi" - "span"."lo"))))::int AS "i",
                    count(*) FILTER (WHERE "rd"."state" = 'succeeded') AS "s", count(*) FILTER (WHERE "rd"."state" = 'failed') AS "f"
               FROM "rollout_device" AS "rd", "span" WHERE "rd"."rollout_id" = $1 AND "rd"."state" IN ('succeeded', 'failed') GROUP BY 1)
     SELECT "span"."lo" + ("span"."hi" - "span"."lo") * ("g"."i" + 1) / ${TIMELINE_POINTS} AS "date",
            (sum(COALESCE("b"."s", 0)) OVER (ORDER BY "g"."i"))::int AS "succeeded", (sum(COALESCE("b"."f", 0)) OVER (ORDER BY "g"."i"))::int AS "failed"
       FROM "span" CROSS JOIN generate_series(0, ${TIMELINE_POINTS - 1}) AS "g"("i") LEFT JOIN "b" ON "b"."i" = "g"."i" ORDER BY "g"."i"`,
    [rollout.id, start, end],
  );
  return rows.map((r) => ({ date: iso(r.date) as string, succeeded: r.succeeded, failed: r.failed }));
}

/** The failed devices shown (at most FAILED_SHOWN), by phase and id. */
async function failedDevices(db: Queryable, rollout: RolloutRow): Promise<RolloutProgress['failed_devices']> {
  const { rows } = await db.query<{ id: number; name: string; phase: number; message: string | null }>(
    `SELECT "d"."id", "d"."name", "rd"."phase", "rd"."message" FROM "rollout_device" AS "rd" JOIN "device" AS "d" ON "d"."id" = "rd"."device_id"
      WHERE "rd"."rollout_id" = $1 AND "rd"."state" = 'failed' ORDER BY "rd"."phase", "d"."id" LIMIT ${FAILED_SHOWN}`,
    [rollout.id],
  );
  return rows;
}

export async function rolloutProgress(db: Queryable, rollout: RolloutRow): Promise<RolloutProgress> {
  // Three reads at once (on PostgreSQL three connections): an update ending between them shows in one a moment before the others, as the next read would.
  const [phases, failed, points] = await Promise.all([phasesOf(db, rollout), failedDevices(db, rollout), timeline(db, rollout)]);
  const hasNext = phases.some((p, i) => i + 1 > rollout.phase && p.devices > 0);
  return {
    state: rollout.state,
    phase: rollout.phase,
    next_phase_at: iso(rollout.next_phase_at),
    waits_for_continue: rollout.state === 'running' && rollout.phase_ended !== null && rollout.advance === 'manual' && hasNext,
    phases,
    failed_devices: failed,
    timeline: points,
    history: rollout.history,
  };
}
