/**
 * A device's update ended (its check-in recorded succeeded or failed, committed): news for this
 * process's rollout engine, which then steps at once rather than at its next tick when a phase waits
 * for its last devices (server/rollouts/loop.ts `reported`). In-process only: another process's
 * engine sees the same at its own tick.
 */
export interface UpdateEndedSignal {
  /** The device whose update ended. */
  ended(deviceId: number): void;
  /** Calls `listener` at each ended update; answers how to stop. */
  listen(listener: (deviceId: number) => void): () => void;
}

export function updateEndedSignal(): UpdateEndedSignal {
  const listeners = new Set<(deviceId: number) => void>();
  return {
    ended: (deviceId) => listeners.forEach((l) => l(deviceId)),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
