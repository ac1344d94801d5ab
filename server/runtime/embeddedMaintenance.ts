/**
 * PGlite has no autovacuum: without one, the rows a device's check-in rewrites stay as dead rows,
 * the table's visibility map goes stale (a deep page's index-only scan then visits the table
 * after all, server/crud/listPage.ts) and the planner's statistics age. The server does its work:
 * VACUUM every few minutes (tens of milliseconds when little changed) and, now and then, with
 * ANALYZE (about a second at 100,000 devices, during which the embedded database answers nothing else).
 */
import type { Database } from '../db/database';
import { ownMessages } from '../../src/messages';

export const VACUUM_EVERY_MS = 10 * 60_000;
/** One VACUUM in this many also refreshes the planner's statistics. */
export const ANALYZE_EVERY = 6;

export function startEmbeddedMaintenance(db: Database, log: (message: string) => void = console.error): { stop(): void } {
  let round = 0;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round = (round + 1) % ANALYZE_EVERY;
    db.exec(round === 0 ? 'VACUUM ANALYZE' : 'VACUUM')
      .catch((err: unknown) => log(ownMessages.maintenanceFailed(err instanceof Error ? err.message : String(err))))
      .finally(() => {
        running = false;
      });
  }, VACUUM_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
