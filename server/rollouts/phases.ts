/**
 * A rollout going from phase to phase (docs/ROLLOUTS.md, decision 4): a phase starts (its devices'
 * targets set), and once it has ended the next starts at once (advance auto), when its wait is over
 * (wait), or when someone continues the rollout (manual); after the last, the rollout finishes.
 * Empty phases (a percentage of no device left) are passed over.
 */
import type { Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import { finishRollout } from './finish';
import { eventOf, NOW, patchRollout, type Actor, type HistoryEvent, type RolloutRow } from './row';

/** The next phase holding devices, if any. */
export async function nextPhase(tx: Queryable, rollout: RolloutRow): Promise<number | undefined> {
  const { rows } = await tx.query<{ p: number | null }>('SELECT min("phase") AS "p" FROM "rollout_device" WHERE "rollout_id" = $1 AND "phase" > $2', [
    rollout.id,
    rollout.phase,
  ]);
  return rows[0].p ?? undefined;
}

/**
 * Phase `phase` starts now; its devices are told right after, a chunk per transaction (updateTargets,
 * step.ts). `events` (an action's) go in the history before its own.
 */
export function startPhase(tx: Queryable, rollout: RolloutRow, phase: number, by: Actor, events: HistoryEvent[] = []): Promise<RolloutRow> {
  return patchRollout(tx, rollout.id, { phase, phase_started: NOW, phase_ended: null, next_phase_at: null }, [...events, eventOf('phase_started', phase, by)]);
}

/** The next phase now, or the end after the last. */
export async function advance(tx: Queryable, registry: ServerRegistry, by: Actor, rollout: RolloutRow, events: HistoryEvent[] = []): Promise<RolloutRow> {
  const next = await nextPhase(tx, rollout);
  if (next !== undefined) return startPhase(tx, rollout, next, by, events);
  const noted = events.length > 0 ? await patchRollout(tx, rollout.id, {}, events) : rollout;
  return finishRollout(tx, registry, by, noted);
}

/** A running rollout whose phase has ended: what its `advance` says now. */
export async function afterPhase(tx: Queryable, registry: ServerRegistry, rollout: RolloutRow): Promise<void> {
  if ((await nextPhase(tx, rollout)) === undefined || rollout.advance === 'auto') {
    await advance(tx, registry, null, rollout);
    return;
  }
  if (rollout.advance === 'manual') return;
  const { rows } = await tx.query<{ at: Date; due: boolean }>(
    `SELECT "at", "at" <= now() AS "due" FROM (SELECT COALESCE($1::timestamptz, $2::timestamptz + make_interval(mins => $3::int)) AS "at") AS "w"`,
    [rollout.next_phase_at, rollout.phase_ended, rollout.wait_minutes ?? 0],
  );
  if (rows[0].due) await advance(tx, registry, null, rollout);
  else if (rollout.next_phase_at === null) await patchRollout(tx, rollout.id, { next_phase_at: rows[0].at });
}
