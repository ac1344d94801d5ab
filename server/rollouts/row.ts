/**
 * A rollout's row as the engine reads and writes it (docs/ROLLOUTS.md): read locked in the step's or
 * the action's transaction, and changed by one UPDATE that also appends its history events, so a
 * state change and the events saying so commit together or not at all.
 */
import type { Queryable } from '../db/database';
import type { Phase, RolloutState } from '../../src/schemas/rolloutPlan';
import { ROLLOUT_EVENTS } from '../../src/schemas/rolloutPlan';
import { ident } from '../crud/sql';

export type RolloutRow = {
  id: number;
  name: string;
  team_id: number;
  firmware_id: number;
  type_id: number | null;
  devices_group_id: number | null;
  device_filter: Record<string, unknown> | null;
  device_ids: number[];
  phases: Phase[];
  failure_threshold_percent: number;
  phase_timeout_minutes: number | null;
  advance: 'auto' | 'wait' | 'manual';
  wait_minutes: number | null;
  rollback_on_abort: boolean;
  state: RolloutState;
  phase: number;
  phase_started: Date | null;
  phase_ended: Date | null;
  next_phase_at: Date | null;
  history: HistoryEvent[];
};

export interface HistoryEvent {
  date: string;
  event: (typeof ROLLOUT_EVENTS)[number];
  phase: number;
  by: string | null;
}

/** Who acts: a user (by name, in history; the user itself, in the audit log) or the rollout itself (null). */
export type Actor = { id: number; username: string; token?: { id: number } } | null;

export const eventOf = (event: HistoryEvent['event'], phase: number, by: Actor): HistoryEvent => ({ date: new Date().toISOString(), event, phase, by: by?.username ?? null });

/**
 * The rollout `id` locked for this transaction; `skipLocked`: undefined when another transaction
 * holds it (the engine of another process is stepping it: this one leaves it alone).
 */
export async function lockRollout(tx: Queryable, id: number, skipLocked: boolean): Promise<RolloutRow | undefined> {
  const { rows } = await tx.query<RolloutRow>(`SELECT * FROM "rollout" WHERE "id" = $1 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`, [id]);
  return rows[0];
}

/** Sets `changes` (column -> value; the SQL `now()` as NOW) and appends `events`; answers the row as stored. */
export async function patchRollout(tx: Queryable, id: number, changes: Record<string, unknown>, events: HistoryEvent[] = []): Promise<RolloutRow> {
  const params: unknown[] = [id, JSON.stringify(events)];
  const sets = Object.entries(changes).map(([column, value]) => {
    if (value === NOW) return `${ident(column)} = now()`;
    params.push(value);
    return `${ident(column)} = $${params.length}`;
  });
  const { rows } = await tx.query<RolloutRow>(
    `UPDATE "rollout" SET ${[...sets, `"history" = COALESCE("history", '[]'::jsonb) || $2::jsonb`].join(', ')} WHERE "id" = $1 RETURNING *`,
    params,
  );
  return rows[0];
}

/** The database's clock, for the times the engine compares (a phase's time limit, a wait). */
export const NOW = Symbol('now');
