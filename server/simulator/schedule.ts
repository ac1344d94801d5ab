/**
 * The fleet's clock: each device checks in every interval, the devices spread evenly over it (slot j
 * belongs to device j mod N, at start + j × interval / N), with at most `concurrency` calls in flight.
 * A server slower than the schedule makes the slots wait for a free call instead of piling calls up;
 * a device whose previous check-in has not ended skips its slot.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { errorLabel, type SimulatedDevice } from './simDevice';
import type { FleetStats } from './stats';

export interface ScheduleOptions {
  intervalS: number;
  concurrency: number;
  stats: FleetStats;
  /** Aborted: no new check-in starts; the ones in flight end. */
  stop: AbortSignal;
}

export async function runSchedule(devices: SimulatedDevice[], options: ScheduleOptions): Promise<void> {
  const { intervalS, concurrency, stats, stop } = options;
  const step = (intervalS * 1000) / devices.length;
  const started = performance.now();
  let inFlight = 0;
  // Resolved when a call ends (a Promise.race over the calls in flight would leave a handler on each
  // slow call at every turn).
  let freed: (() => void) | undefined;
  const busy = new Set<number>();
  const allEnded = () => new Promise<void>((resolve) => (freed = () => inFlight === 0 && resolve()));
  for (let slot = 0; !stop.aborted; ) {
    const wait = started + slot * step - performance.now();
    if (wait > 0) {
      await sleep(wait, undefined, { signal: stop }).catch(() => {});
      continue;
    }
    if (inFlight >= concurrency) {
      await new Promise<void>((resolve) => (freed = resolve));
      continue;
    }
    const index = slot++ % devices.length;
    if (busy.has(index)) {
      stats.count('skipped');
      continue;
    }
    busy.add(index);
    inFlight++;
    void devices[index]
      .checkIn()
      .catch((err: unknown) => stats.error(errorLabel(err)))
      .finally(() => {
        busy.delete(index);
        inFlight--;
        freed?.();
      });
  }
  if (inFlight > 0) await allEnded();
}
