/**
 * One step of the engine for one rollout (docs/ROLLOUTS.md, decision 7): one transaction that locks
 * the rollout's row FOR UPDATE SKIP LOCKED (another process stepping it: this one skips it), reads
 * everything from the tables (never from memory), does what is due, and commits; then, as many as
 * needed, one per chunk of devices of a started phase to tell. A process killed mid-step leaves
 * nothing half-done of the transaction it was in; the next step, in any process, goes on from there. Every statement is
 * conditional on what is stored (a device not yet targeted, still held, a state not yet final), so a
 * step redone after another changes nothing twice.
 */
import type { Database, Queryable } from '../db/database';
import type { ServerRegistry } from '../crud/registry';
import { failTheRest, phaseCounts, syncDeviceStates, timeLimitPassed, type PhaseCounts } from './deviceStates';
import { afterPhase } from './phases';
import { eventOf, lockRollout, NOW, patchRollout, type Actor, type HistoryEvent, type RolloutRow } from './row';
import { releaseChunk, targetChunk } from './targets';
import { DEFAULT_ROLLOUT_CHUNK } from '../config';
import { rolloutUnderWay } from '../../src/schemas/rolloutPlan';

export interface EngineDeps {
  db: Database;
  registry: ServerRegistry;
  /** Devices told, or let go, per transaction (PUCS_ROLLOUT_CHUNK; its default unless a test says). */
  chunk?: number;
}

/** Devices told in the first transaction after a phase starts (then `chunk` per transaction). */
export const FIRST_CHUNK = 1_000;

/**
 * An action answers once this many of its devices were told or given back (a start's, a continue's, an
 * abort's); the engine, nudged, does the rest right after, so an abort of 100,000 devices answers in a
 * moment rather than once all of them are given back. Without an engine in the process, all before the answer.
 */
export const ANSWER_AFTER_DEVICES = 6_000;

/** Failed * 100 >= threshold * devices, unless a resume already let this phase go past it. */
function thresholdReached(rollout: RolloutRow, counts: PhaseCounts): boolean {
  const passed = rollout.history.some((e) => e.event === 'threshold_reached' && e.phase === rollout.phase);
  return !passed && counts.devices > 0 && counts.failed * 100 >= rollout.failure_threshold_percent * counts.devices;
}

/**
 * A phase in its tail: few of its devices still to end (at most TAIL_DEVICES, or 5 % of the phase and at
 * most TAIL_MAX). The step answers those devices, and the engine steps as soon as one of them ends its
 * update (loop.ts `reported`), so the next phase starts within a moment of the last report rather than
 * at the next tick. Only those devices wake it: not a big phase's other reports, nor another rollout's.
 */
export const TAIL_DEVICES = 3;
export const TAIL_MAX = 50;
const inTail = (counts: PhaseCounts) => {
  const left = counts.devices - counts.final;
  return left > 0 && (left <= TAIL_DEVICES || (left * 20 <= counts.devices && left <= TAIL_MAX));
};

/** The devices of the rollout's phase whose update has not ended (a phase in its tail: a few). */
async function devicesLeft(tx: Queryable, rollout: RolloutRow): Promise<number[]> {
  const { rows } = await tx.query<{ device_id: number }>(
    `SELECT "device_id" FROM "rollout_device" WHERE "rollout_id" = $1 AND "phase" = $2 AND "state" NOT IN ('succeeded', 'failed') LIMIT ${TAIL_MAX}`,
    [rollout.id, rollout.phase],
  );
  return rows.map((r) => r.device_id);
}

/** A running rollout's phase under way: ended (all final, or its time limit), paused by its threshold, or still going (and the devices of its tail). */
async function checkPhase(tx: Queryable, rollout: RolloutRow): Promise<{ rollout: RolloutRow; tail: number[] }> {
  const timedOut = await timeLimitPassed(tx, rollout);
  if (timedOut) await failTheRest(tx, rollout);
  const counts = await phaseCounts(tx, rollout);
  const ended = timedOut || counts.final === counts.devices;
  const changes: Record<string, unknown> = {};
  const events: HistoryEvent[] = [];
  if (ended) {
    changes.phase_ended = NOW;
    events.push(eventOf('phase_ended', rollout.phase, null));
  }
  if (thresholdReached(rollout, counts)) {
    changes.state = 'paused';
    events.push(eventOf('threshold_reached', rollout.phase, null));
  }
  const checked = events.length > 0 ? await patchRollout(tx, rollout.id, changes, events) : rollout;
  const tail = checked.state === 'running' && checked.phase_ended === null && inTail(counts);
  return { rollout: checked, tail: tail ? await devicesLeft(tx, checked) : [] };
}

/**
 * The targets the rollout's state asks for, a chunk of devices per transaction (each on the locked
 * row, so another process's step waits its turn) until none is left: a running or paused rollout's
 * devices of its phase not yet told get its firmware; a finished or aborted one lets go of the devices
 * it still holds, an aborted one giving them their previous target back (targets.ts releaseChunk).
 * With a `budget`, stops once that many devices were handled: answers whether none is left.
 */
export async function updateTargets({ db, registry, chunk = DEFAULT_ROLLOUT_CHUNK }: EngineDeps, id: number, by: Actor, budget = Infinity): Promise<boolean> {
  let handled = 0;
  // The first chunk is small, so that a phase's first devices are answered within a moment of its start.
  for (let size = Math.min(chunk, FIRST_CHUNK); ; size = chunk) {
    const done = await db.transaction(async (tx) => {
      const locked = await lockRollout(tx, id, true);
      if (!locked || locked.state === 'draft') return 0;
      if (rolloutUnderWay(locked.state)) return targetChunk(tx, registry, by, locked, locked.phase, size);
      return releaseChunk(tx, registry, by, locked, size);
    });
    if (done < size) return true;
    handled += done;
    // Some may be left: the engine goes on with them at its next step.
    if (handled >= budget) return false;
  }
}

/**
 * What is due for the rollout now (its devices' states, its phase's end, the next phase, then its
 * devices told); nothing when another process holds it. Answers the devices of its phase's tail (none
 * when not in its tail).
 */
export async function stepRollout(deps: EngineDeps, id: number): Promise<number[]> {
  const { db, registry } = deps;
  const tail = await db.transaction(async (tx) => {
    const locked = await lockRollout(tx, id, true);
    if (!locked || (locked.state !== 'running' && locked.state !== 'paused')) return [];
    // Paused: its devices' states still show on its progress; nothing else moves.
    await syncDeviceStates(tx, locked);
    if (locked.state !== 'running') return [];
    const checked = locked.phase_ended === null ? await checkPhase(tx, locked) : { rollout: locked, tail: [] };
    if (checked.rollout.state === 'running' && checked.rollout.phase_ended !== null) await afterPhase(tx, registry, checked.rollout);
    return checked.tail;
  });
  await updateTargets(deps, id, null);
  return tail;
}

/**
 * The rollouts the engine steps: running and paused ones, and finished or aborted ones still holding
 * devices (a process stopped while it let them go: the next step goes on; an index on the held devices
 * of each rollout answers this at once, tables.ts).
 */
export async function activeRollouts(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT "id" FROM "rollout" AS "r"
      WHERE "state" IN ('running', 'paused') OR EXISTS (SELECT 1 FROM "rollout_device" AS "rd" WHERE "rd"."rollout_id" = "r"."id" AND "rd"."holds")
      ORDER BY "id"`,
  );
  return rows.map((r) => r.id);
}
