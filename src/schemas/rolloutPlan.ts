/**
 * What a rollout is made of and says, for both sides (issue 30): its states and actions, its phases
 * and how many devices each takes, the progress answer's contract. The server's engine
 * (server/rollouts/) and the console's create and progress pages read the same definitions, so the
 * preview of a phase's size is the count the engine then takes.
 */
import { z } from 'zod';
import { UPDATE_STATES } from './device';

/** A rollout's life: made (draft), under way (running), held (paused), done (finished), stopped (aborted). */
export const ROLLOUT_STATES = ['draft', 'running', 'paused', 'finished', 'aborted'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** A rollout is edited only while a draft: once started, its devices and targets are the engine's. */
export const rolloutEditable = (state: unknown): boolean => state === 'draft';
/** Running or paused: it holds its devices (none can join another rollout) and decides their targets. */
export const rolloutUnderWay = (state: unknown): boolean => state === 'running' || state === 'paused';
/** One under way cannot be deleted: its devices' targets would stay the rollout's with nothing to give them back. */
export const rolloutDeletable = (state: unknown): boolean => !rolloutUnderWay(state);
/**
 * Whether an abort gives back the targets of the devices that succeeded too: with rollback_on_abort, and
 * always for a rollout over a group, whose devices follow the group's target (spec: a device in a group
 * cannot have an individual firmware), which an aborted rollout leaves as it was (docs/ROLLOUTS.md, "The
 * group rule").
 */
export const rollsBackAll = (rollout: { rollback_on_abort?: unknown; devices_group_id?: unknown }): boolean =>
  rollout.rollback_on_abort === true || (rollout.devices_group_id !== null && rollout.devices_group_id !== undefined);

/** PUT /api/rollout/{id}/state's actions. */
export const ROLLOUT_ACTIONS = ['start', 'pause', 'resume', 'continue', 'abort'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];

/** What follows a phase: the next at once, after `wait_minutes`, or when someone continues the rollout. */
export const ADVANCE_MODES = ['auto', 'wait', 'manual'] as const;
export type AdvanceMode = (typeof ADVANCE_MODES)[number];

/** Where a device of a rollout stands: not yet told (pending), or as it reports its update. */
export const ROLLOUT_DEVICE_STATES = ['pending', ...UPDATE_STATES] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

/** Phase `phase` has started (its devices got the rollout's firmware as target) when the rollout, at phase `current`, is at it or past it. */
export const phaseStarted = (phase: number, current: number): boolean => phase <= current;

/** One phase: a percentage or a count of the devices no earlier phase took. */
export type Phase = { percent: number } | { count: number };

/** Hawkbit's and Mender's usual start: a few devices first, then ever more. */
export const DEFAULT_PHASES: readonly Phase[] = [{ percent: 1 }, { percent: 10 }, { percent: 50 }, { percent: 100 }];

/** The most phases a rollout may have. */
export const MAX_PHASES = 20;

/** The phases field's JSON Schema (both sides check it, ajv; the form is drawn from it). */
export const PHASES_SCHEMA = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_PHASES,
  // One object of one key, not a oneOf of two: a refusal then names the wrong value ('/0/count must be >= 1')
  // rather than the other branch's missing key ('/0 must have required property 'percent'').
  items: {
    type: 'object',
    title: 'Phase: a percent or a count',
    properties: {
      percent: { type: 'integer', minimum: 1, maximum: 100, title: 'Percent of the remaining devices' },
      count: { type: 'integer', minimum: 1, maximum: 10_000_000, title: 'Number of devices' },
    },
    minProperties: 1,
    maxProperties: 1,
    additionalProperties: false,
  },
} as const;

/**
 * How many devices each phase takes of `total`, in order: a percentage of those no earlier phase took
 * (rounded up, so a phase of a non-empty rest takes at least one), or a count (at most the rest). The
 * last phase takes whatever is left, so that every device of the rollout is in a phase.
 */
export function phaseSizes(total: number, phases: readonly Phase[]): number[] {
  let left = total;
  return phases.map((phase, i) => {
    const wanted = i === phases.length - 1 ? left : 'percent' in phase ? Math.ceil((left * phase.percent) / 100) : phase.count;
    const taken = Math.min(left, wanted);
    left -= taken;
    return taken;
  });
}

const count = z.int().min(0);
const date = z.string().meta({ format: 'date-time' });

/** One phase's devices by where they stand. */
export const PHASE_PROGRESS = z.object({
  devices: count,
  pending: count,
  downloading: count,
  installing: count,
  succeeded: count,
  failed: count,
  started_at: date.nullable().describe('When its devices got the target; null: not yet.'),
  ended_at: date.nullable().describe('When all its devices succeeded or failed, or its time limit passed; null: not yet.'),
});
export type PhaseProgress = z.infer<typeof PHASE_PROGRESS>;

/** Events of a rollout's history, in order. */
export const ROLLOUT_EVENTS = ['start', 'phase_started', 'phase_ended', 'threshold_reached', 'pause', 'resume', 'continue', 'finished', 'abort'] as const;

export const ROLLOUT_HISTORY_ENTRY = z.object({
  date,
  event: z.enum(ROLLOUT_EVENTS),
  phase: z.int().min(0),
  by: z.string().nullable().describe("Who did it (a user's name); null: the rollout itself."),
});

/** GET /api/rollout/{id}/progress's answer. */
export const ROLLOUT_PROGRESS = z.object({
  state: z.enum(ROLLOUT_STATES),
  phase: z.int().min(0).describe('The current phase, from 1; 0 before the start.'),
  next_phase_at: date.nullable().describe('When the next phase starts by itself (advance `wait`); null: not planned.'),
  waits_for_continue: z.boolean().describe('The current phase has ended and the next starts when someone continues the rollout.'),
  phases: z.array(PHASE_PROGRESS),
  failed_devices: z.array(z.object({ id: z.int(), name: z.string(), phase: z.int().min(1), message: z.string().nullable() })),
  timeline: z
    .array(z.object({ date, succeeded: count, failed: count }))
    .describe('Devices that succeeded and failed so far, at most 60 points since the start, for a chart.'),
  history: z.array(ROLLOUT_HISTORY_ENTRY),
});
export type RolloutProgress = z.infer<typeof ROLLOUT_PROGRESS>;
