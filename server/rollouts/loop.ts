/**
 * The engine's loop (docs/ROLLOUTS.md, decision 7), in every server process, like the audit log's
 * retention (server/audit/retention.ts): a setTimeout chain every PUCS_ROLLOUT_TICK_MS (default 1 s),
 * unref'd, stopped at the app's close, plus a nudge right after an action, so a start's or a
 * continue's consequences do not wait for the next tick, and one when a device's update ends while a
 * phase waits for its last devices (`reported`), so the next phase starts then. Each tick steps every running or paused
 * rollout, each in its own transaction (step.ts); a step that fails is logged and done again at the
 * next tick. 0: this process runs no engine (the API tests step the rollouts themselves).
 */
import { ownMessages } from '../../src/messages';
import { detached } from '../db/clientGone';
import { activeRollouts, stepRollout, type EngineDeps } from './step';

export interface RolloutEngine {
  /** A tick as soon as the current one (if any) is over. */
  nudge(): void;
  /** The device's update ended: a nudge when it is of a phase's tail as the last tick found it (step.ts TAIL_DEVICES). */
  reported(deviceId: number): void;
  /** No tick after this; resolves once the one under way is over. */
  stop(): Promise<void>;
}

/** Steps every active rollout once; a failing step does not keep the others from theirs. Answers the devices of the phases in their tails. */
export async function engineTick(deps: EngineDeps, log: (message: string) => void): Promise<Set<number>> {
  const tail = new Set<number>();
  for (const id of await activeRollouts(deps.db)) {
    const left = await stepRollout(deps, id).catch((err: unknown) => {
      log(ownMessages.rolloutStepFailed(id, err instanceof Error ? err.message : String(err)));
      return [];
    });
    for (const device of left) tail.add(device);
  }
  return tail;
}

export function startRolloutEngine(deps: EngineDeps, tickMs: number, log: (message: string) => void): RolloutEngine {
  if (tickMs <= 0) return { nudge: () => {}, reported: () => {}, stop: async () => {} };
  let timer: NodeJS.Timeout | undefined;
  let tail = new Set<number>();
  /** Devices whose update ended while a tick ran: the tick may not have seen them, nor known them as its tail's. */
  let reportedDuringTick = new Set<number>();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    timer = undefined;
    reportedDuringTick = new Set();
    // Work of no request: a nudge's timer is set in an action's request, which has ended by then (server/db/clientGone.ts).
    running = detached(() => engineTick(deps, log))
      .then((inTail) => void (tail = inTail))
      .catch((err: unknown) => log(ownMessages.rolloutTickFailed(err instanceof Error ? err.message : String(err))))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        // An update of the tail this tick found ended while it ran, which it may not have seen.
        again ||= [...reportedDuringTick].some((device) => tail.has(device));
        timer = setTimeout(round, again ? 0 : tickMs).unref();
        again = false;
      });
  };
  timer = setTimeout(round, tickMs).unref();
  const nudge = () => {
    if (stopped) return;
    if (running) again = true;
    else if (timer) {
      clearTimeout(timer);
      timer = setTimeout(round, 0).unref();
    }
  };
  return {
    nudge,
    reported(deviceId) {
      if (running) reportedDuringTick.add(deviceId);
      else if (tail.has(deviceId)) nudge();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
